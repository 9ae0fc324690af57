// Quiet positions for fitting the evaluation. A position where a side could win with its
// next move is settled by the search, not by the static score: quiescence plays the win
// or answers the threat before it evaluates. Fitted on such positions, the terms that mark
// a near win (a piece one rank short of the goal) learn the value of the win itself,
// which the search then gives to leaves where that piece is stuck or answered. So the fit
// can keep to the positions the evaluation is really asked about (research/tuning-log.md,
// "Quiet positions").
#pragma once

#include "ordo/move_list.h"
#include "ordo/position.h"

namespace ordo {

// Whether `pos` is quiet: the game goes on, the side to move is connected (not bound to
// reconnect), and neither side has a move that would win at once (for the opponent: if
// it were its turn now). Uses `scratch` for generated moves.
bool is_quiet_position(const Position& pos, MoveList& scratch);

}  // namespace ordo
