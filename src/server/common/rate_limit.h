// How often one key (a seat, a client address) may do something: at most `burst` times in
// any `window_ms`, read against the caller's clock (tests need no sleeps). Forgets a key
// once its window is empty, so its memory is bounded by the keys active now.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>

namespace ordo::server {

class RateLimit {
 public:
  RateLimit(int burst, std::int64_t window_ms) : burst_(burst), window_ms_(window_ms) {}

  // True (and counted) if `key` may act at `now_ms`; false: wait.
  bool allow(const std::string& key, std::int64_t now_ms);
  // Milliseconds until `key` may act again (0: now).
  std::int64_t wait_ms(const std::string& key, std::int64_t now_ms);

 private:
  void forget_old(std::int64_t now_ms);

  int burst_;
  std::int64_t window_ms_;
  std::mutex mutex_;
  std::map<std::string, std::deque<std::int64_t>> times_;  // each key's acts in the window
};

// Clients on this machine (loopback: the operator, a proxy on it that passes no address,
// the browser tests) and requests with no address (made in-process: tests, benchmarks) are
// not limited per address.
bool is_local_client(const std::string& address);

}  // namespace ordo::server
