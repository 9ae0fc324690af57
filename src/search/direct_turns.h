// The Ordo X turns of a single forward step (with their tie choices): a cheap subset of the
// legal turns (a few dozen of some 2,000), which holds every direct capture and every
// direct step onto the home row. Quiescence looks only at these.
#pragma once

#include "core/move_list.h"
#include "core/position.h"

namespace ordo {

// Appends the one-step forward turns of an Ordo X position; nothing when the board
// already shows a winner.
void generate_direct_turns(const Position& pos, MoveList& list);

}  // namespace ordo
