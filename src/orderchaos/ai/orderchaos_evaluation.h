// Static evaluation of an Order and Chaos position for the alpha-beta search: a score from
// the side to move's point of view, in the same units as Ordo's (a mate score is never
// returned). Read from the 32 five-square windows of the board (orderchaos/board.h):
//
// - Order: open windows (only one symbol, or none, and still able to win under the rule
//   version), weighted by how full they are; fours (a square that completes a line now);
//   several threats at once (two fours, or a square that would make two).
// - Chaos: every window blocked counts by its absence; with the move, Chaos is credited
//   with the best single block (the square whose placement kills the most open weight),
//   the pairing of its reply with Order's strongest point; a board with no open window
//   left is a sure win for Chaos.
//
// Under exact-five a window with the same symbol just beyond one of its ends can never
// win with that symbol (it would make six), so it is not open for it.
#pragma once

#include <array>

#include "orderchaos/position.h"

namespace orderchaos {

struct EvalWeights {
  // An open window holding n of one symbol and nothing else (n = 0..3); n = 4 is a four.
  std::array<int, 4> open_window = {1, 3, 12, 45};
  int four = 120;           // per square where Order would complete a line now
  int double_four = 1200;   // Chaos to move facing two or more such squares
  int fork = 90;            // Order to move: a placement that would make two fours
  int chaos_block = 50;     // percent of the best single block credited to Chaos to move
  int dead_board = 4000;    // no window can be completed any more: Chaos wins
  int order_to_win = 6000;  // Order to move with a four (the search sees it first)
  friend bool operator==(const EvalWeights&, const EvalWeights&) = default;
};

// The squares where placing `symbol` now completes a winning line (under the position's
// rule version).
Bitboard winning_squares(const Position& pos, Symbol symbol);

// Whether `symbol` can still complete window `w`: no other symbol in it, and under
// exact-five none of `symbol` just beyond its ends.
bool window_open_for(const Position& pos, const Window& w, Symbol symbol);

// From Order's point of view, and from the side to move's.
int evaluate_for_order(const Position& pos, const EvalWeights& weights = {});
int evaluate(const Position& pos, const EvalWeights& weights = {});

}  // namespace orderchaos
