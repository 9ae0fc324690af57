// Limits failed log-ins per account name and per client address within a sliding window,
// so that guessing passwords is slow; the clock is injected (tests need no sleeps).
// Memory stays bounded: a key keeps at most its limit of times, and keys whose times have
// all left the window are dropped when the table grows.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/chess_clock.h"

namespace ordo::server {

struct LoginLimits {
  int per_account = 5;
  int per_address = 20;
  std::int64_t window_ms = 15 * 60 * 1000;
};

class LoginThrottle {
 public:
  LoginThrottle(LoginLimits limits, TimeSource now);

  // 0 if an attempt for this account name (its folded key) from this address may go on,
  // else how many milliseconds until one may.
  std::int64_t wait_ms(const std::string& name_key, const std::string& address);
  void failed(const std::string& name_key, const std::string& address);
  // A right password clears the account's failures (not the address's).
  void succeeded(const std::string& name_key);

 private:
  std::int64_t wait_for(const std::string& key, int limit, std::int64_t now);
  void add(const std::string& key, int limit, std::int64_t now);
  void prune(std::int64_t now);

  LoginLimits limits_;
  TimeSource now_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::deque<std::int64_t>> failures_;  // oldest first
};

}  // namespace ordo::server
