// A game's chat and the accounts' blocks: messages reach both players (and the event
// stream), spectators read them only while both seats allow it, text comes back as
// written, bad text and floods are refused (injected clock), and a block stops chat and
// challenges between two accounts.
#include "account_fixture.h"
#include "server/chat/chat_rate_limit.h"
#include "server/chat/chat_text.h"
#include "server/common/api_error.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;
using testing::Browser;

class Chat : public AccountFixture {
 protected:
  struct Game {
    std::string id, white, black;  // the seats' tokens
  };
  // A network game between two guests (invitation links).
  Game guest_game() {
    const json g = games_->create({{"mode", "network"}});
    return {g["id"], g["tokens"]["white"], g["tokens"]["black"]};
  }
  // A game made in the lobby: Alice white, Bob black.
  Game lobby_game(const Browser& alice, const Browser& bob) {
    const json posted =
        body_of(send(from(alice, request("POST", "/api/challenges", {{"color", "white"}}))));
    const json seat = body_of(send(
        from(bob, request("POST", "/api/challenges/" +
                                      posted["challenge"]["id"].get<std::string>() + "/accept"))));
    return {seat["game"], posted["token"], seat["token"]};
  }
  HttpResponse say(const std::string& id, const std::string& token, const std::string& text) {
    return send(request("POST", "/api/games/" + id + "/chat", {{"token", token}, {"text", text}}));
  }
  HttpResponse allow(const std::string& id, const std::string& token, bool allowed) {
    return send(request("POST", "/api/games/" + id + "/chat-spectators",
                        {{"token", token}, {"allow", allowed}}));
  }
  json chat_seen_by(const std::string& id, const std::string& token) {
    return games_->state(id, token)["chat"];
  }
  HttpResponse block(const Browser& b, const std::string& name, bool on = true) {
    return send(from(b, request("POST", on ? "/api/account/blocks" : "/api/account/blocks/remove",
                                {{"name", name}})));
  }
};

TEST_F(Chat, BothPlayersReadTheMessagesAndTheEventStreamCarriesThem) {
  const Game g = guest_game();
  std::uint64_t version = 0;
  ASSERT_TRUE(games_->next_state(g.id, g.black, version, std::chrono::milliseconds(0)));
  const HttpResponse said = say(g.id, g.white, "good luck");
  ASSERT_EQ(said.status, 200) << said.body;
  // The stream wakes with the message (no wait needed: the state has changed already).
  const auto next = games_->next_state(g.id, g.black, version, std::chrono::milliseconds(0));
  ASSERT_TRUE(next);
  ASSERT_EQ((*next)["chat"]["messages"].size(), 1u);
  EXPECT_EQ((*next)["chat"]["messages"][0]["text"], "good luck");
  EXPECT_EQ((*next)["chat"]["messages"][0]["seat"], "white");
  ASSERT_EQ(say(g.id, g.black, "thanks").status, 200);
  const json white_sees = chat_seen_by(g.id, g.white);
  ASSERT_EQ(white_sees["messages"].size(), 2u);
  EXPECT_EQ(white_sees["messages"][1]["text"], "thanks");
  // The chat is stored: a restart keeps it.
  open();
  EXPECT_EQ(chat_seen_by(g.id, g.white)["messages"], white_sees["messages"]);
}

TEST_F(Chat, SpectatorsReadOnlyWhileBothPlayersAllowIt) {
  const Game g = guest_game();
  ASSERT_EQ(say(g.id, g.white, "hello").status, 200);
  EXPECT_FALSE(chat_seen_by(g.id, "")["readable"]);
  EXPECT_EQ(chat_seen_by(g.id, "")["messages"], nullptr);
  ASSERT_EQ(allow(g.id, g.white, true).status, 200);
  EXPECT_EQ(chat_seen_by(g.id, "")["messages"], nullptr);  // one seat is not enough
  ASSERT_EQ(allow(g.id, g.black, true).status, 200);
  EXPECT_EQ(chat_seen_by(g.id, "")["messages"][0]["text"], "hello");
  open();  // the consent is stored
  EXPECT_TRUE(chat_seen_by(g.id, "")["readable"]);
  ASSERT_EQ(allow(g.id, g.black, false).status, 200);
  EXPECT_EQ(chat_seen_by(g.id, "")["messages"], nullptr);
  // A spectator cannot write.
  EXPECT_EQ(say(g.id, "", "hi").status, 403);
}

