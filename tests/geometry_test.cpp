#include "ordo/geometry.h"

#include <gtest/gtest.h>

#include <random>

namespace ordo {
namespace {

TEST(Geometry, RejectsSizesOutsideTheRules) {
  EXPECT_THROW(Geometry::of(2, 8), std::invalid_argument);
  EXPECT_THROW(Geometry::of(17, 3), std::invalid_argument);
  EXPECT_THROW(Geometry::of(12, 11), std::invalid_argument);  // 132 squares
  EXPECT_NO_THROW(Geometry::of(16, 8));
  EXPECT_NO_THROW(Geometry::of(3, 16));
}

TEST(Geometry, ShiftDoesNotWrapAroundFiles) {
  const Geometry& g = Geometry::of(10, 8);
  const Bitboard last_file = g.file_mask(9);
  EXPECT_EQ(g.shift(last_file, E), Bitboard{0});
  EXPECT_EQ(g.shift(g.file_mask(0), W), Bitboard{0});
  EXPECT_EQ(g.shift(g.rank_mask(7), N), Bitboard{0});
  EXPECT_EQ(g.shift(bit(g.square(3, 3)), NE), bit(g.square(4, 4)));
}

// A Stepper takes the same step as shift() on every board shape, corners and the top
// square of a 128-square board included.
TEST(Geometry, StepperStepsLikeShift) {
  for (int width = kMinSide; width <= kMaxSide; ++width) {
    for (int height = kMinSide; height <= kMaxSide; ++height) {
      if (!Geometry::valid_size(width, height)) continue;
      const Geometry& g = Geometry::of(width, height);
      for (int d = 0; d < kDirectionCount; ++d) {
        const auto dir = static_cast<Direction>(d);
        const Stepper step = g.stepper(dir);
        ASSERT_EQ(step(g.all()), g.shift(g.all(), dir)) << g.size_name() << " direction " << d;
        for (int sq = 0; sq < g.square_count(); ++sq) {
          ASSERT_EQ(step(bit(sq)), g.shift(bit(sq), dir)) << g.size_name() << " square " << sq;
        }
      }
    }
  }
}

// slide_fill doubles its steps; stepping one square a round until nothing new is reached
// is its definition. Checked on every board shape, in every direction, on random boards
// (the longest runs included: an empty board, where every slide crosses it).
TEST(Geometry, SlideFillReachesWhatStepByStepSlidesReach) {
  std::mt19937_64 random(20261126);
  const auto random_board = [&](const Geometry& g) {
    const Bitboard words = (Bitboard{random()} << 64) | random();
    return words & (words >> 1 | (Bitboard{random()} << 64) | random()) & g.all();
  };
  for (int width = kMinSide; width <= kMaxSide; ++width) {
    for (int height = kMinSide; height <= kMaxSide; ++height) {
      if (!Geometry::valid_size(width, height)) continue;
      const Geometry& g = Geometry::of(width, height);
      for (int trial = 0; trial < 20; ++trial) {
        const Bitboard seeds = random_board(g) & random_board(g);
        const Bitboard through = trial == 0 ? g.all() & ~seeds : random_board(g) & ~seeds;
        for (int d = 0; d < kDirectionCount; ++d) {
          const auto dir = static_cast<Direction>(d);
          Bitboard expected = seeds;
          for (Bitboard next = seeds; (next = g.shift(next, dir) & through & ~expected);)
            expected |= next;
          ASSERT_EQ(g.slide_fill(seeds, through, dir), expected)
              << g.size_name() << " direction " << d << " trial " << trial;
        }
      }
    }
  }
}

TEST(Geometry, HundredTwentyEightSquareBoardUsesTheTopBit) {
  const Geometry& g = Geometry::of(16, 8);
  EXPECT_EQ(g.square_count(), 128);
  EXPECT_EQ(popcount(g.all()), 128);
  const int top_right = g.square(15, 7);
  EXPECT_EQ(top_right, 127);
  EXPECT_EQ(popcount(g.neighbours(top_right)), 3);
  EXPECT_EQ(g.ray(S, top_right), g.file_mask(15) & ~bit(top_right));
}

TEST(Geometry, FloodFollowsDiagonals) {
  const Geometry& g = Geometry::of(8, 8);
  const Bitboard diagonal = bit(g.square(0, 0)) | bit(g.square(1, 1)) | bit(g.square(2, 2));
  EXPECT_TRUE(g.is_connected(diagonal));
  EXPECT_FALSE(g.is_connected(diagonal | bit(g.square(7, 0))));
}

}  // namespace
}  // namespace ordo
