#include "search/evaluation.h"

namespace ordo {

namespace {

constexpr EvalWeights kClassicWeights{
    .material = 100,
    .leader_rank = 12,
    .leader_rank_sq = 5,
    .mean_rank = 25,
    .open_path = 60,
    .cut_point = 12,
    .split = 80,
    .tempo = 10,
};

// Ordo X moves faster (two steps, ordos in five directions) and a capture removes whole
// groups, so advancement and compactness weigh more.
constexpr EvalWeights kXWeights{
    .material = 100,
    .leader_rank = 16,
    .leader_rank_sq = 7,
    .mean_rank = 30,
    .open_path = 60,
    .cut_point = 18,
    .split = 0,  // an Ordo X side is never left split
    .tempo = 15,
};

// Forward and diagonally forward for each side.
constexpr Direction kForward[2][3] = {{N, NE, NW}, {S, SE, SW}};

// How many ranks `sq` lies in front of `side`'s home row.
int advancement(const Geometry& g, Color side, int sq) {
  const int rank = g.rank_of(sq);
  return side == Color::White ? rank : g.height() - 1 - rank;
}

// A piece is a possible cut point when its neighbours in the group fall apart without it
// (checked inside its 3x3 neighbourhood only: cheap, and exact for thin groups).
bool splits_locally(const Geometry& g, Bitboard own, int sq) {
  const Bitboard around = g.neighbours(sq) & own;
  if (!has_more_than_one(around)) return false;
  return g.flood(around & -around, around) != around;
}

int side_score(const Position& pos, Color side, const EvalWeights& w) {
  const Geometry& g = pos.geometry();
  const Bitboard own = pos.pieces(side);
  if (!own) return 0;
  const int count = popcount(own);
  const int leader_square = side == Color::White ? msb(own) : lsb(own);
  const int leader = advancement(g, side, leader_square);

  int rank_sum = 0;
  int cut_points = 0;
  for (Bitboard rest = own; rest;) {
    const int sq = pop_lsb(rest);
    rank_sum += advancement(g, side, sq);
    cut_points += splits_locally(g, own, sq);
  }
  const int open_paths = popcount(open_path_pieces(pos, side));

  return w.material * count + w.leader_rank * leader + w.leader_rank_sq * leader * leader +
         w.mean_rank * rank_sum / count + w.open_path * open_paths - w.cut_point * cut_points;
}

}  // namespace

EvalWeights EvalWeights::defaults(Variant variant) {
  return variant == Variant::Classic ? kClassicWeights : kXWeights;
}

Bitboard open_path_pieces(const Position& pos, Color side) {
  const Geometry& g = pos.geometry();
  const Bitboard own = pos.pieces(side);
  const Bitboard goal = g.home_row(opponent(side)) & ~own;
  const Bitboard occupied = pos.occupied();
  Bitboard result = 0;
  for (Bitboard rest = own; rest;) {
    const int sq = pop_lsb(rest);
    for (Direction d : kForward[index(side)]) {
      if (g.slide(sq, d, occupied) & goal) {
        result |= bit(sq);
        break;
      }
    }
  }
  return result;
}

int evaluate(const Position& pos, const EvalWeights& weights) {
  const Color us = pos.side_to_move();
  const Color them = opponent(us);
  int score = side_score(pos, us, weights) - side_score(pos, them, weights) + weights.tempo;
  if (!pos.is_connected(us)) score -= weights.split;
  return score;
}

int evaluate(const Position& pos) {
  return evaluate(pos, EvalWeights::defaults(pos.variant()));
}

}  // namespace ordo
