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

std::string pair_key_of(const std::string& name_key, const std::string& address) {
  return token_digest("pair:" + address + '\n' + name_key);
}

// Enough failures to reach any rule's cap (the delay doubles at most 31 times).
int failures_to_read(const DelayRule& rule) {
  return rule.free_failures + 32;
}

// Failures kept in memory: at most this many per key and this many keys, so that a storage
// outage under a flood of guesses cannot exhaust memory (the oldest keys go first).
constexpr std::size_t kUnstoredPerKey = 64;
constexpr std::size_t kUnstoredKeys = 100'000;

}  // namespace

std::int64_t delay_after(const DelayRule& rule, const std::vector<std::int64_t>& times,
                         std::int64_t now_ms) {
  const int count = static_cast<int>(times.size());
  if (count < rule.free_failures || times.empty()) return 0;
  const int doublings = std::min(count - rule.free_failures, 31);
  const std::int64_t delay = std::min(rule.max_delay_ms, rule.first_delay_ms << doublings);
  return std::max<std::int64_t>(0, times.back() + delay - now_ms);
}

LoginThrottle::LoginThrottle(AccountStorage& storage, LoginLimits limits, TimeSource now)
    : storage_(storage), limits_(limits), now_(std::move(now)) {}

std::vector<std::int64_t> LoginThrottle::failures(const std::string& key, const DelayRule& rule,
                                                  std::int64_t now) {
  const std::int64_t since = now - limits_.window_ms;
  std::vector<std::int64_t> times = storage_.login_failures(key, since, failures_to_read(rule));
  std::lock_guard lock(unstored_mutex_);
  if (const auto it = unstored_.find(key); it != unstored_.end()) {
    for (const std::int64_t at : it->second)
      if (at > since) times.push_back(at);
    std::sort(times.begin(), times.end());
  }
  return times;
}

std::int64_t LoginThrottle::wait_ms(const std::string& name_key, const std::string& address,
                                    bool known_device) {
  const std::int64_t now = now_();
  std::int64_t wait =
      std::max(delay_after(limits_.per_pair,
                           failures(pair_key_of(name_key, address), limits_.per_pair, now), now),
               delay_after(limits_.per_address,
                           failures(address_key_of(address), limits_.per_address, now), now));
  if (!known_device)
    wait =
        std::max(wait, delay_after(limits_.per_account,
                                   failures(name_key_of(name_key), limits_.per_account, now), now));
  return wait;
}

void LoginThrottle::remember(const std::vector<std::string>& keys, std::int64_t now) {
  std::lock_guard lock(unstored_mutex_);
  const std::int64_t since = now - limits_.window_ms;
  std::erase_if(unstored_, [since](const auto& entry) { return entry.second.back() <= since; });
  for (const std::string& key : keys) {
    if (unstored_.size() >= kUnstoredKeys && !unstored_.contains(key))
      unstored_.erase(std::min_element(
          unstored_.begin(), unstored_.end(),
          [](const auto& a, const auto& b) { return a.second.back() < b.second.back(); }));
    auto& times = unstored_[key];
    times.push_back(now);
    if (times.size() > kUnstoredPerKey) times.erase(times.begin());
  }
}

bool LoginThrottle::failed(const std::string& name_key, const std::string& address) {
  const std::int64_t now = now_();
  const std::vector<std::string> keys{pair_key_of(name_key, address), address_key_of(address),
                                      name_key_of(name_key)};
  try {
    storage_.add_login_failures(keys, now, now - limits_.window_ms);
    return true;
  } catch (const std::exception&) {
    remember(keys, now);
    return false;
  }
}

void LoginThrottle::succeeded(const std::string& name_key, const std::string& address) {
  for (const std::string& key : {name_key_of(name_key), pair_key_of(name_key, address)}) {
    storage_.clear_login_failures(key);
    std::lock_guard lock(unstored_mutex_);
    unstored_.erase(key);
  }
}

}  // namespace ordo::server
