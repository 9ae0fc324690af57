// The aligned "Label  value" lines that `show` prints under an Order and Chaos diagram:
// the game and rule set, the position, and whose turn it is or the result.
#pragma once

#include <string>

#include "orderchaos/game.h"

namespace orderchaos {

std::string game_summary(const Game& game);

}  // namespace orderchaos
