// Issue 59, notifications by e-mail: an address set in Settings is verified by the link
// mailed to it; once verified, a player's correspondence news (your turn, a game over, time
// running out) reaches it through a real SMTP server on loopback (aiosmtpd), each mail with
// a one-click unsubscribe link (RFC 8058) that stops the mail; an unverified address, a
// live game, and a player who turned the mail off get nothing.
#include "server/players/mail_notices.h"

#include <regex>

#include "account_fixture.h"
#include "server/api/email_routes.h"
#include "server/mail/mail_outbox.h"
#include "server/players/account_email.h"
#include "server/players/mail_links.h"
#include "support/smtp_sink.h"

namespace ordo::server {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;
using ordo::testing::SmtpSink;
using testing::AccountFixture;
using testing::Browser;

constexpr std::int64_t kHourMs = 3600 * 1000;

class MailNoticesTest : public AccountFixture {
 protected:
  MailNoticesTest() { add_email_routes(*router_, email_, *accounts_); }

  // Everything queued is handled and sent (or given up).
  void settle() {
    ASSERT_TRUE(notices_.wait_until_idle(10s));
    ASSERT_TRUE(outbox_.wait_until_empty(10s));
  }
  // The mails that arrived, as the sink's parser read them.
  std::vector<json> mails() {
    settle();
    std::vector<json> all;
    for (std::size_t k = 1; k <= sink_.count(); ++k) all.push_back(sink_.parsed(k));
    return all;
  }
  std::vector<json> mails_to(const std::string& address) {
    std::vector<json> to;
    for (json& m : mails())
      if (m["rcpt_tos"][0] == address) to.push_back(std::move(m));
    return to;
  }
  static std::string token_after(const std::string& text, const std::string& prefix) {
    const std::regex link(std::regex_replace(prefix, std::regex(R"([.?/#])"), R"(\$&)") +
                          "([A-Za-z0-9_-]+)");
    std::smatch found;
    return std::regex_search(text, found, link) ? found[1].str() : "";
  }
  HttpResponse set_address(const Browser& b, const std::string& address) {
    return send(from(b, request("PUT", "/api/account/email", {{"address", address}})));
  }
  // Sets and verifies `address` for `b` through the mailed link.
  void verified(const Browser& b, const std::string& address) {
    ASSERT_EQ(set_address(b, address).status, 200);
    const auto to = mails_to(address);
    ASSERT_FALSE(to.empty());
    const std::string token = token_after(to.back()["body"], "http://ordo.example/mail/verify#");
    ASSERT_FALSE(token.empty()) << to.back()["body"];
    const HttpResponse done = send(request("POST", "/api/mail/verify", {{"token", token}}));
    ASSERT_EQ(done.status, 200) << done.body;
  }
  json email_state(const Browser& b) {
    return body_of(send(from(b, request("GET", "/api/account/email"))));
  }
  // A correspondence game between the two, named as the lobby names them.
  json correspondence(const std::string& white, const std::string& black, int days = 3) {
    AccountSeats seats;
    seats.white = id_of_account(white);
    seats.black = id_of_account(black);
    seats.white_name = white;
    seats.black_name = black;
    seats.rated = true;
    return games_->create({{"mode", "network"}, {"days_per_move", days}}, seats);
  }
  std::int64_t id_of_account(const std::string& name) {
    std::string key = name;
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return storage_->account_by_key(key)->id;
  }

