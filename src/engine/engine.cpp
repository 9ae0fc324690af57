// The engine facade's game-independent part: the clock budget and the search limits of
// a go (the template itself is in engine_impl.h).
#include "engine/engine.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace ordo {

namespace {

// Left unspent for the front end and the pipe between engine and interface.
constexpr std::int64_t kClockOverheadMs = 30;

}  // namespace

std::int64_t clock_budget_ms(const GoLimits& limits, int mover) {
  const std::int64_t left = limits.time_left_ms[mover];
  if (left < 0) return 0;
  const std::int64_t inc = std::max<std::int64_t>(limits.increment_ms[mover], 0);
  // About 30 moves still to play unless told, and the increment comes back after this move.
  const int moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go + 1, 30) : 30;
  const std::int64_t wanted = left / moves + inc * 3 / 4;
  // Never more than three quarters of what is left beyond the overhead, so a short clock
  // is not lost on one move.
  const std::int64_t cap = std::max<std::int64_t>(left - kClockOverheadMs, 0) * 3 / 4;
  return std::max<std::int64_t>(std::min(wanted, cap), 1);
}

SearchLimits search_limits(const GoLimits& limits, int mover) {
  if (limits.infinite) return {};
  SearchLimits out{.depth = limits.depth,
                   .nodes = limits.nodes,
                   .time_ms = limits.movetime_ms,
                   .time_basis = limits.movetime_basis};
  const std::int64_t budget = clock_budget_ms(limits, mover);
  if (budget > 0 && (out.time_ms == 0 || budget < out.time_ms)) {
    out.time_ms = budget;
    out.time_basis = TimeBasis::Wall;
    out.time_from_clock = true;
  }
  return out;
}

}  // namespace ordo
