// Order and Chaos's `solve`, its entry's `solve` (engine/game_registry.h): the exact value
// of the position, or with SolveRequest::sample a report over seeded random positions.
#pragma once

#include <ostream>

#include "engine/game_registry.h"

namespace games {

int orderchaos_solve(const AnyGame& game, const SolveRequest& request, std::ostream& out,
                     std::ostream& err);

}  // namespace games
