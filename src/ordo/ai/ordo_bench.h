// Ordo's bench workload, its entry's `bench` (engine/game_registry.h).
#pragma once

#include <ostream>

#include "engine/game_registry.h"

namespace games {

// Classic (default) or x; 20,000 random games (Ordo X 1,000), 100 with `quick`.
void ordo_bench(const BenchRequest& request, std::ostream& out);

}  // namespace games
