// How often one seat may write in a game's chat: at most kBurst messages in any kWindow
// (read against an injected clock, so tests need no sleeps). Forgets a seat once its
// window is empty, so its memory is bounded by the seats writing now.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>

namespace ordo::server {

class ChatRateLimit {
 public:
  static constexpr int kBurst = 5;
  static constexpr std::int64_t kWindowMs = 10'000;

  // True (and counted) if `seat_key` may write at `now_ms`; false: wait.
  bool allow(const std::string& seat_key, std::int64_t now_ms);
  // Milliseconds until `seat_key` may write again (0: now).
  std::int64_t wait_ms(const std::string& seat_key, std::int64_t now_ms);

 private:
  void forget_old(std::int64_t now_ms);

  std::mutex mutex_;
  std::map<std::string, std::deque<std::int64_t>> sent_;  // each seat's times in the window
};

}  // namespace ordo::server
