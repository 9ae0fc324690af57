#include "server/chat/chat_rate_limit.h"

namespace ordo::server {

void ChatRateLimit::forget_old(std::int64_t now_ms) {
  for (auto it = sent_.begin(); it != sent_.end();) {
    auto& times = it->second;
    while (!times.empty() && times.front() <= now_ms - kWindowMs) times.pop_front();
    it = times.empty() ? sent_.erase(it) : std::next(it);
  }
}

bool ChatRateLimit::allow(const std::string& seat_key, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  forget_old(now_ms);
  auto& times = sent_[seat_key];
  if (static_cast<int>(times.size()) >= kBurst) return false;
  times.push_back(now_ms);
  return true;
}

std::int64_t ChatRateLimit::wait_ms(const std::string& seat_key, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  forget_old(now_ms);
  const auto it = sent_.find(seat_key);
  if (it == sent_.end() || static_cast<int>(it->second.size()) < kBurst) return 0;
  return it->second.front() + kWindowMs - now_ms;
}

}  // namespace ordo::server
