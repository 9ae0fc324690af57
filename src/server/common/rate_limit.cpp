#include "server/common/rate_limit.h"

#include <iterator>

namespace ordo::server {

void RateLimit::forget_old(std::int64_t now_ms) {
  for (auto it = times_.begin(); it != times_.end();) {
    auto& times = it->second;
    while (!times.empty() && times.front() <= now_ms - window_ms_) times.pop_front();
    it = times.empty() ? times_.erase(it) : std::next(it);
  }
}

bool RateLimit::allow(const std::string& key, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  forget_old(now_ms);
  auto& times = times_[key];
  if (static_cast<int>(times.size()) >= burst_) return false;
  times.push_back(now_ms);
  return true;
}

std::int64_t RateLimit::wait_ms(const std::string& key, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  forget_old(now_ms);
  const auto it = times_.find(key);
  if (it == times_.end() || static_cast<int>(it->second.size()) < burst_) return 0;
  return it->second.front() + window_ms_ - now_ms;
}

bool is_local_client(const std::string& address) {
  return address.empty() || address.starts_with("127.") || address == "::1" ||
         address.starts_with("::ffff:127.");
}

}  // namespace ordo::server
