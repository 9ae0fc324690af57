#include "ordo/ai/direct_turns.h"

#include "ordo/ai/evaluation.h"
#include "ordo/ai/wins_at_once.h"
#include "ordo/movegen.h"
#include "ordo/movegen_classic.h"
#include "ordo/movegen_x.h"

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

// A necessary condition for a Classic win at once by `side` when both sides have two or
// more pieces. The mover must stay connected, and its pieces off the slide stay put: a
// piece landing on the row needs one of them one rank short of the row beside it, unless
// the slide is an ordo of the whole group. (Any other ordo onto the row has a runner that
// lands beside such a piece and passes the singleton test below.) Far cheaper than
// generating the moves, and false in most positions where a piece has an open path.
bool may_win_at_once_classic(const Position& pos, Color side) {
  const Geometry& g = pos.geometry();
  const Bitboard own = pos.pieces(side);
  const Bitboard one_short = own & g.rank_mask(side == Color::White ? g.height() - 2 : 1);
  if (!one_short) {
    // Only a row of runners that is the whole group could slide onto the row.
    if (own & ~g.rank_mask(g.rank_of(lsb(own)))) return false;
    const Bitboard runners = classic::straight_runners(pos, side);
    return !(own & ~runners) && classic::has_ordo_of_runners(g, runners);
  }
  const Bitboard goal = g.home_row(opponent(side)) & ~own;
  const Bitboard empty = pos.empty_squares();
  for (Direction d : forward_directions(side)) {
    Bitboard runners = open_path_pieces(pos, side, d);
    while (runners) {
      const Bitboard piece = bit(pop_lsb(runners));
      // The slide over empty squares and one step on: the row is met exactly once.
      const Bitboard path = g.slide_fill(piece, empty, d);
      const Bitboard landing = (path | g.shift(path, d)) & goal;
      if (g.dilate(landing) & one_short & ~piece) return true;
    }
  }
  return false;
}

}  // namespace

bool opponent_threatens_win(const Position& pos, MoveList& scratch) {
  const Color them = opponent(pos.side_to_move());
  const bool we_have_several = has_more_than_one(pos.pieces(pos.side_to_move()));
  if (pos.variant() == Variant::Classic && we_have_several && has_more_than_one(pos.pieces(them))) {
    if (!may_win_at_once_classic(pos, them)) return false;
  } else if (we_have_several && !open_path_pieces(pos, them)) {
    // Only a piece with an open path can reach the home row; the last piece of ours can be
    // taken by any capture.
    return false;
  }
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
    if (wins_at_once(theirs, m)) return true;
  }
  return false;
}

}  // namespace ordo
