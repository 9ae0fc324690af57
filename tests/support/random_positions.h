// Seeded random positions for property tests: random games from the start positions and
// random placements on boards of every allowed shape, connected and split alike.
#pragma once

#include <random>

#include "ordo/movegen.h"
#include "ordo/position.h"

namespace ordo::testing {

// A position reached by up to `max_plies` uniformly random legal moves from a start.
inline Position random_game_position(std::mt19937_64& rng, Variant variant, int max_plies) {
  const int width = rng() % 2 ? 10 : 8;
  Position pos = Position::start(variant, width, 8);
  const int plies = static_cast<int>(rng() % (max_plies + 1));
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.empty()) break;
    const Move m = moves[rng() % moves.size()];
    Position next = pos;
    next.make(m);
    if (next.decided_winner()) break;  // keep positions that still have a game to play
    pos = next;
  }
  return pos;
}

// Pieces scattered at random on a random board (some clustered so that groups and ordos
// form), with no side already on its opponent's home row.
inline Position random_placement(std::mt19937_64& rng, Variant variant) {
  int width, height;
  do {
    width = 3 + static_cast<int>(rng() % 14);
    height = 3 + static_cast<int>(rng() % 14);
  } while (!Geometry::valid_size(width, height));
  const Geometry& g = Geometry::of(width, height);
  const double density = 0.1 + 0.5 * std::uniform_real_distribution<double>()(rng);
  Bitboard white = 0, black = 0;
  for (int sq = 0; sq < g.square_count(); ++sq) {
    if (std::uniform_real_distribution<double>()(rng) >= density) continue;
    const bool is_white = rng() % 2;
    const Bitboard goal = g.home_row(is_white ? Color::Black : Color::White);
    if (goal & bit(sq)) continue;
    (is_white ? white : black) |= bit(sq);
  }
  if (!white) white = bit(g.square(0, 0));
  if (!black) black = bit(g.square(width - 1, height - 1));
  return Position(g, variant, white, black, rng() % 2 ? Color::White : Color::Black);
}

}  // namespace ordo::testing
