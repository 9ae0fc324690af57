// A two-sided game clock with increment and delay, read against a time source the owner
// passes in (so tests can use a fake one). The clock knows nothing of any game's rules: the
// owner says whose time runs and when a move is made. A delay (as backgammon clocks have)
// gives each turn its first `delay_ms` free: the time left only runs after it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

namespace ordo::server {

// Milliseconds since the Unix epoch (the server's wall clock, or a test's fake).
using TimeSource = std::function<std::int64_t()>;
std::int64_t system_time_ms();

class ChessClock {
 public:
  // Per move (correspondence): every move gives the mover its whole time again, so each
  // turn has `initial_ms` and no more.
  enum class Kind { Total, PerMove };

  ChessClock(std::int64_t initial_ms, std::int64_t increment_ms, Kind kind = Kind::Total,
             std::int64_t delay_ms = 0)
      : initial_ms_(initial_ms),
        increment_ms_(increment_ms),
        delay_ms_(delay_ms),
        left_ms_{initial_ms, initial_ms},
        kind_(kind) {}

  std::int64_t initial_ms() const { return initial_ms_; }
  std::int64_t increment_ms() const { return increment_ms_; }
  std::int64_t delay_ms() const { return delay_ms_; }
  // What is left at `now` of the running turn's delay (0 when no turn runs).
  std::int64_t delay_left_ms(std::int64_t now) const;
  // When the running side's time runs out (its delay and time left); 0 when none runs.
  std::int64_t falls_at() const;
  // Seat 0 = white, 1 = black. Time left at `now` (the running side's counts down).
  std::int64_t left_ms(int seat, std::int64_t now) const;
  std::optional<int> running() const { return running_; }
  Kind kind() const { return kind_; }

  // Starts `seat`'s time at `now` (stops the other's without adding an increment).
  void start(int seat, std::int64_t now);
  void stop(std::int64_t now);
  // `mover` moved at `now`: its time is charged (if it ran), the increment added and the
  // other seat's time starts. Returns the mover's time left after the increment.
  std::int64_t press(int mover, std::int64_t now);
  // Sets a seat's stored time (replaying stored moves, undo).
  void set_left(int seat, std::int64_t ms) { left_ms_[seat] = ms; }
  // The seat whose time ran out at `now`, if any.
  std::optional<int> flagged(std::int64_t now) const;

 private:
  // The running turn's time charged at `now`: what passed since it began, less the delay.
  std::int64_t used_ms(std::int64_t now) const;

  std::int64_t initial_ms_;
  std::int64_t increment_ms_;
  std::int64_t delay_ms_;
  std::int64_t left_ms_[2];
  Kind kind_;
  std::optional<int> running_;
  std::int64_t since_ms_ = 0;
};

}  // namespace ordo::server