TEST_F(Chat, MarkupComesBackAsWrittenAndBadTextIsRefused) {
  const Game g = guest_game();
  const std::string markup = "<img src=x onerror=alert(1)><b>bold</b> & \"quotes\"";
  ASSERT_EQ(say(g.id, g.white, markup).status, 200);
  EXPECT_EQ(chat_seen_by(g.id, g.black)["messages"][0]["text"], markup);

  const std::string refused[] = {"two\nlines", std::string("nul\0x", 5), "bell\x07", "del\x7f",
                                 "c1\xc2\x85", "bidi \xe2\x80\xae txet", "", "   ",
                                 std::string(kMaxChatChars + 1, 'a'),
                                 // Issue 59: only invisible characters, and a tower of marks.
                                 "\u3000\u3000", "\uFEFF", " \u200B \u2060 ", "\u00A0\u3164",
                                 "a\u0301\u0302\u0303\u0304\u0305"};
  for (const std::string& text : refused) {
    const HttpResponse r = say(g.id, g.white, text);
    EXPECT_EQ(r.status, 400) << text;
    EXPECT_EQ(body_of(r)["code"], "bad_chat") << text;
  }
  // Bytes that are not UTF-8 (a body built in code; HTTP bodies are parsed as UTF-8).
  EXPECT_THROW(games_->chat(g.id, {{"token", g.white}, {"text", "bad \xff"}}), ApiError);
  // The longest message, in characters not bytes.
  std::string longest;
  for (std::size_t i = 0; i < kMaxChatChars; ++i) longest += "\xc3\xa9";
  EXPECT_EQ(say(g.id, g.black, longest).status, 200);
  EXPECT_EQ(chat_seen_by(g.id, g.white)["messages"].size(), 2u);
  // A language's accents stay: Vietnamese ễ decomposed carries two marks.
  EXPECT_EQ(say(g.id, g.black, "Nguye\u0302\u0303n \u3000!").status, 200);
  const std::string fifty_marks = [] {
    std::string text = "a";
    for (int i = 0; i < 50; ++i) text += "\u0301";
    return text;
  }();
  EXPECT_NE(
      body_of(say(g.id, g.white, fifty_marks))["error"].get<std::string>().find("combining marks"),
      std::string::npos);
}

TEST_F(Chat, AFloodIsRefusedUntilTheWindowPasses) {
  const Game g = guest_game();
  for (int i = 0; i < ChatRateLimit::kBurst; ++i) {
    now_ += 10;
    ASSERT_EQ(say(g.id, g.white, std::to_string(i)).status, 200);
  }
  const HttpResponse flood = say(g.id, g.white, "one more");
  EXPECT_EQ(flood.status, 429);
  EXPECT_EQ(body_of(flood)["code"], "chat_too_fast");
  // The wait, for the page to count down: the first message leaves the window in 10 s less
  // the 40 ms the burst took.
  EXPECT_EQ(header_of(flood, "Retry-After"), "10");
  EXPECT_EQ(body_of(flood)["error"], "too many messages: wait 10 s");
  EXPECT_EQ(say(g.id, g.black, "the other seat may").status, 200);
  now_ += ChatRateLimit::kWindowMs - 50;  // the first message is still in the window
  EXPECT_EQ(say(g.id, g.white, "one more").status, 429);
  now_ += 50;
  EXPECT_EQ(say(g.id, g.white, "one more").status, 200);
}

TEST_F(Chat, OnlyThePlayersOfANetworkGameChat) {
  const json local = games_->create({{"mode", "local"}});
  const HttpResponse r = say(local["id"], local["tokens"]["white"], "me to me");
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(body_of(r)["code"], "no_chat");
  EXPECT_EQ(games_->state(local["id"], local["tokens"]["white"])["chat"], nullptr);
}

TEST_F(Chat, ABlockStopsChatAndChallengesBetweenTwoAccounts) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const Game g = lobby_game(alice, bob);
  ASSERT_EQ(say(g.id, g.black, "hi").status, 200);

  const HttpResponse blocked = block(alice, "bob");
  ASSERT_EQ(blocked.status, 200) << blocked.body;
  EXPECT_EQ(body_of(blocked)["blocks"][0]["name"], "Bob");
  // Neither may chat in their game now.
  EXPECT_EQ(say(g.id, g.black, "hello?").status, 403);
  EXPECT_EQ(say(g.id, g.white, "bye").status, 403);
  // Bob can neither challenge Alice nor accept her challenge.
  const HttpResponse direct =
      send(from(bob, request("POST", "/api/challenges", {{"to", "Alice"}})));
  EXPECT_EQ(direct.status, 403);
  EXPECT_EQ(body_of(direct)["code"], "blocked");
  const json open = body_of(send(from(alice, request("POST", "/api/challenges", json::object()))));
  const HttpResponse accept =
      send(from(bob, request("POST", "/api/challenges/" +
                                         open["challenge"]["id"].get<std::string>() + "/accept")));
  EXPECT_EQ(accept.status, 403);
  // Others are not affected; blocking oneself or nobody is refused.
  const Browser carol = signed_up("Carol");
  EXPECT_EQ(send(from(carol, request("POST", "/api/challenges", {{"to", "Alice"}}))).status, 201);
  EXPECT_EQ(block(alice, "Alice").status, 400);
  EXPECT_EQ(block(alice, "Nobody").status, 404);
  // Without the CSRF token a block is refused (it changes state).
  Browser no_csrf = alice;
  no_csrf.csrf.clear();
  EXPECT_EQ(block(no_csrf, "Carol").status, 403);

  ASSERT_EQ(block(alice, "Bob", false).status, 200);
  EXPECT_TRUE(body_of(send(from(alice, request("GET", "/api/account/blocks"))))["blocks"].empty());
  EXPECT_EQ(say(g.id, g.black, "friends again").status, 200);
}

}  // namespace
}  // namespace ordo::server
