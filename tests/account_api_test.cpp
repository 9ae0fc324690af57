// Accounts through the route table: register, log in, log out, password change, delete;
// and the abuse cases of issue 47: duplicate and malformed names, overlong fields, wrong
// passwords in a loop, stolen and expired sessions, requests from another site.
#include <sqlite3.h>

#include <tuple>

#include "account_fixture.h"
#include "server/common/token_digest.h"
#include "server/http/csrf.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;
using testing::Browser;

class AccountApi : public AccountFixture {};

std::string token_of(const Browser& browser) {
  return browser.cookie.substr(browser.cookie.find('=') + 1);
}

TEST_F(AccountApi, RegisteringSignsInWithAnHttpOnlySessionStoredAsADigest) {
  const HttpResponse response = register_account("Alice", "correct horse");
  ASSERT_EQ(response.status, 201) << response.body;
  EXPECT_EQ(body_of(response)["account"]["name"], "Alice");
  const std::string cookie = header_of(response, "Set-Cookie");
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos);
  EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos);
  EXPECT_EQ(cookie.find("Secure"), std::string::npos);
  EXPECT_EQ(header_of(response, "Cache-Control"), "no-store");
  const Browser alice = signed_in_by(response);
  EXPECT_EQ(who(alice), "Alice");
  // Storage holds the token's digest, never the token; the password only as Argon2id.
  EXPECT_FALSE(storage_->session(token_of(alice)));
  EXPECT_TRUE(storage_->session(token_digest(token_of(alice))));
  const auto stored = storage_->account_by_key("alice");
  ASSERT_TRUE(stored);
  EXPECT_TRUE(stored->password_hash.starts_with("$argon2id$")) << stored->password_hash;
  EXPECT_EQ(stored->password_hash.find("correct horse"), std::string::npos);
}

TEST_F(AccountApi, CookiesAreSecureWhenTheOperatorSaysTls) {
  AccountOptions options = account_options();
  options.secure_cookies = true;
  open(options);
  const HttpResponse response = register_account("Alice", "correct horse");
  EXPECT_NE(header_of(response, "Set-Cookie").find("; Secure"), std::string::npos);
}

TEST_F(AccountApi, NamesAreUniqueWithoutRegardToCase) {
  signed_up("Alice");
  for (const char* taken : {"Alice", "alice", "ALICE"}) {
    const HttpResponse again = register_account(taken, "another password");
    EXPECT_EQ(again.status, 409) << taken;
    EXPECT_EQ(body_of(again)["code"], "name_taken");
  }
  // The first account's password still opens it.
  EXPECT_EQ(log_in("alice", "correct horse").status, 200);
}

TEST_F(AccountApi, BadNamesAndPasswordsAreRefusedAndCreateNothing) {
  const std::string overlong(41, 'a');
  for (const std::string& name :
       std::vector<std::string>{"<b>bold</b>", "a\nb", std::string("a\0b", 3), "tab\there",
                                overlong, "x", " lead", "trail ", "a/b", "quote\"d", "it's"}) {
    const HttpResponse response = register_account(name, "correct horse");
    EXPECT_EQ(response.status, 400) << name;
    EXPECT_FALSE(storage_->account_by_key(name)) << name;
  }
  // Bytes that are not UTF-8, sent raw.
  HttpRequest raw = request("POST", "/api/accounts");
  raw.body = "{\"name\": \"\xff\xfe\", \"password\": \"correct horse\"}";
  EXPECT_EQ(send(raw).status, 400);
  EXPECT_FALSE(storage_->account_by_key("\xff\xfe"));
  EXPECT_EQ(register_account("Bob", "short").status, 400);
  EXPECT_EQ(register_account("Bob", std::string(257, 'p')).status, 400);
  EXPECT_EQ(
      send(request("POST", "/api/accounts", {{"name", "Bob"}, {"password", 12345678}})).status,
      400);
  EXPECT_FALSE(storage_->account_by_key("bob"));
  // Names in other scripts are fine.
  EXPECT_EQ(register_account("Łukasz Ördög", "correct horse").status, 201);
}

