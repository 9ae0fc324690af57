// Legal move generation (whole turns) for a position under its rule set.
#pragma once

#include <cstdint>

#include "core/move_list.h"
#include "core/position.h"

namespace ordo {

// Appends every legal move of the side to move. Nothing when the board already shows a
// winner (RULES.md 4.5): a finished game has no moves.
void generate_legal(const Position& pos, MoveList& list);

// The number of legal moves, counted in bulk without building them.
std::uint64_t count_legal(const Position& pos);

}  // namespace ordo
