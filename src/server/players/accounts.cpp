#include "server/players/accounts.h"

#include <iostream>

#include "server/common/api_error.h"
#include "server/common/name_skeleton.h"
#include "server/common/player_name.h"
#include "server/common/random_token.h"
#include "server/common/rate_limit.h"
#include "server/common/storage_error.h"
#include "server/common/token_digest.h"
#include "server/games/request_fields.h"
#include "server/http/csrf.h"
#include "server/http/http_json.h"
#include "server/observe/log.h"
#include "server/observe/metrics.h"
#include "server/players/account_lookup.h"
#include "server/players/account_name.h"
#include "server/players/known_devices.h"
#include "server/players/password_policy.h"

namespace ordo::server {

using nlohmann::json;

namespace {

// A session token: 192 random bits.
std::string make_session_token() {
  return random_url_safe(24);
}

// A password field as sent (not made valid UTF-8: any bytes may be part of one).
std::string password_field(const json& body, const char* field) {
  if (!body.contains(field) || !body[field].is_string())
    throw ApiError(400, "bad_request", std::string("'") + field + "' must be a string");
  return body[field].get<std::string>();
}

ApiError bad_login() {
  return ApiError(401, "bad_login", "wrong name or password");
}

ApiError storage_unavailable() {
  return ApiError(503, "storage_unavailable",
                  "log-ins cannot be checked now (the server's storage is out); try again soon", 5);
}

// What `step` returns; storage's failure as 503 storage_unavailable, whatever it said.
template <class Step>
auto outcome_stored(Step step) -> decltype(step()) {
  try {
    return step();
  } catch (const ApiError&) {
    throw;
  } catch (const std::exception& e) {
    log_warning("log-in answered 503: storage failed", {{"error", e.what()}});
    throw storage_unavailable();
  }
}

}  // namespace

json account_json(std::int64_t id, const std::string& name) {
  return json{{"id", id}, {"name", name}};
}

Accounts::Accounts(AccountStorage& storage, AccountOptions options)
    : storage_(storage),
      options_(std::move(options)),
      throttle_(storage_, options_.login_limits, options_.now),
      devices_(storage_, options_.now, options_.secure_cookies),
      decoy_hash_(hash_password(random_url_safe(24), options_.cost)) {
  require_password_dictionary();
}

AccountAnswer Accounts::new_session(const StoredAccount& account, int status) {
  const std::string token = make_session_token();
  const std::int64_t now = options_.now();
  storage_.create_session(token_digest(token), account.id, now, now + options_.session_ms);
  AccountAnswer answer;
  answer.status = status;
  answer.body = {{"account", account_json(account.id, account.name)},
                 {"csrf_token", csrf_token_for(token)}};
  answer.set_cookie = session_cookie(token, options_.session_ms / 1000, options_.secure_cookies);
  return answer;
}

AccountAnswer Accounts::register_account(const HttpRequest& request) {
  if (!same_origin(request)) throw ApiError(403, "csrf", "a request from another site");
  const json body = json_body(request);
  const std::int64_t now = options_.now();
  if (!is_local_client(request.client_address) &&
      !registrations_.allow(request.client_address, now)) {
    const std::int64_t wait_s = (registrations_.wait_ms(request.client_address, now) + 999) / 1000;
    throw ApiError(
        429, "too_many_registrations",
        "too many new accounts from this address; try again in " + std::to_string(wait_s) + " s",
        static_cast<int>(wait_s));
  }
  const std::string name = checked_account_name(string_field(body, "name", true));
  const std::string password = password_field(body, "password");
  check_password(password);
  // A name that looks like an account's is that account's name (name_skeleton.h).
  if (const auto holder = storage_.account_by_skeleton(name_skeleton(name)))
    throw ApiError(409, "name_taken",
                   holder->name == name ? "the name '" + name + "' is taken"
                                        : "the name '" + name + "' looks like '" + holder->name +
                                              "', which is taken");
  check_password_quality(password, name);
  StoredAccount account;
  account.name = name;
  account.password_hash = hash_password(password, options_.cost);
  account.created_ms = options_.now();
  try {
    account.id = storage_.create_account(name, account_name_key(name), account.password_hash,
                                         account.created_ms);
  } catch (const NameTaken&) {
    throw ApiError(409, "name_taken", "the name '" + name + "' is taken");
  }
  AccountAnswer answer = new_session(account, 201);
  // The browser that made the account is its first known device: log-in limits on the
  // name never hold its owner back there (known_devices.h).
  try {
    answer.device_cookie = devices_.remember(request, account.id);
  } catch (const StorageUnavailable&) {
    // The account and its session stand; the device is known after its next log-in.
  }
  return answer;
}

AccountAnswer Accounts::log_in(const HttpRequest& request) {
  if (!same_origin(request)) throw ApiError(403, "csrf", "a request from another site");
  const json body = json_body(request);
  const std::string name = string_field(body, "name", true);
  const std::string password = password_field(body, "password");
  // Overlong input is refused before it costs a hash.
  if (name.size() > 4 * kMaxNameChars || password.size() > kMaxPasswordBytes) throw bad_login();
  // Failures count against every spelling that finds the same account (account_lookup.h).
  const std::string key = name_skeleton(name);
  // Storage that fails here fails for right and wrong passwords alike (no oracle).
  const auto account = outcome_stored([&] { return find_account(storage_, name); });
  const bool known_device =
      account && outcome_stored([&] { return devices_.knows(request, account->id); });
  const std::int64_t wait =
      outcome_stored([&] { return throttle_.wait_ms(key, request.client_address, known_device); });
  if (wait > 0) {
    const int seconds = static_cast<int>((wait + 999) / 1000);
    throw ApiError(429, "too_many_attempts",
                   "too many failed log-ins; try again in " + std::to_string(seconds) + " s",
                   seconds);
  }
  const bool right = verify_password(account ? account->password_hash : decoy_hash_, password);
  if (!account || !right) {
    // A failure that storage cannot take is still counted (in memory), and answered as a
    // right password would be now: storage is out.
    metrics().login_failures.Increment();
    if (!throttle_.failed(key, request.client_address)) throw storage_unavailable();
    throw bad_login();
  }
  // Said only to whoever knows the password.
  if (account->disabled)
    throw ApiError(403, "account_disabled", "this account has been disabled by the operator");
  return outcome_stored([&] {
    throttle_.succeeded(key, request.client_address);
    AccountAnswer answer = new_session(*account, 200);
    answer.device_cookie = devices_.remember(request, account->id);
    return answer;
  });
}

std::optional<SignedIn> Accounts::signed_in(const HttpRequest& request, bool changes_state) {
  const auto token = cookie_value(request, kSessionCookie);
  if (!token || token->empty()) return std::nullopt;
  const auto session = storage_.session(token_digest(*token));
  if (!session || session->expires_ms <= options_.now()) return std::nullopt;
  if (changes_state && (!same_origin(request) || !has_csrf_token(request, *token)))
    throw ApiError(403, "csrf",
                   "a request made with the session cookie needs this site's origin and the "
                   "session's X-CSRF-Token header");
  const auto account = storage_.account_by_id(session->account_id);
  if (!account || account->disabled) return std::nullopt;
  return SignedIn{account->id, account->name, *token};
}

SignedIn Accounts::require(const HttpRequest& request, bool changes_state) {
  auto who = signed_in(request, changes_state);
  if (!who) throw ApiError(401, "not_signed_in", "log in first (no session, or it has ended)");
  return *who;
}

AccountAnswer Accounts::log_out(const HttpRequest& request) {
  const SignedIn who = require(request, true);
  storage_.delete_session(token_digest(who.session_token));
  return {200, json{{"signed_out", true}}, session_cookie("", 0, options_.secure_cookies), ""};
}

json Accounts::who(const HttpRequest& request) {
  const auto who = signed_in(request, false);
  if (!who) return json{{"account", nullptr}};
  return json{{"account", account_json(who->id, who->name)},
              {"csrf_token", csrf_token_for(who->session_token)}};
}

StoredAccount Accounts::check_password_of(const SignedIn& who, const json& body) {
  const std::string password = password_field(body, "password");
  auto account = storage_.account_by_id(who.id);
  if (!account || password.size() > kMaxPasswordBytes ||
      !verify_password(account->password_hash, password))
    throw ApiError(403, "bad_password", "the current password is wrong");
  return *account;
}

AccountAnswer Accounts::change_password(const HttpRequest& request) {
  const SignedIn who = require(request, true);
  const json body = json_body(request);
  StoredAccount account = check_password_of(who, body);
  const std::string fresh = password_field(body, "new_password");
  check_password(fresh);
  check_password_quality(fresh, account.name);
  account.password_hash = hash_password(fresh, options_.cost);
  storage_.change_password(account.id, account.password_hash);
  return new_session(account, 200);
}

AccountAnswer Accounts::delete_account(const HttpRequest& request) {
  const SignedIn who = require(request, true);
  const StoredAccount account = check_password_of(who, json_body(request));
  storage_.delete_account(account.id, kDeletedName);
  return {200, json{{"deleted", true}}, session_cookie("", 0, options_.secure_cookies), ""};
}

}  // namespace ordo::server