  SmtpSink sink_;
  MailOutbox outbox_{SmtpSettings{sink_.url(), "games@ordo.example", "", "", false}, {20ms, 50ms}};
  MailLinks links_{*storage_, "http://ordo.example/", [this] { return now_.load(); }};
  AccountEmail email_{*storage_, outbox_, links_, [this] { return now_.load(); }};
  MailNotices notices_{*storage_, outbox_,      links_,
                       *games_,   lobby_.get(), [this] { return now_.load(); }};
};

TEST_F(MailNoticesTest, AnAddressIsVerifiedByTheLinkMailedToIt) {
  const Browser alice = signed_up("Alice");
  EXPECT_EQ(
      email_state(alice),
      json({{"address", nullptr}, {"verified", false}, {"notify", false}, {"mail_enabled", true}}));
  const HttpResponse bad = set_address(alice, "alice at example.org");
  EXPECT_EQ(bad.status, 422);
  EXPECT_EQ(body_of(bad)["code"], "bad_email");

  ASSERT_EQ(set_address(alice, "Alice@Example.ORG").status, 200);
  EXPECT_EQ(email_state(alice)["address"], "Alice@example.org");
  EXPECT_EQ(email_state(alice)["verified"], false);
  const auto sent = mails_to("Alice@example.org");
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0]["subject"], "Verify your e-mail address for Ordo");
  const std::string token = token_after(sent[0]["body"], "http://ordo.example/mail/verify#");
  ASSERT_EQ(token.size(), 32u);

  // A second address within the minute: refused, and the first stays.
  const HttpResponse soon = set_address(alice, "other@example.org");
  EXPECT_EQ(soon.status, 429);
  EXPECT_EQ(email_state(alice)["address"], "Alice@example.org");
  // Notifications wait for the verification.
  EXPECT_EQ(
      send(from(alice, request("POST", "/api/account/email/notify", {{"notify", true}}))).status,
      409);

  const HttpResponse wrong =
      send(request("POST", "/api/mail/verify", {{"token", "x" + token.substr(1)}}));
  EXPECT_EQ(wrong.status, 404);
  const HttpResponse done = send(request("POST", "/api/mail/verify", {{"token", token}}));
  ASSERT_EQ(done.status, 200) << done.body;
  EXPECT_EQ(email_state(alice)["verified"], true);
  EXPECT_EQ(email_state(alice)["notify"], true);
  // Used once.
  EXPECT_EQ(send(request("POST", "/api/mail/verify", {{"token", token}})).status, 404);
  // Only the account itself reads or sets its address.
  EXPECT_EQ(send(request("GET", "/api/account/email")).status, 401);
}

TEST_F(MailNoticesTest, ALinkForAnAddressReplacedSinceVerifiesNothingAndOldLinksExpire) {
  const Browser alice = signed_up("Alice");
  ASSERT_EQ(set_address(alice, "first@example.org").status, 200);
  const std::string first =
      token_after(mails_to("first@example.org")[0]["body"], "http://ordo.example/mail/verify#");
  now_ += 61'000;
  ASSERT_EQ(set_address(alice, "second@example.org").status, 200);
  EXPECT_EQ(send(request("POST", "/api/mail/verify", {{"token", first}})).status, 409);
  const std::string second =
      token_after(mails_to("second@example.org")[0]["body"], "http://ordo.example/mail/verify#");
  now_ += kVerifyLinkMs + 1;
  EXPECT_EQ(send(request("POST", "/api/mail/verify", {{"token", second}})).status, 404);
  EXPECT_EQ(email_state(alice)["verified"], false);
}

TEST_F(MailNoticesTest, CorrespondenceNewsReachAVerifiedAddressAndOneClickStopsIt) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  verified(alice, "alice@example.org");
  verified(bob, "bob@example.org");
  const json game = correspondence("Alice", "Bob");

  play_first_legal(game);  // Alice moves: Bob's turn
  auto to_bob = mails_to("bob@example.org");
  ASSERT_EQ(to_bob.size(), 2u);  // the verification, then the turn
  EXPECT_EQ(to_bob[1]["subject"], "Your turn against Alice");
  EXPECT_NE(to_bob[1]["body"].get<std::string>().find("http://ordo.example/play/" + id_of(game)),
            std::string::npos);
  EXPECT_EQ(to_bob[1]["headers"]["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
  const std::string unsubscribe = to_bob[1]["headers"]["List-Unsubscribe"];

  play_first_legal(game);  // Bob moves: Alice's turn
  ASSERT_EQ(mails_to("alice@example.org").size(), 2u);
  play_first_legal(game);  // Alice again: Bob's turn within the hour, no second mail
  EXPECT_EQ(mails_to("bob@example.org").size(), 2u);

  // Bob's mail client posts to the header's link (RFC 8058), with no session.
  const std::string link =
      token_after(unsubscribe, "http://ordo.example/api/mail/unsubscribe?token=");
  ASSERT_FALSE(link.empty()) << unsubscribe;
  HttpRequest click = request("POST", "/api/mail/unsubscribe?token=" + link);
  click.body = "List-Unsubscribe=One-Click";
  click.headers = {{"content-type", "application/x-www-form-urlencoded"}};
  const HttpResponse stopped = send(click);
  ASSERT_EQ(stopped.status, 200) << stopped.body;
  EXPECT_EQ(email_state(bob)["notify"], false);

  now_ += kHourMs;
  play_first_legal(game);  // Bob's move (he still plays)...
  play_first_legal(game);  // ...and Alice's: Bob's turn, and no mail for him now
  games_->resign(id_of(game), token(game, "black"));
  const auto to_alice = mails_to("alice@example.org");
  ASSERT_EQ(to_alice.size(), 4u);  // verification, two turns (an hour apart), the end
  EXPECT_EQ(to_alice[3]["subject"], "Your game against Bob is over");
  EXPECT_EQ(mails_to("bob@example.org").size(), 2u);
}

TEST_F(MailNoticesTest, ACorrespondenceChallengeTakenIsMailedToItsCreator) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  verified(alice, "alice@example.org");
  const HttpResponse live = send(from(alice, request("POST", "/api/challenges", json::object())));
  const HttpResponse days =
      send(from(alice, request("POST", "/api/challenges", {{"days_per_move", 3}})));
  ASSERT_EQ(days.status, 201) << days.body;
  for (const HttpResponse* posted : {&live, &days}) {
    const std::string id = body_of(*posted)["challenge"]["id"];
    ASSERT_EQ(send(from(bob, request("POST", "/api/challenges/" + id + "/accept"))).status, 200);
  }
  const auto to_alice = mails_to("alice@example.org");
  ASSERT_EQ(to_alice.size(), 2u);  // the verification, and the correspondence one only
  EXPECT_EQ(to_alice[1]["subject"], "Bob took your correspondence challenge");
}