// Issue 59: names nobody can fake, each refused with its reason, on either back end.
TEST_F(AccountApi, NamesThatDisguiseThemselvesAreRefusedWithTheReason) {
  signed_up("Alice");
  const std::vector<std::pair<std::string, std::string>> refused{
      {"\u202E"
       "ecilA",
       "writing direction"},
      {"\u0410lice", "mixes Cyrillic and Latin"},
      {"a\u200Bb", "invisible character (U+200B)"},
      {"Bob\u00A0", "space other than the plain one (U+00A0)"},
      {"\uFEFF"
       "Bob",
       "invisible character (U+FEFF)"},
      {"Deleted player", "which the site itself shows"},
      {"Engine (level 10)", "which the site itself shows"},
      {"..", "a letter or a digit"}};
  for (const auto& [name, reason] : refused) {
    const HttpResponse response = register_account(name, "correct horse");
    EXPECT_EQ(response.status, 400) << name;
    const std::string message = body_of(response)["error"];
    EXPECT_NE(message.find(reason), std::string::npos) << name << ": " << message;
  }
  EXPECT_EQ(storage_->all_accounts().size(), 1u);
}

TEST_F(AccountApi, ANameThatLooksLikeATakenOneIsTaken) {
  signed_up("admin");
  signed_up("Zo\u00E9");  // é composed
  signed_up("Sepp");
  const std::vector<std::pair<std::string, std::string>> taken{
      {"\uFF21\uFF24\uFF2D\uFF29\uFF2E", "looks like 'admin'"},  // full-width ＡＤＭＩＮ
      {"Zoe\u0301", "looks like 'Zo\u00E9'"},                    // é decomposed
      {"\u0405\u0435\u0440\u0440", "looks like 'Sepp'"},         // all Cyrillic Ѕерр
      {"ADMIN", "is taken"}};
  for (const auto& [name, reason] : taken) {
    const HttpResponse response = register_account(name, "another password");
    EXPECT_EQ(response.status, 409) << name;
    EXPECT_EQ(body_of(response)["code"], "name_taken") << name;
    const std::string message = body_of(response)["error"];
    EXPECT_NE(message.find(reason), std::string::npos) << name << ": " << message;
  }
  EXPECT_EQ(storage_->all_accounts().size(), 3u);
  // The look-alike spelling finds the account it looks like, at log-in too.
  const HttpResponse in = log_in("Zoe\u0301", "correct horse");
  ASSERT_EQ(in.status, 200) << in.body;
  EXPECT_EQ(body_of(in)["account"]["name"], "Zo\u00E9");
}

TEST_F(AccountApi, CommonPasswordsAndTheNameAsPasswordAreRefusedWithTheReason) {
  for (const auto& [name, password, reason] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"Bob", "password", "dictionary"},
           {"Bob", "12345678", "simplistic"},
           {"Bartholomew", "Bartholomew", "user name"}}) {
    const HttpResponse response = register_account(name, password);
    EXPECT_EQ(response.status, 400) << password;
    EXPECT_EQ(body_of(response)["code"], "weak_password") << password;
    const std::string message = body_of(response)["error"];
    EXPECT_NE(message.find(reason), std::string::npos) << password << ": " << message;
  }
  EXPECT_TRUE(storage_->all_accounts().empty());
  // A new password is held to the same rule.
  const Browser bob = signed_up("Bob");
  const HttpResponse change =
      send(from(bob, request("POST", "/api/account/password",
                             {{"password", "correct horse"}, {"new_password", "iloveyou"}})));
  EXPECT_EQ(change.status, 400) << change.body;
  EXPECT_EQ(body_of(change)["code"], "weak_password");
}

