// The aligned "Label  value" lines that `show` prints under an Ordo diagram: position,
// rules, board, turn, split, last move, the house rules and the result.
#pragma once

#include <string>

#include "ordo/game.h"

namespace ordo {

std::string game_summary(const Game& game);

}  // namespace ordo
