// Order and Chaos's `prove`, its entry's `prove` (engine/game_registry.h): proof-number
// search (orderchaos/dfpn.h) of one position, with the winner's strategy as a file that
// tools/orderchaos_strategy_check verifies, or of every position K placements on.
#pragma once

#include <ostream>

#include "engine/game_registry.h"

namespace games {

int orderchaos_prove(const AnyGame& game, const ProveRequest& request, std::ostream& out,
                     std::ostream& err);

}  // namespace games
