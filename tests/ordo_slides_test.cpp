// The ordo search on one word (a band of ranks round the side to move, movegen_steps.h)
// against the same search on whole bitboards, on random game positions and random
// placements: the same ordos in the same order, for every set of directions the rules
// slide ordos in, with a band worked out for those directions and with a wider one.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "ordo/connection.h"
#include "ordo/movegen_steps.h"
#include "support/random_positions.h"

namespace ordo {
namespace {

struct OrdoList {
  std::vector<std::tuple<int, int, int>> ordos;
  void singletons(int, Bitboard, Bitboard) {}
  void slides(Direction, int, Bitboard, Bitboard) {}
  void ordo(int from, int tail, int to) { ordos.emplace_back(from, tail, to); }
};

// Classic: forward, forward and back, sideways; Ordo X: the three forward directions;
// and all eight at once, more than the rules use, for the most slides per line.
std::vector<steps::Directions> direction_sets(Color us) {
  std::vector<steps::Directions> sets(5);
  sets[0].add(steps::forward(us));
  sets[1].add(steps::forward(us));
  sets[1].add(reverse(steps::forward(us)));
  steps::add_sideways(sets[2]);
  steps::add_forward(sets[3], us);
  steps::add_forward(sets[4], us);
  steps::add_sideways(sets[4]);
  steps::add_backward(sets[4], us);
  return sets;
}

// Returns the number of ordos found.
int compare_searches(const Position& pos) {
  const Geometry& g = pos.geometry();
  const Color us = pos.side_to_move();
  const Bitboard own = pos.pieces(us);
  const bool connected = g.is_connected(own);
  const ConnectionMap map(g, own, connected);
  const std::vector<steps::Directions> sets = direction_sets(us);
  // A band with a rank beyond the pieces both ways, shared by searches that need less.
  const steps::OrdoBand wide(pos, sets[1]);
  int found = 0;
  for (const Direction along : {E, N}) {
    for (const steps::Directions& dirs : sets) {
      OrdoList fast, shared, plain;
      steps::ordo_slides(pos, map, connected, along, dirs, fast);
      steps::ordo_slides(pos, map, connected, along, dirs, wide, shared);
      const steps::detail::BoardWords words{g, map, own, pos.empty_squares()};
      steps::detail::ordo_slides_on(words, connected, along, dirs, g, plain);
      EXPECT_EQ(fast.ordos, plain.ordos)
          << pos.to_string() << " along " << int{along} << ", " << dirs.count << " directions";
      EXPECT_EQ(shared.ordos, plain.ordos) << pos.to_string() << " along " << int{along} << ", "
                                           << dirs.count << " directions, wide band";
      found += static_cast<int>(plain.ordos.size());
    }
  }
  return found;
}

TEST(OrdoSlides, BandMatchesWholeBoardsInRandomGames) {
  std::mt19937_64 rng(3030);
  int found = 0;
  for (int i = 0; i < 2000; ++i) {
    const Variant variant = i % 4 ? Variant::Classic : Variant::X;
    const Position pos = testing::random_game_position(rng, variant, 120);
    found += compare_searches(pos);
    if (HasFailure()) return;
  }
  EXPECT_GT(found, 20000);
}

TEST(OrdoSlides, BandMatchesWholeBoardsOnRandomPlacements) {
  std::mt19937_64 rng(3031);
  int found = 0;
  for (int i = 0; i < 6000; ++i) {
    const Position pos = testing::random_placement(rng, Variant::Classic);
    found += compare_searches(pos);
    if (HasFailure()) return;
  }
  EXPECT_GT(found, 2000);
}

}  // namespace
}  // namespace ordo
