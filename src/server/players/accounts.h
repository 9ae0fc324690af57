// Accounts and their sessions (docs/api.md, "Accounts"): register, log in, log out,
// change the password, delete the account; and, for every route that acts for an
// account, the session a request's cookie names. Passwords are Argon2id hashes
// (password_hash.h); a session token is random and stored only as its digest; a session
// ends at log-out, at a password change (all of the account's), and after
// `session_ms`. Log-ins are throttled per name and per address (login_throttle.h), and an
// unknown name gets the same answer as a wrong password.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/common/chess_clock.h"
#include "server/common/rate_limit.h"
#include "server/http/http_message.h"
#include "server/players/known_devices.h"
#include "server/players/login_throttle.h"
#include "server/players/password_hash.h"
#include "server/storage/account_storage.h"

namespace ordo::server {

struct AccountOptions {
  TimeSource now = system_time_ms;
  PasswordCost cost = PasswordCost::interactive();
  LoginLimits login_limits;
  std::int64_t session_ms = 30LL * 24 * 3600 * 1000;
  // The server is reached through TLS (a reverse proxy): cookies get the Secure flag.
  bool secure_cookies = false;
  // New accounts from one client address in any hour (local clients excepted).
  int registrations_per_hour = 5;
};

// The account a request acts for.
struct SignedIn {
  std::int64_t id = 0;
  std::string name;
  std::string session_token;
};

// An answer and the Set-Cookie values that go with it (empty: none).
struct AccountAnswer {
  int status = 200;
  nlohmann::json body;
  std::string set_cookie;
  std::string device_cookie;  // a known device's mark (known_devices.h)
};

class Accounts {
 public:
  static constexpr const char* kDeletedName = "Deleted player";
  static constexpr std::int64_t kRegistrationsWindowMs = 60 * 60 * 1000;

  Accounts(AccountStorage& storage, AccountOptions options = {});

  // POST /api/accounts {name, password}: the new account, signed in.
  AccountAnswer register_account(const HttpRequest& request);
  // POST /api/login {name, password}.
  AccountAnswer log_in(const HttpRequest& request);
  // POST /api/logout: ends this session.
  AccountAnswer log_out(const HttpRequest& request);
  // GET /api/account: who is signed in, and the CSRF token the page sends back.
  nlohmann::json who(const HttpRequest& request);
  // POST /api/account/password {password, new_password}: every session ends; this
  // request gets a new one.
  AccountAnswer change_password(const HttpRequest& request);
  // POST /api/account/delete {password}.
  AccountAnswer delete_account(const HttpRequest& request);

  // The account of the request's session, if its cookie names a live one. With
  // `changes_state`, a request with the cookie must also pass the CSRF checks (csrf.h),
  // else ApiError 403 csrf.
  std::optional<SignedIn> signed_in(const HttpRequest& request, bool changes_state);
  // The same, ApiError 401 not_signed_in without a session.
  SignedIn require(const HttpRequest& request, bool changes_state);

  const AccountOptions& options() const { return options_; }
  AccountStorage& storage() { return storage_; }

 private:
  AccountAnswer new_session(const StoredAccount& account, int status);
  StoredAccount check_password_of(const SignedIn& who, const nlohmann::json& body);

  AccountStorage& storage_;
  AccountOptions options_;
  LoginThrottle throttle_;
  KnownDevices devices_;
  // New accounts per client address (kept by each instance).
  RateLimit registrations_{options_.registrations_per_hour, kRegistrationsWindowMs};
  // A hash no password matches in practice: verified against for an unknown name, so
  // that its answer takes as long as a wrong password's.
  std::string decoy_hash_;
};

// The account's public JSON: {id, name}.
nlohmann::json account_json(std::int64_t id, const std::string& name);

}  // namespace ordo::server