TEST_F(AccountApi, AnUnknownNameGetsTheSameAnswerAsAWrongPassword) {
  signed_up("Alice");
  const HttpResponse wrong = log_in("Alice", "wrong password");
  const HttpResponse unknown = log_in("Nobody", "wrong password");
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(wrong.body, unknown.body);
  EXPECT_EQ(header_of(wrong, "Set-Cookie"), "");
}

TEST_F(AccountApi, GuessesFromOneAddressAreSlowedByGrowingDelaysNotALock) {
  signed_up("Alice");
  const LoginLimits limits;
  for (int i = 0; i < limits.per_pair.free_failures; ++i)
    EXPECT_EQ(log_in("Alice", "guess " + std::to_string(i), "198.51.100.7").status, 401);
  const HttpResponse held = log_in("Alice", "correct horse", "198.51.100.7");
  EXPECT_EQ(held.status, 429);
  EXPECT_EQ(body_of(held)["code"], "too_many_attempts");
  EXPECT_EQ(header_of(held, "Retry-After"), "1");
  now_ += 1000;
  EXPECT_EQ(log_in("Alice", "one more guess", "198.51.100.7").status, 401);
  EXPECT_EQ(header_of(log_in("Alice", "correct horse", "198.51.100.7"), "Retry-After"), "2");
  // Another address, even with the right password, is not held back by these.
  EXPECT_EQ(log_in("Alice", "correct horse", "203.0.113.9").status, 200);
}

// The device cookie a log-in answer sets ("ordo_device=..."), or "".
std::string device_cookie_of(const HttpResponse& response) {
  for (const auto& [name, value] : response.headers)
    if (name == "Set-Cookie" && value.starts_with("ordo_device="))
      return value.substr(0, value.find(';'));
  return "";
}

TEST_F(AccountApi, NobodyCanLockAPlayerOutOfHerAccount) {
  signed_up("Alice");
  // Alice's own browser has logged in before: it carries a known device's cookie.
  const HttpResponse before = log_in("Alice", "correct horse", "192.0.2.50");
  ASSERT_EQ(before.status, 200);
  const std::string device = device_cookie_of(before);
  ASSERT_FALSE(device.empty());
  // Guessing from many addresses, far past every limit.
  for (int i = 0; i < 60; ++i)
    log_in("Alice", "guess " + std::to_string(i), "198.51.100." + std::to_string(i));
  // From a new device: a wait of at most the name's cap, never a lock.
  const LoginLimits limits;
  const HttpResponse fresh = log_in("Alice", "correct horse", "203.0.113.9");
  EXPECT_EQ(fresh.status, 429);
  EXPECT_LE(std::stoll(header_of(fresh, "Retry-After")) * 1000, limits.per_account.max_delay_ms);
  // From her known device: in at once, with the right password.
  HttpRequest own =
      request("POST", "/api/login", {{"name", "Alice"}, {"password", "correct horse"}});
  own.headers.emplace_back("cookie", device);
  own.client_address = "192.0.2.50";
  EXPECT_EQ(send(own).status, 200);
  // Her right password cleared the name's count: a new device of hers gets in too.
  EXPECT_EQ(log_in("Alice", "correct horse", "203.0.113.9").status, 200);
}

// Issue 57: the browser that registered was not a known device until it logged in again,
// so a name attacked right after sign-up held its owner back on her own browser.
TEST_F(AccountApi, TheBrowserThatRegisteredIsAKnownDevice) {
  HttpRequest registration =
      request("POST", "/api/accounts", {{"name", "Alice"}, {"password", "correct horse"}});
  registration.client_address = "192.0.2.70";
  const HttpResponse registered = send(registration);
  ASSERT_EQ(registered.status, 201);
  const std::string device = device_cookie_of(registered);
  ASSERT_FALSE(device.empty());
  for (int i = 0; i < 60; ++i)
    log_in("Alice", "guess " + std::to_string(i), "198.51.100." + std::to_string(i));
  EXPECT_EQ(log_in("Alice", "correct horse", "203.0.113.9").status, 429);
  HttpRequest own =
      request("POST", "/api/login", {{"name", "Alice"}, {"password", "correct horse"}});
  own.headers.emplace_back("cookie", device);
  own.client_address = "192.0.2.70";
  EXPECT_EQ(send(own).status, 200);
}

