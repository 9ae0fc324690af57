// Ordo's `solve`, its entry's `solve` (engine/game_registry.h): a forced win within
// SolveRequest::turns own turns, or that none exists.
#pragma once

#include <ostream>

#include "engine/game_registry.h"

namespace games {

int ordo_solve(const AnyGame& game, const SolveRequest& request, std::ostream& out,
               std::ostream& err);

}  // namespace games
