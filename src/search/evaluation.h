// Static evaluation of an Ordo position: a score in centipiece-like units from the side to
// move's point of view. No move generation, so that it stays cheap at every leaf.
#pragma once

#include "core/bitboard.h"
#include "core/position.h"

namespace ordo {

// The evaluation's weights, kept in a plain struct so that a tuning tool can replace them.
// Bonuses are added for each side and the difference is taken; penalties are subtracted.
struct EvalWeights {
  int material;        // per piece
  int leader_rank;     // per rank the most advanced piece has come forward
  int leader_rank_sq;  // per squared rank of that piece: the last steps matter most
  int mean_rank;       // per rank of the whole group's mean advancement
  int open_path;       // per piece with an open slide to the opponent's home row
  int cut_point;       // penalty per piece whose removal splits its neighbours locally
  int split;           // penalty for the side to move being split (it must reconnect)
  int tempo;           // bonus for the side to move

  static EvalWeights defaults(Variant variant);
};

// Evaluates with the default weights of the position's variant.
int evaluate(const Position& pos);
int evaluate(const Position& pos, const EvalWeights& weights);

// The pieces of `side` that could slide (forward or diagonally forward) onto the
// opponent's home row, onto an empty square or capturing there. Connection is not
// checked, so this over-approximates the immediate threats of `side`.
Bitboard open_path_pieces(const Position& pos, Color side);

}  // namespace ordo
