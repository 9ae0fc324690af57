// What a line threat forces in Order and Chaos (docs/rules.md, Order and Chaos 3-4): a
// position where Order can complete a line with its next placement is won for Order, so
// Chaos's only placements worth trying are those after which Order cannot.
#pragma once

#include "orderchaos/movegen.h"
#include "orderchaos/position.h"

namespace orderchaos {

// Whether some placement on an empty square completes a winning line (the game not over).
bool line_completable(const Position& pos);

// The empty squares on which some placement completes a winning line.
Bitboard threat_squares(const Position& pos);

// Whether every window already holds both symbols, so that no line can ever be made and
// Chaos has won whatever is played.
bool lines_all_blocked(const Position& pos);

// Chaos's placements after which the game goes on and no line is completable: all others
// lose at once. Empty when every placement loses.
void chaos_holding_moves(Position& pos, MoveList& list);

}  // namespace orderchaos
