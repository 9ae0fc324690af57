// How the server's engine plays at a level 1..10: the level itself (depth and node caps
// and the lower levels' randomness, each game's levels) plus the time it may think.
#pragma once

#include "engine/any_engine.h"

namespace ordo::server {

constexpr int kMinLevel = games::kMinLevel;
constexpr int kMaxLevel = games::kMaxLevel;

// The time cap per move at `level`; without a clock the engine thinks at most this long.
games::GoLimits limits_for_level(int level);

}  // namespace ordo::server
