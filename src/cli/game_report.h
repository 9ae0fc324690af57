// Text about a game for `show`: its legal moves, whose turn it is, and the summary block.
#pragma once

#include <string>
#include <vector>

#include "ordo/game.h"

namespace ordo::cli {

// The legal moves in our notation, sorted by their text; none when the game is over.
std::vector<std::string> sorted_legal_moves(const Game& game);

// The number of the next move as a record counts it ("1. c2-c4 c7-c5 2. ...").
int move_number(const Game& game);

// "White to move (move 3)".
std::string turn_text(const Game& game);

// The aligned "Label  value" lines shown under the diagram by `show`.
std::string game_summary(const Game& game);

}  // namespace ordo::cli
