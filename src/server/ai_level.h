// How the server's engine plays at a level 1..10: the level itself (depth and node caps
// and the lower levels' randomness, src/search/levels.h) plus the time it may think.
#pragma once

#include "engine/engine.h"
#include "search/levels.h"

namespace ordo::server {

constexpr int kMinLevel = ordo::kMinLevel;
constexpr int kMaxLevel = ordo::kMaxLevel;

// The time cap per move at `level`; without a clock the engine thinks at most this long.
GoLimits limits_for_level(int level);

}  // namespace ordo::server
