// Ordo-specific move subsets and threat tests for the search: a cheap subset of the Ordo X
// turns for quiescence, and an exact test of whether a side could win with its next move.
#pragma once

#include "ordo/move_list.h"
#include "ordo/position.h"

namespace ordo {

// Appends the one-step forward turns of an Ordo X position (with their tie choices): a
// cheap subset of the legal turns (a few dozen of some 2,000), which holds every direct
// capture and every direct step onto the home row. Nothing when the board already shows a
// winner. Quiescence looks only at these.
void generate_direct_turns(const Position& pos, MoveList& list);

// Whether the opponent of the side to move would have a legal move that wins at once if
// it were their turn now: the exact form of "an enemy piece is about to reach our home
// row" (open_path_pieces() ignores the connection rule and so over-approximates). Uses
// `scratch` for the opponent's moves; cheap when no enemy piece has an open path.
bool opponent_threatens_win(const Position& pos, MoveList& scratch);

}  // namespace ordo
