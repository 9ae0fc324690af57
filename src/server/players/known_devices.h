// Known devices for the log-in limits (login_throttle.h): a browser that logged in to an
// account gets a long-lived random cookie, sent only to the log-in route. While it lasts,
// failures that others run up against the account's name from elsewhere do not slow that
// browser down, so nobody can lock a player out of her own account from her own devices.
//
// The cookie is stored only as a digest, in the sessions table under a digest domain of its
// own, so it can never act as a session; a password change or a disabled account ends the
// account's sessions and with them its known devices.
#pragma once

#include <cstdint>
#include <string>

#include "server/common/chess_clock.h"
#include "server/http/http_message.h"
#include "server/storage/account_storage.h"

namespace ordo::server {

inline constexpr std::string_view kDeviceCookie = "ordo_device";

class KnownDevices {
 public:
  static constexpr std::int64_t kLifetimeMs = 365LL * 24 * 3600 * 1000;

  KnownDevices(AccountStorage& storage, TimeSource now, bool secure_cookies);

  // Whether the request's device cookie marks it as having logged in to `account_id`.
  bool knows(const HttpRequest& request, std::int64_t account_id);
  // The Set-Cookie value that marks the request's browser as known to `account_id`; empty
  // if it already is.
  std::string remember(const HttpRequest& request, std::int64_t account_id);

 private:
  AccountStorage& storage_;
  TimeSource now_;
  bool secure_cookies_;
};

}  // namespace ordo::server