TEST_F(AccountApi, ADeviceCookieOfAnotherAccountOrForgedCountsForNothing) {
  signed_up("Alice");
  signed_up("Bob");
  const std::string bob_device = device_cookie_of(log_in("Bob", "correct horse", "192.0.2.60"));
  ASSERT_FALSE(bob_device.empty());
  for (int i = 0; i < 60; ++i)
    log_in("Alice", "guess " + std::to_string(i), "198.51.100." + std::to_string(i));
  for (const std::string& cookie : {bob_device, std::string("ordo_device=forged")}) {
    HttpRequest r = request("POST", "/api/login", {{"name", "Alice"}, {"password", "x"}});
    r.headers.emplace_back("cookie", cookie);
    r.client_address = "192.0.2.60";
    EXPECT_EQ(send(r).status, 429) << cookie;
  }
  // Nor does a device cookie act as a session.
  HttpRequest as_session = request("GET", "/api/account");
  as_session.headers.emplace_back("cookie",
                                  "ordo_session=" + bob_device.substr(bob_device.find('=') + 1));
  EXPECT_TRUE(body_of(send(as_session))["account"].is_null());
}

TEST_F(AccountApi, WhenStorageCannotWriteRightAndWrongPasswordsGetTheSameAnswer) {
  signed_up("Alice");
  storage_->refuse_writes(true);
  const HttpResponse wrong = log_in("Alice", "wrong password");
  const HttpResponse right = log_in("Alice", "correct horse");
  EXPECT_EQ(wrong.status, 503);
  EXPECT_EQ(right.status, 503);
  EXPECT_EQ(wrong.body, right.body);
  EXPECT_EQ(body_of(wrong)["code"], "storage_unavailable");
  EXPECT_FALSE(header_of(wrong, "Retry-After").empty());
  // The failures still count (in memory) while storage is out, and after it is back.
  for (int i = 0; i < 5; ++i) log_in("Alice", "guess " + std::to_string(i));
  storage_->refuse_writes(false);
  EXPECT_EQ(log_in("Alice", "correct horse").status, 429);
  EXPECT_EQ(log_in("Alice", "correct horse", "203.0.113.9").status, 200);
}

TEST_F(AccountApi, OneAddressMakesFewAccountsAnHourAndMayMakeMoreLater) {
  AccountOptions options;
  options.now = [this] { return now_.load(); };
  options.cost = PasswordCost::minimum();
  open(options);
  const int limit = AccountOptions{}.registrations_per_hour;
  auto from = [&](const std::string& name, const std::string& address) {
    HttpRequest r =
        request("POST", "/api/accounts", {{"name", name}, {"password", "correct horse"}});
    r.client_address = address;
    return send(r);
  };
  for (int i = 0; i < limit; ++i)
    EXPECT_EQ(from("player" + std::to_string(i), "198.51.100.9").status, 201);
  const HttpResponse refused = from("one-more", "198.51.100.9");
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(body_of(refused)["code"], "too_many_registrations");
  EXPECT_FALSE(header_of(refused, "Retry-After").empty());
  EXPECT_EQ(from("elsewhere", "198.51.100.10").status, 201);
  EXPECT_EQ(from("from-this-machine", "127.0.0.1").status, 201);
  now_ += Accounts::kRegistrationsWindowMs;
  EXPECT_EQ(from("one-more", "198.51.100.9").status, 201);
}

