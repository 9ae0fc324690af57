// The one-word floods of core/window.h and the direction table of Geometry, checked
// against the plain 128-bit geometry on every board shape, including sets whose top
// piece sits on the window's last bits (where an earlier window lost the neighbour
// diagonally down and to the right).
#include "ordo/window.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace ordo {
namespace {

// Random sets of squares: sparse, dense, and ones packed at the top of a 64-square span.
Bitboard random_set(std::mt19937_64& rng, const Geometry& g, int kind) {
  Bitboard b = 0;
  const int n = g.square_count();
  for (int sq = 0; sq < n; ++sq) {
    const bool take = kind == 0 ? rng() % 6 == 0 : rng() % 2 == 0;
    if (take) b |= bit(sq);
  }
  if (kind == 2 && b) {
    // Keep only the squares of a window reaching 62 or 63 squares above its base.
    const int base = g.rank_of(lsb(b)) * g.width();
    const int top = std::min(n - 1, base + 62 + static_cast<int>(rng() % 2));
    b &= (bit(top) << 1) - bit(base);
    b |= bit(top);
  }
  return b;
}

// Calls visit(g, set, window) for 60 random sets (random_set, empty ones left out) on
// every board shape; returns how many of them their window fits.
template <class Visit>
int for_each_random_window(std::mt19937_64& rng, Visit visit) {
  int fitting = 0;
  for (int width = kMinSide; width <= kMaxSide; ++width) {
    for (int height = kMinSide; height <= kMaxSide; ++height) {
      if (!Geometry::valid_size(width, height)) continue;
      const Geometry& g = Geometry::of(width, height);
      for (int i = 0; i < 60; ++i) {
        const Bitboard set = random_set(rng, g, i % 3);
        if (!set) continue;
        const Window window(g, set);
        fitting += window.fits();
        visit(g, set, window);
      }
    }
  }
  return fitting;
}

TEST(Window, DilationWithinTheSetMatchesTheGeometry) {
  std::mt19937_64 rng(64);
  const int checked =
      for_each_random_window(rng, [](const Geometry& g, Bitboard set, const Window& window) {
        EXPECT_EQ(window.fits(), msb(set) - window.base() < 63);
        if (!window.fits()) return;
        const std::uint64_t word = window.down(set);
        ASSERT_EQ(window.up(word), set);
        // Every square of the set, grown within the set.
        for (Bitboard b = set; b;) {
          const int sq = pop_lsb(b);
          const std::uint64_t grown = window.dilate(window.down(bit(sq))) & word;
          ASSERT_EQ(window.up(grown), g.dilate(bit(sq)) & set) << g.size_name() << " square " << sq;
        }
      });
  EXPECT_GT(checked, 3000);
}

// The whole-board answers a Window gives (grown sets, squares next to two sets) and its
// steps (one at a time and by a Stepper) and floods on words, against the Geometry on
// random sets of every board shape.
TEST(Window, GrowthAndStepsMatchTheGeometry) {
  std::mt19937_64 rng(65);
  const int checked =
      for_each_random_window(rng, [&rng](const Geometry& g, Bitboard set, const Window& window) {
        if (!window.fits()) return;
        const std::uint64_t word = window.down(set);
        // Split the set in two at random; either half may be empty.
        std::uint64_t half = 0;
        for (std::uint64_t b = word; b; b &= b - 1) {
          if (rng() % 2) half |= b & -b;
        }
        const Bitboard a = window.up(half), b = set & ~a;
        ASSERT_EQ(window.grow(word), g.dilate(set)) << g.size_name();
        ASSERT_EQ(window.common_touch(half, word & ~half), g.dilate(a) & g.dilate(b))
            << g.size_name();
        const Bitboard in_window = (Bitboard{~std::uint64_t{0}} << window.base()) & g.all();
        for (int d = 0; d < kDirectionCount; ++d) {
          const auto dir = static_cast<Direction>(d);
          ASSERT_EQ(window.up(window.shift(word, dir)) & g.all(), g.shift(set, dir) & in_window)
              << g.size_name() << " direction " << d;
          ASSERT_EQ(window.stepper(dir)(word), window.shift(word, dir))
              << g.size_name() << " direction " << d;
        }
        const Bitboard seed = set & -set;
        ASSERT_EQ(window.up(window.flood(window.down(seed), word)), g.flood(seed, set));
      });
  EXPECT_GT(checked, 3000);
}

TEST(Geometry, DirectionBetweenSquaresOnALine) {
  for (const auto& [width, height] : {std::pair{10, 8}, std::pair{8, 8}, std::pair{16, 8}}) {
    const Geometry& g = Geometry::of(width, height);
    for (int from = 0; from < g.square_count(); ++from) {
      for (int d = 0; d < kDirectionCount; ++d) {
        for (Bitboard r = g.ray(static_cast<Direction>(d), from); r;) {
          const int to = pop_lsb(r);
          ASSERT_EQ(g.direction(from, to), d) << from << " to " << to;
        }
      }
    }
  }
}

}  // namespace
}  // namespace ordo
