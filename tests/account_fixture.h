// The set-up the account, rating and lobby tests share: storage in a temporary directory,
// the game service, the accounts and the lobby with a fake clock the test moves, the cheapest
// password hashing, and the whole route table (no sockets): requests are built by hand,
// with the headers a browser would send.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <cctype>
#include <memory>
#include <string>

#include "server/api/account_routes.h"
#include "server/api/api_routes.h"
#include "server/api/lobby_routes.h"
#include "server/api/player_routes.h"
#include "server/games/game_service.h"
#include "server/players/accounts.h"
#include "server_test_util.h"
#include "support/test_storage.h"

namespace ordo::server::testing {

// What a browser holds for one signed-in account.
struct Browser {
  std::string cookie;  // "ordo_session=..."
  std::string csrf;
  std::string address = "192.0.2.1";
};

class AccountFixture : public ::testing::Test {
 protected:
  // The name `ordo-engine serve` gives its database in the data directory (admin tests).
  static constexpr const char* kDatabase = "ordo.sqlite";

  AccountFixture() { open(); }

  AccountOptions account_options() {
    AccountOptions options;
    options.now = [this] { return now_.load(); };
    options.cost = PasswordCost::minimum();
    // The suites register many accounts from one address; the limit has a test of its own.
    options.registrations_per_hour = 1000;
    return options;
  }
  // A fresh server on the same database (a restart).
  void open() { open(account_options()); }
  void open(const AccountOptions& options) {
    router_.reset();
    lobby_.reset();
    accounts_.reset();
    games_.reset();
    storage_.reset();
    storage_ = database_.open();
    ServiceOptions service_options;
    service_options.now = [this] { return now_.load(); };
    service_options.clock_tick_ms = 0;
    service_options.fixed_ai_depth = 1;
    service_options.engine_hash_mib = 1;
    games_ = std::make_unique<GameService>(*storage_, service_options);
    accounts_ = std::make_unique<Accounts>(*storage_, options);
    // As `serve` makes it: a game's routes act for the seats of the account signed in.
    router_ = std::make_unique<Router>(api_routes(
        *games_, analyzer_, files_, [this](const HttpRequest& request, bool changes_state) {
          const auto who = accounts_->signed_in(request, changes_state);
          return who ? who->id : std::int64_t{0};
        }));
    add_account_routes(*router_, *accounts_, *storage_);
    lobby_ = std::make_unique<Lobby>(
        *storage_, *storage_, *games_, [this] { return now_.load(); }, storage_.get());
    add_lobby_routes(*router_, *lobby_, *accounts_, *storage_);
    add_player_routes(*router_, *accounts_, *storage_, *storage_);
  }

