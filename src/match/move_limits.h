// A player's per-move limits and the match clock in the forms the engines take: the
// run-time engine interface's GoLimits and a UGI `go` command.
#pragma once

#include <string>

#include "engine/any_engine.h"
#include "match/player.h"

namespace ordo::match {

games::GoLimits to_go_limits(const MoveLimits& limits, const ClockState& clock);
// "go [p1time T p2time T p1inc I p2inc I] [movetime T] [depth D] [nodes N]".
std::string go_command(const MoveLimits& limits, const ClockState& clock);

}  // namespace ordo::match
