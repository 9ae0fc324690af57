#include "server/common/chess_clock.h"

#include <algorithm>
#include <chrono>

namespace ordo::server {

std::int64_t system_time_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::int64_t ChessClock::used_ms(std::int64_t now) const {
  return std::max<std::int64_t>(0, now - since_ms_ - delay_ms_);
}

std::int64_t ChessClock::left_ms(int seat, std::int64_t now) const {
  if (running_ && *running_ == seat) return left_ms_[seat] - used_ms(now);
  return left_ms_[seat];
}

std::int64_t ChessClock::delay_left_ms(std::int64_t now) const {
  if (!running_) return 0;
  return std::clamp<std::int64_t>(delay_ms_ - (now - since_ms_), 0, delay_ms_);
}

std::int64_t ChessClock::falls_at() const {
  return running_ ? since_ms_ + delay_ms_ + left_ms_[*running_] : 0;
}

void ChessClock::start(int seat, std::int64_t now) {
  stop(now);
  running_ = seat;
  since_ms_ = now;
}

void ChessClock::stop(std::int64_t now) {
  if (running_) left_ms_[*running_] -= used_ms(now);
  running_.reset();
}

std::int64_t ChessClock::press(int mover, std::int64_t now) {
  stop(now);
  if (kind_ == Kind::PerMove)
    left_ms_[mover] = initial_ms_;
  else
    left_ms_[mover] += increment_ms_;
  start(1 - mover, now);
  return left_ms_[mover];
}

std::optional<int> ChessClock::flagged(std::int64_t now) const {
  if (running_ && left_ms(*running_, now) <= 0) return running_;
  return std::nullopt;
}

}  // namespace ordo::server
