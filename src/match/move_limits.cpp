#include "match/move_limits.h"

namespace ordo::match {

games::GoLimits to_go_limits(const MoveLimits& limits, const ClockState& clock) {
  games::GoLimits go;
  go.depth = limits.depth;
  go.nodes = limits.nodes;
  go.movetime_ms = limits.movetime_ms;
  go.movetime_basis = limits.movetime_basis;
  for (int c = 0; c < 2; ++c) {
    go.time_left_ms[c] = clock.time_left_ms[c];
    go.increment_ms[c] = clock.increment_ms[c];
  }
  return go;
}

std::string go_command(const MoveLimits& limits, const ClockState& clock) {
  std::string command = "go";
  if (clock.running()) {
    command += " p1time " + std::to_string(clock.time_left_ms[0]) + " p2time " +
               std::to_string(clock.time_left_ms[1]) + " p1inc " +
               std::to_string(clock.increment_ms[0]) + " p2inc " +
               std::to_string(clock.increment_ms[1]);
  }
  if (limits.movetime_ms > 0) command += " movetime " + std::to_string(limits.movetime_ms);
  if (limits.depth > 0) command += " depth " + std::to_string(limits.depth);
  if (limits.nodes > 0) command += " nodes " + std::to_string(limits.nodes);
  return command;
}

}  // namespace ordo::match
