#include "search/direct_turns.h"

#include "core/movegen.h"
#include "core/movegen_x.h"
#include "search/evaluation.h"

namespace ordo {

void generate_direct_turns(const Position& pos, MoveList& list) {
  if (pos.decided_winner()) return;
  const Geometry& g = pos.geometry();
  const Color us = pos.side_to_move();
  const ConnectionMap connection(g, pos.pieces(us), pos.is_connected(us));
  x::StepList forward;
  x::StepCollector to_forward{g, forward};
  x::steps(pos, connection, false, to_forward);
  for (const Step& s : forward) {
    x::for_each_choice(pos, s, [&](const Step& c) { list.push_back(Move::single(c)); });
  }
}

namespace {

// A cheap filter for a move that ends the game at once: it lands a piece on the opponent's
// home row or captures the opponent's last piece. Confirmed by playing it.
bool may_win_at_once(const Position& pos, const Move& move) {
  const Color us = pos.side_to_move();
  const bool capture = move.steps[0].capture || (move.step_count == 2 && move.steps[1].capture);
  if (capture && !has_more_than_one(pos.pieces(opponent(us)))) return true;
  const Step& s = move.last();
  // Every piece of a slide moves by the same vector, and a legal slide stays on the board.
  const Bitboard landing = shift_by(pos.moved_squares(s), s.to - s.from);
  return (landing & pos.geometry().home_row(opponent(us))) != 0;
}

}  // namespace

bool opponent_threatens_win(const Position& pos, MoveList& scratch) {
  const Color them = opponent(pos.side_to_move());
  // Only a piece with an open path can reach the home row; the last piece of ours can be
  // taken by any capture.
  if (!open_path_pieces(pos, them) && has_more_than_one(pos.pieces(pos.side_to_move())))
    return false;
  Position theirs = pos;
  theirs.pass_turn();
  if (theirs.decided_winner()) return false;
  scratch.clear();
  // Every move that may win at once lands on the home row or captures, so in Classic the
  // forcing moves are enough (and far fewer to generate than every move).
  if (theirs.variant() == Variant::Classic) {
    generate_forcing(theirs, scratch);
  } else {
    generate_legal(theirs, scratch);
  }
  for (const Move& m : scratch) {
    if (!may_win_at_once(theirs, m)) continue;
    const Undo undo = theirs.make(m);
    const bool won = theirs.decided_winner() == them;
    theirs.unmake(m, undo);
    if (won) return true;
  }
  return false;
}

}  // namespace ordo