TEST_F(MailNoticesTest, AWarningGoesOnceWhenAQuarterOfTheTurnIsLeft) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  verified(bob, "bob@example.org");
  const json game = correspondence("Alice", "Bob", 1);
  play_first_legal(game);  // Bob has a day
  const std::size_t before = mails_to("bob@example.org").size();
  now_ += 17 * kHourMs;  // 7 hours left: more than a quarter
  EXPECT_EQ(notices_.warn_deadlines(), 0);
  now_ += kHourMs + 1;  // under 6 hours
  EXPECT_EQ(notices_.warn_deadlines(), 1);
  EXPECT_EQ(notices_.warn_deadlines(), 0);  // once a turn
  const auto to_bob = mails_to("bob@example.org");
  ASSERT_EQ(to_bob.size(), before + 1);
  EXPECT_EQ(to_bob.back()["subject"], "Your time is running out against Alice");
  EXPECT_NE(to_bob.back()["body"].get<std::string>().find("5 hours 59 minutes"), std::string::npos)
      << to_bob.back()["body"];
}

TEST_F(MailNoticesTest, NothingGoesToAnUnverifiedAddressNorForALiveGame) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  verified(alice, "alice@example.org");
  ASSERT_EQ(set_address(bob, "bob@example.org").status, 200);  // never verified
  const json live = rated_game(id_of_account("Bob"), id_of_account("Alice"));
  play_first_legal(live);  // Alice's turn, in a live game
  const json days = correspondence("Alice", "Bob");
  play_first_legal(days);                               // Bob's turn, unverified
  EXPECT_EQ(mails_to("alice@example.org").size(), 1u);  // the verification only
  EXPECT_EQ(mails_to("bob@example.org").size(), 1u);
}

TEST_F(MailNoticesTest, NothingGoesToAnAccountTheOperatorDisabled) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  verified(alice, "alice@example.org");
  verified(bob, "bob@example.org");
  const json game = correspondence("Alice", "Bob", 1);
  ASSERT_TRUE(storage_->set_account_disabled(id_of_account("Bob"), true));
  play_first_legal(game);  // Alice moves: Bob's turn, and Bob is disabled
  now_ += 18 * kHourMs + 1;
  EXPECT_EQ(notices_.warn_deadlines(), 0);  // his time running out: not told either
  games_->resign(id_of(game), token(game, "white"));
  const auto to_bob = mails_to("bob@example.org");
  EXPECT_EQ(to_bob.size(), 1u);  // the verification only
  // Alice, not disabled, hears of the end.
  const auto to_alice = mails_to("alice@example.org");
  ASSERT_EQ(to_alice.size(), 2u);
  EXPECT_EQ(to_alice[1]["subject"], "Your game against Bob is over");
  // Enabled again, Bob is mailed as before.
  ASSERT_TRUE(storage_->set_account_disabled(id_of_account("Bob"), false));
  const json next = correspondence("Alice", "Bob");
  play_first_legal(next);
  ASSERT_EQ(mails_to("bob@example.org").size(), 2u);
  EXPECT_EQ(mails_to("bob@example.org")[1]["subject"], "Your turn against Alice");
}

}  // namespace
}  // namespace ordo::server
