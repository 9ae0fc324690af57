// An exact one-sided bear-off database (issue 58): every way one side can have its pieces
// within its final six points with the rest borne off, C(21,6) = 54,264 positions, with the
// expected number of turns to bear off all of them under the play that makes it least, and
// the chance of being done within n turns under that play. It is exact for a pure race, when
// no opposing piece stands in the side's final six points (an opposing piece there can
// block, and the database does not know it), under the house rules (docs/rules.md,
// Mughrabieh 3 and 6). The probability of finishing first combines two sides' chances, as
// one-sided databases do (each side playing to shorten its own race).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "mughrabieh/types.h"

namespace mughrabieh {

constexpr int kBearoffPositions = 54264;  // C(21, 6)

// Pieces on the points 1..6 of one side (home[0] on its 1-point); at most 15 in all.
using HomeCounts = std::array<std::uint8_t, 6>;

// 0 .. kBearoffPositions - 1 (the last is all borne off); throws std::invalid_argument for
// more than 15 pieces.
int bearoff_index(const HomeCounts& home);
HomeCounts bearoff_position(int index);

class BearoffDatabase {
 public:
  static constexpr int kMaxTurns = 40;  // the chances are kept for 0..kMaxTurns turns

  BearoffDatabase();  // computes the whole table (a second or two)

  double expected_turns(const HomeCounts& home) const;
  // The chance that the side, on roll now, has borne off all within `turns` of its turns.
  double done_within(const HomeCounts& home, int turns) const;
  // The chance that the side on roll bears off all before the other side does.
  double win_probability(const HomeCounts& on_roll, const HomeCounts& other) const;

 private:
  std::vector<float> expected_;
  std::vector<float> within_;  // [index * (kMaxTurns + 1) + turns]
};

}  // namespace mughrabieh