  static HttpRequest request(const std::string& method, const std::string& path,
                             const nlohmann::json& body = nullptr) {
    HttpRequest r;
    r.method = method;
    const auto question = path.find('?');
    r.path = path.substr(0, question);
    if (question != std::string::npos) {
      std::string query = path.substr(question + 1);
      while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string pair = query.substr(0, amp);
        const auto eq = pair.find('=');
        r.query.emplace_back(pair.substr(0, eq),
                             eq == std::string::npos ? "" : pair.substr(eq + 1));
        query = amp == std::string::npos ? "" : query.substr(amp + 1);
      }
    }
    if (!body.is_null()) r.body = body.dump();
    r.headers = {{"host", "ordo.example"}, {"origin", "http://ordo.example"}};
    r.client_address = "192.0.2.1";
    return r;
  }
  // The request as `browser` sends it: its cookie, its CSRF header, its address.
  static HttpRequest from(const Browser& browser, HttpRequest r) {
    if (!browser.cookie.empty()) r.headers.emplace_back("cookie", browser.cookie);
    if (!browser.csrf.empty()) r.headers.emplace_back("x-csrf-token", browser.csrf);
    r.client_address = browser.address;
    return r;
  }
  HttpResponse send(const HttpRequest& r) { return router_->handle(r); }
  static nlohmann::json body_of(const HttpResponse& response) {
    return nlohmann::json::parse(response.body);
  }
  static std::string header_of(const HttpResponse& response, const std::string& name) {
    for (const auto& [key, value] : response.headers)
      if (key == name) return value;
    return "";
  }
  // The browser after an answer that signs it in.
  static Browser signed_in_by(const HttpResponse& response,
                              const std::string& address = "192.0.2.1") {
    const std::string set_cookie = header_of(response, "Set-Cookie");
    Browser browser;
    browser.cookie = set_cookie.substr(0, set_cookie.find(';'));
    browser.csrf = body_of(response).value("csrf_token", "");
    browser.address = address;
    return browser;
  }
  HttpResponse register_account(const std::string& name, const std::string& password) {
    return send(request("POST", "/api/accounts", {{"name", name}, {"password", password}}));
  }
  HttpResponse log_in(const std::string& name, const std::string& password,
                      const std::string& address = "192.0.2.1") {
    HttpRequest r = request("POST", "/api/login", {{"name", name}, {"password", password}});
    r.client_address = address;
    return send(r);
  }
  Browser signed_up(const std::string& name, const std::string& password = "correct horse") {
    const HttpResponse response = register_account(name, password);
    EXPECT_EQ(response.status, 201) << response.body;
    return signed_in_by(response);
  }
  // A new account's id (signed up from a browser the test drops).
  std::int64_t account_id(const std::string& name) {
    signed_up(name);
    std::string key = name;
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return storage_->account_by_key(key)->id;
  }
  // A rated game between two accounts, as the lobby makes it: POST /api/games's answer.
  nlohmann::json rated_game(std::int64_t white, std::int64_t black,
                            const nlohmann::json& body = {{"mode", "network"}}) {
    AccountSeats seats;
    seats.white = white;
    seats.black = black;
    seats.rated = true;
    return games_->create(body, seats);
  }
  static std::string id_of(const nlohmann::json& game) { return game["id"].get<std::string>(); }
  // A request body with `seat`'s token of `game` (rated_game's answer).
  static nlohmann::json token(const nlohmann::json& game, const char* seat) {
    return {{"token", game["tokens"][seat]}};
  }
  // The side to move of `game` (rated_game's answer) plays its first legal move.
  nlohmann::json play_first_legal(const nlohmann::json& game) {
    const nlohmann::json state = games_->state(id_of(game), "");
    nlohmann::json body = {{"token", game["tokens"][state["to_move"].get<std::string>()]}};
    body["move"] = state["legal"][0];
    return games_->play(id_of(game), body);
  }
  // White, then Black, plays its first legal move: a game ended after this is rated, not
  // aborted (game_abort.cpp).
  void each_side_moves(const std::string& id, const std::string& white_token,
                       const std::string& black_token) {
    for (const std::string& token : {white_token, black_token}) {
      const auto legal = games_->state(id, "")["legal"];
      ASSERT_FALSE(legal.empty());
      games_->play(id, {{"token", token}, {"move", legal[0]}});
    }
  }
  // Who the browser is, by GET /api/account: its name, or "" when signed out.
  std::string who(const Browser& browser) {
    const auto account = body_of(send(from(browser, request("GET", "/api/account"))))["account"];
    return account.is_null() ? "" : account["name"].get<std::string>();
  }

  TempDir dir_;
  TestDatabase database_{dir_.file(kDatabase)};
  std::atomic<std::int64_t> now_{1'700'000'000'000};
  Analyzer analyzer_;
  StaticFiles files_;
  std::unique_ptr<ServerStorage> storage_;
  std::unique_ptr<GameService> games_;
  std::unique_ptr<Accounts> accounts_;
  std::unique_ptr<Lobby> lobby_;
  std::unique_ptr<Router> router_;
};

}  // namespace ordo::server::testing
