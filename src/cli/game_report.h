// Text about a game shared by show and play: its legal moves, whose turn it is, whether
// the side to move is split, repetitions, and the summary block of `show`.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"

namespace ordo::cli {

// The legal moves in our notation, sorted by their text; none when the game is over.
std::vector<std::string> sorted_legal_moves(const Game& game);

// The number of the next move as a record counts it ("1. c2-c4 c7-c5 2. ...").
int move_number(const Game& game);

// "White to move (move 3)".
std::string turn_text(const Game& game);

// Empty when the side to move is connected, otherwise what it must do.
std::string split_text(const Position& pos);

// Empty unless the current position occurred before and the repetition house rule is on.
std::string repetition_text(const Game& game);

// The aligned "Label  value" lines shown under the diagram by `show`.
std::string game_summary(const Game& game);

}  // namespace ordo::cli