TEST_F(AccountApi, OneAddressMakesFewGamesInAWhileLocalClientsAnyNumber) {
  auto create = [&](const std::string& address) {
    HttpRequest r = request("POST", "/api/games", {{"mode", "local"}});
    r.client_address = address;
    return send(r).status;
  };
  int created = 0;
  while (created < 1000 && create("198.51.100.20") == 201) ++created;
  EXPECT_GE(created, 10);  // a person's games pass
  EXPECT_LT(created, 1000);
  EXPECT_EQ(create("198.51.100.20"), 429);
  EXPECT_EQ(create("198.51.100.21"), 201);
  for (int i = 0; i < created + 5; ++i) ASSERT_EQ(create("127.0.0.1"), 201);
  now_ += 10 * 60 * 1000;
  EXPECT_EQ(create("198.51.100.20"), 201);
}

TEST_F(AccountApi, OneAddressGuessingManyNamesIsHeld) {
  signed_up("Alice");
  const LoginLimits limits;
  for (int i = 0; i < limits.per_address.free_failures; ++i)
    EXPECT_EQ(log_in("name" + std::to_string(i), "guess", "198.51.100.7").status, 401);
  EXPECT_EQ(log_in("Alice", "correct horse", "198.51.100.7").status, 429);
  EXPECT_EQ(log_in("Alice", "correct horse", "198.51.100.8").status, 200);
}

