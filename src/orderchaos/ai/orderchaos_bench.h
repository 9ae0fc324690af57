// Order and Chaos's bench workload, its entry's `bench` (engine/game_registry.h).
#pragma once

#include <ostream>

#include "engine/game_registry.h"

namespace games {

// Both versions; 2,000,000 random games of each, 100 with `quick`.
void orderchaos_bench(const BenchRequest& request, std::ostream& out);

}  // namespace games
