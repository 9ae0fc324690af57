// Whether a turn ends the game at once for its mover: the one test that the search rules
// (ordo_rules.h), the solver and the threat test (direct_turns.cpp) share, so that they
// cannot drift apart (they once did: the search's filter missed an Ordo X turn whose two
// steps capture the opponent's last two pieces).
#pragma once

#include "ordo/bitboard.h"
#include "ordo/move.h"
#include "ordo/position.h"

namespace ordo {

inline bool is_capture(const Move& m) {
  return m.steps[0].capture || (m.step_count == 2 && m.steps[1].capture);
}

// A cheap filter for a turn that may end the game at once, confirmed by playing it
// (wins_at_once). It lands a piece on the opponent's home row (only the last step can: an
// Ordo X first step is sideways), or it may take the opponent's last piece: one capture
// takes it only from a side with one piece left (a capture that splits an Ordo X side
// keeps one of its largest groups), while a turn whose two steps both capture may take
// the last two, or the one left after the first capture's split.
inline bool may_win_at_once(const Position& pos, const Move& m) {
  const Color us = pos.side_to_move();
  const bool both_capture = m.step_count == 2 && m.steps[0].capture && m.steps[1].capture;
  if (both_capture || (is_capture(m) && !has_more_than_one(pos.pieces(opponent(us))))) {
    return true;
  }
  const Step& s = m.last();
  // Every piece of a slide moves by the same vector, and a legal slide stays on the board.
  const Bitboard landing = shift_by(pos.moved_squares(s), s.to - s.from);
  return (landing & pos.geometry().home_row(opponent(us))) != 0;
}

// Whether playing `m` (legal in `pos`) wins at once; `pos` is left as it was.
inline bool wins_at_once(Position& pos, const Move& m) {
  if (!may_win_at_once(pos, m)) return false;
  const Color us = pos.side_to_move();
  const Undo undo = pos.make(m);
  const bool won = pos.decided_winner() == us;
  pos.unmake(m, undo);
  return won;
}

}  // namespace ordo
