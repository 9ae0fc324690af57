#include "server/players/known_devices.h"

#include "server/common/random_token.h"
#include "server/common/token_digest.h"
#include "server/http/csrf.h"

namespace ordo::server {

namespace {

// Apart from session digests (token_digest of the bare token).
std::string device_digest(const std::string& token) {
  return token_digest("device:" + token);
}

}  // namespace

KnownDevices::KnownDevices(AccountStorage& storage, TimeSource now, bool secure_cookies)
    : storage_(storage), now_(std::move(now)), secure_cookies_(secure_cookies) {}

bool KnownDevices::knows(const HttpRequest& request, std::int64_t account_id) {
  const auto token = cookie_value(request, kDeviceCookie);
  if (!token || token->empty() || token->size() > 64) return false;
  const auto mark = storage_.session(device_digest(*token));
  return mark && mark->account_id == account_id && mark->expires_ms > now_();
}

std::string KnownDevices::remember(const HttpRequest& request, std::int64_t account_id) {
  if (knows(request, account_id)) return "";
  const std::string token = random_url_safe(24);
  const std::int64_t now = now_();
  storage_.create_session(device_digest(token), account_id, now, now + kLifetimeMs);
  return std::string(kDeviceCookie) + "=" + token +
         "; Path=/api/login; Max-Age=" + std::to_string(kLifetimeMs / 1000) +
         "; HttpOnly; SameSite=Strict" + (secure_cookies_ ? "; Secure" : "");
}

}  // namespace ordo::server
