#include "server/login_throttle.h"

#include <algorithm>

namespace ordo::server {

namespace {

constexpr std::size_t kPruneAbove = 100000;

}  // namespace

LoginThrottle::LoginThrottle(LoginLimits limits, TimeSource now)
    : limits_(limits), now_(std::move(now)) {}

std::int64_t LoginThrottle::wait_for(const std::string& key, int limit, std::int64_t now) {
  auto it = failures_.find(key);
  if (it == failures_.end() || static_cast<int>(it->second.size()) < limit) return 0;
  // Full: the oldest failure must leave the window first.
  return std::max<std::int64_t>(0, it->second.front() + limits_.window_ms - now);
}

std::int64_t LoginThrottle::wait_ms(const std::string& name_key, const std::string& address) {
  std::lock_guard lock(mutex_);
  const std::int64_t now = now_();
  return std::max(wait_for("n:" + name_key, limits_.per_account, now),
                  wait_for("a:" + address, limits_.per_address, now));
}

void LoginThrottle::add(const std::string& key, int limit, std::int64_t now) {
  auto& times = failures_[key];
  times.push_back(now);
  while (static_cast<int>(times.size()) > limit) times.pop_front();
}

void LoginThrottle::failed(const std::string& name_key, const std::string& address) {
  std::lock_guard lock(mutex_);
  const std::int64_t now = now_();
  if (failures_.size() > kPruneAbove) prune(now);
  add("n:" + name_key, limits_.per_account, now);
  add("a:" + address, limits_.per_address, now);
}

void LoginThrottle::succeeded(const std::string& name_key) {
  std::lock_guard lock(mutex_);
  failures_.erase("n:" + name_key);
}

void LoginThrottle::prune(std::int64_t now) {
  std::erase_if(failures_, [&](const auto& entry) {
    return entry.second.empty() || entry.second.back() + limits_.window_ms <= now;
  });
}

}  // namespace ordo::server
