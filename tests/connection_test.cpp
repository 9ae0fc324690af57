// ConnectionMap and Remainder against plain floods on random groups of awkward shapes
// (thin chains, branches, blobs with holes, groups too tall for a 64-bit window) on
// several board sizes: every piece's singleton targets, and the parts an ordo line
// leaves behind.
#include "ordo/connection.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <utility>

#include "ordo/window.h"

namespace ordo {
namespace {

// A connected group grown from a random square by random steps to neighbours; `spread`
// picks how often a step starts from any piece rather than the newest (thin chains).
Bitboard random_group(std::mt19937_64& rng, const Geometry& g, int pieces, int spread) {
  int newest = static_cast<int>(rng() % static_cast<unsigned>(g.square_count()));
  Bitboard group = bit(newest);
  for (int tries = 0; popcount(group) < pieces && tries < 20 * pieces; ++tries) {
    int from = newest;
    if (static_cast<int>(rng() % 10) < spread) {
      Bitboard b = group;
      for (int k = static_cast<int>(rng() % static_cast<unsigned>(popcount(group))); k; --k)
        b &= b - 1;
      from = lsb(b);
    }
    const Bitboard options = g.neighbours(from) & ~group;
    if (!options) continue;
    Bitboard b = options;
    for (int k = static_cast<int>(rng() % static_cast<unsigned>(popcount(options))); k; --k)
      b &= b - 1;
    newest = lsb(b);
    group |= bit(newest);
  }
  return group;
}

int count_parts(const Geometry& g, Bitboard set) {
  int parts = 0;
  for (; set; ++parts) set &= ~g.flood(set & -set, set);
  return parts;
}

Bitboard common_touch_of_parts(const Geometry& g, Bitboard set) {
  Bitboard common = g.all();
  while (set) {
    const Bitboard part = g.flood(set & -set, set);
    common &= g.dilate(part);
    set &= ~part;
  }
  return common;
}

std::string describe(const Geometry& g, Bitboard group) {
  std::string text = g.size_name();
  text += " group";
  for (Bitboard b = group; b;) {
    text += ' ';
    text += std::to_string(pop_lsb(b));
  }
  return text;
}

// Checks every piece's singleton targets and the parts left by every ordo line (two or
// more pieces in a row or column) and every single piece; returns the lines checked.
int check_against_floods(const Geometry& g, Bitboard group, bool connected) {
  const ConnectionMap map(g, group, connected);
  for (Bitboard b = group; b;) {
    const int sq = pop_lsb(b);
    const Bitboard rest = group & ~bit(sq);
    Bitboard expected = 0;
    for (Bitboard to = g.all() & ~group; to;) {
      const int t = pop_lsb(to);
      if (g.is_connected(rest | bit(t))) expected |= bit(t);
    }
    EXPECT_EQ(map.singleton_targets(sq) & ~group, expected)
        << describe(g, group) << ", piece " << sq;
  }
  int lines = 0;
  for (Bitboard b = group; b;) {
    const int start = pop_lsb(b);
    for (const Direction along : {E, N}) {
      Bitboard line = bit(start);
      for (int sq = start;;) {
        Remainder parts = map.without(group, line, connected);
        const Bitboard rest = group & ~line;
        EXPECT_EQ(parts.part_count(), count_parts(g, rest)) << describe(g, group);
        EXPECT_EQ(parts.common_touch(), common_touch_of_parts(g, rest)) << describe(g, group);
        ++lines;
        const Bitboard next = g.shift(bit(sq), along) & group;
        if (!next) break;
        sq = lsb(next);
        line |= next;
      }
    }
  }
  return lines;
}

const std::pair<int, int> kSizes[] = {{10, 8}, {8, 8}, {16, 8}, {5, 16}, {3, 3}};

TEST(ConnectionMap, MatchesFloodsOnRandomGroups) {
  std::mt19937_64 rng(2026);
  int groups = 0, lines = 0;
  for (const auto& [width, height] : kSizes) {
    const Geometry& g = Geometry::of(width, height);
    for (int i = 0; i < 600; ++i) {
      const int pieces = 2 + static_cast<int>(rng() % 24);
      const Bitboard group = random_group(rng, g, pieces, static_cast<int>(rng() % 11));
      ASSERT_TRUE(g.is_connected(group));
      ++groups;
      lines += check_against_floods(g, group, true);
      if (HasFailure()) return;
    }
  }
  EXPECT_EQ(groups, 3000);
  EXPECT_GT(lines, 20000);
}

// local_cut_points against its definition, piece by piece: the piece's neighbours in the
// group, flooded among themselves, do not all meet.
TEST(LocalCutPoints, MatchFloodsOfEachPiecesNeighbours) {
  std::mt19937_64 rng(77);
  int found = 0;
  for (const auto& [width, height] : kSizes) {
    const Geometry& g = Geometry::of(width, height);
    for (int i = 0; i < 400; ++i) {
      // Connected groups and, every other time, two of them side by side (a split side).
      Bitboard group =
          random_group(rng, g, 2 + static_cast<int>(rng() % 24), static_cast<int>(rng() % 11));
      if (i % 2) group |= random_group(rng, g, 1 + static_cast<int>(rng() % 8), 5);
      Bitboard expected = 0;
      for (Bitboard rest = group; rest;) {
        const int sq = pop_lsb(rest);
        const Bitboard around = g.neighbours(sq) & group;
        if (has_more_than_one(around) && g.flood(around & -around, around) != around)
          expected |= bit(sq);
      }
      ASSERT_EQ(local_cut_points(g, group), expected) << width << "x" << height << " " << i;
      found += popcount(expected);
    }
  }
  EXPECT_GT(found, 1000);
}

// Sides split in two or more groups (a reconnection turn).
TEST(ConnectionMap, MatchesFloodsOnRandomSplitSides) {
  std::mt19937_64 rng(2027);
  int sides = 0;
  for (const auto& [width, height] : kSizes) {
    const Geometry& g = Geometry::of(width, height);
    for (int i = 0; i < 600; ++i) {
      Bitboard side = 0;
      for (int k = 2 + static_cast<int>(rng() % 2); k; --k) {
        side |=
            random_group(rng, g, 1 + static_cast<int>(rng() % 10), static_cast<int>(rng() % 11));
      }
      if (g.is_connected(side)) continue;
      ++sides;
      check_against_floods(g, side, false);
      if (HasFailure()) return;
    }
  }
  EXPECT_GT(sides, 1500);
}

// WordRemainder on a window of the group's ranks and one more on each side, against
// floods: every line of the group slid to each square of the window along each axis.
TEST(WordRemainder, MatchesFloodsOnRandomGroups) {
  std::mt19937_64 rng(2028);
  int checked = 0;
  for (const auto& [width, height] : kSizes) {
    const Geometry& g = Geometry::of(width, height);
    for (int i = 0; i < 600; ++i) {
      const Bitboard group =
          random_group(rng, g, 2 + static_cast<int>(rng() % 20), static_cast<int>(rng() % 11));
      const int low = g.rank_of(lsb(group)), high = g.rank_of(msb(group));
      const int bottom = low > 0 ? low - 1 : low, top = high + 1 < height ? high + 1 : high;
      const Window window(g, g.rank_mask(bottom) | g.rank_mask(top));
      if (!window.fits()) continue;
      Bitboard span = 0;
      for (int r = bottom; r <= top; ++r) span |= g.rank_mask(r);
      for (Bitboard b = group; b;) {
        const int start = pop_lsb(b);
        for (const Direction along : {E, N}) {
          Bitboard line = bit(start);
          for (int sq = start;;) {
            const Bitboard rest = group & ~line;
            WordRemainder parts(window, window.down(rest), window.down(line), true);
            for (const Direction d : {N, E, S, W}) {
              for (Bitboard slid = g.shift(line, d);
                   popcount(slid) == popcount(line) && (slid & span) == slid;
                   slid = g.shift(slid, d)) {
                const bool joined = g.is_connected(rest | slid);
                EXPECT_EQ(parts.joined_by(window.down(slid)), joined)
                    << describe(g, group) << ", line " << describe(g, line) << " to "
                    << describe(g, slid);
                ++checked;
              }
            }
            const Bitboard next = g.shift(bit(sq), along) & group;
            if (!next) break;
            sq = lsb(next);
            line |= next;
          }
        }
      }
      if (HasFailure()) return;
    }
  }
  EXPECT_GT(checked, 100000);
}

}  // namespace
}  // namespace ordo
