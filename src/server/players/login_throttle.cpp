#include "server/players/login_throttle.h"

#include <algorithm>

#include "server/common/token_digest.h"

namespace ordo::server {

namespace {

std::string name_key_of(const std::string& name_key) {
  return token_digest("name:" + name_key);
}

std::string address_key_of(const std::string& address) {
  return token_digest("address:" + address);
}

}  // namespace

LoginThrottle::LoginThrottle(AccountStorage& storage, LoginLimits limits, TimeSource now)
    : storage_(storage), limits_(limits), now_(std::move(now)) {}

std::int64_t LoginThrottle::wait_for(const std::string& key, int limit, std::int64_t now) {
  const auto times = storage_.login_failures(key, now - limits_.window_ms, limit);
  if (static_cast<int>(times.size()) < limit) return 0;
  // Full: the oldest of the last `limit` failures must leave the window first.
  return std::max<std::int64_t>(0, times.front() + limits_.window_ms - now);
}

std::int64_t LoginThrottle::wait_ms(const std::string& name_key, const std::string& address) {
  const std::int64_t now = now_();
  return std::max(wait_for(name_key_of(name_key), limits_.per_account, now),
                  wait_for(address_key_of(address), limits_.per_address, now));
}

void LoginThrottle::failed(const std::string& name_key, const std::string& address) {
  const std::int64_t now = now_();
  storage_.add_login_failures({name_key_of(name_key), address_key_of(address)}, now,
                              now - limits_.window_ms);
}

void LoginThrottle::succeeded(const std::string& name_key) {
  storage_.clear_login_failures(name_key_of(name_key));
}

}  // namespace ordo::server