TEST_F(AccountApi, LogOutEndsTheSession) {
  const Browser alice = signed_up("Alice");
  const HttpResponse out = send(from(alice, request("POST", "/api/logout")));
  EXPECT_EQ(out.status, 200) << out.body;
  EXPECT_NE(header_of(out, "Set-Cookie").find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(who(alice), "");
  // The old cookie, replayed (stolen), opens nothing.
  EXPECT_EQ(send(from(alice, request("POST", "/api/logout"))).status, 401);
}

TEST_F(AccountApi, AnExpiredSessionOpensNothing) {
  const Browser alice = signed_up("Alice");
  now_ += account_options().session_ms - 1;
  EXPECT_EQ(who(alice), "Alice");
  now_ += 1;
  EXPECT_EQ(who(alice), "");
  EXPECT_EQ(
      send(from(alice, request("POST", "/api/account/password",
                               {{"password", "correct horse"}, {"new_password", "new one!"}})))
          .status,
      401);
}

TEST_F(AccountApi, ChangingThePasswordEndsEverySessionOfTheAccount) {
  const Browser here = signed_up("Alice");
  const Browser there = signed_in_by(log_in("Alice", "correct horse"));
  const Browser bob = signed_up("Bob");
  const HttpResponse wrong = send(
      from(here, request("POST", "/api/account/password",
                         {{"password", "not it at all"}, {"new_password", "a new password"}})));
  EXPECT_EQ(wrong.status, 403);
  EXPECT_EQ(who(there), "Alice");
  const HttpResponse changed = send(
      from(here, request("POST", "/api/account/password",
                         {{"password", "correct horse"}, {"new_password", "a new password"}})));
  ASSERT_EQ(changed.status, 200) << changed.body;
  EXPECT_EQ(who(here), "");
  EXPECT_EQ(who(there), "");
  EXPECT_EQ(who(signed_in_by(changed)), "Alice");  // this request's new session
  EXPECT_EQ(who(bob), "Bob");                      // other accounts keep theirs
  EXPECT_EQ(log_in("Alice", "correct horse").status, 401);
  EXPECT_EQ(log_in("Alice", "a new password").status, 200);
}

TEST_F(AccountApi, RequestsFromAnotherSiteOrWithoutTheTokenAreRefused) {
  const Browser alice = signed_up("Alice");
  Browser no_token = alice;
  no_token.csrf.clear();
  Browser wrong_token = alice;
  wrong_token.csrf = csrf_token_for("another session");
  for (const Browser& b : {no_token, wrong_token}) {
    const HttpResponse refused = send(from(b, request("POST", "/api/logout")));
    EXPECT_EQ(refused.status, 403);
    EXPECT_EQ(body_of(refused)["code"], "csrf");
  }
  HttpRequest foreign = from(alice, request("POST", "/api/logout"));
  foreign.headers[1].second = "https://evil.example";  // origin
  EXPECT_EQ(send(foreign).status, 403);
  HttpRequest cross = from(alice, request("POST", "/api/logout"));
  cross.headers.emplace_back("sec-fetch-site", "cross-site");
  EXPECT_EQ(send(cross).status, 403);
  HttpRequest null_origin = from(alice, request("POST", "/api/logout"));
  null_origin.headers[1].second = "null";
  EXPECT_EQ(send(null_origin).status, 403);
  // The same host over the other scheme is another origin (a plain-HTTP page on the
  // network path of an HTTPS site, or the reverse).
  HttpRequest other_scheme = from(alice, request("POST", "/api/logout"));
  other_scheme.headers[1].second = "https://ordo.example";
  EXPECT_EQ(send(other_scheme).status, 403);
  HttpRequest plain_to_tls = from(alice, request("POST", "/api/logout"));
  plain_to_tls.scheme = "https";
  EXPECT_EQ(send(plain_to_tls).status, 403);
  plain_to_tls.headers[1].second = "https://ordo.example";
  EXPECT_TRUE(same_origin(plain_to_tls));
  // None of them ended the session; a proper request does.
  EXPECT_EQ(who(alice), "Alice");
  EXPECT_EQ(send(from(alice, request("POST", "/api/logout"))).status, 200);
  // Logging in from another site's page is refused too (login CSRF).
  HttpRequest login =
      request("POST", "/api/login", {{"name", "Alice"}, {"password", "correct horse"}});
  login.headers[1].second = "https://evil.example";
  EXPECT_EQ(send(login).status, 403);
}

TEST_F(AccountApi, GuestGamesWorkAsBeforeWithOrWithoutACookie) {
  const Browser alice = signed_up("Alice");
  Browser no_token = alice;
  no_token.csrf.clear();
  for (const Browser& b : {Browser{}, no_token}) {
    const HttpResponse created =
        send(from(b, request("POST", "/api/games", {{"mode", "network"}})));
    ASSERT_EQ(created.status, 201) << created.body;
    const json game = body_of(created);
    const HttpResponse moved = send(from(
        b, request("POST", "/api/games/" + game["id"].get<std::string>() + "/moves",
                   {{"token", game["tokens"]["white"]}, {"move", game["state"]["legal"][0]}})));
    EXPECT_EQ(moved.status, 200) << moved.body;
  }
}

TEST_F(AccountApi, ADeletedAccountsGamesStayUnderANeutralName) {
  const Browser alice = signed_up("Alice");
  const std::int64_t alice_id = storage_->account_by_key("alice")->id;
  AccountSeats seats;
  seats.white = alice_id;
  seats.white_name = "Alice";
  const json game = games_->create({{"mode", "network"}}, seats);
  const HttpResponse wrong =
      send(from(alice, request("POST", "/api/account/delete", {{"password", "nope nope"}})));
  EXPECT_EQ(wrong.status, 403);
  const HttpResponse deleted =
      send(from(alice, request("POST", "/api/account/delete", {{"password", "correct horse"}})));
  ASSERT_EQ(deleted.status, 200) << deleted.body;
  const auto row = storage_->game(game["id"]);
  ASSERT_TRUE(row);
  EXPECT_EQ(row->white_name, Accounts::kDeletedName);
  EXPECT_EQ(row->white_account, 0);
  EXPECT_EQ(who(alice), "");
  EXPECT_EQ(log_in("Alice", "correct horse").status, 401);
  EXPECT_EQ(register_account("alice", "a new password").status, 201);  // the name is free
}

TEST_F(AccountApi, AccountsAndSessionsOutliveARestart) {
  const Browser alice = signed_up("Alice");
  open();
  EXPECT_EQ(who(alice), "Alice");
  EXPECT_EQ(log_in("Alice", "correct horse").status, 200);
}

}  // namespace
}  // namespace ordo::server
