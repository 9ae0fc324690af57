// Playing levels: the table is monotone, the randomness is reproducible with a seed, and
// the engine applies it.
#include <gtest/gtest.h>

#include <atomic>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "orderchaos/ai/orderchaos_search.h"
#include "ordo/ai/ordo_facade.h"
#include "ordo/ai/ordo_search.h"
#include "ordo/notation.h"

namespace ordo {
namespace {

// 0 means "no limit": larger than any number.
std::uint64_t unlimited(std::uint64_t value) {
  return value == 0 ? std::numeric_limits<std::uint64_t>::max() : value;
}

// Every table: Classic, Ordo X, and Order and Chaos.
std::vector<std::pair<std::string, LevelSettings (*)(int)>> level_tables() {
  return {
      {"classic", [](int level) { return level_settings(level, Variant::Classic); }},
      {"ordo x", [](int level) { return level_settings(level, Variant::X); }},
      {"order and chaos", orderchaos_level_settings},
  };
}

TEST(Levels, HigherLevelsSearchNoLessAndGambleNoMore) {
  for (const auto& [name, table] : level_tables()) {
    SCOPED_TRACE(name);
    for (int level = kMinLevel; level < kMaxLevel; ++level) {
      const LevelSettings low = table(level), high = table(level + 1);
      SCOPED_TRACE(level);
      EXPECT_LE(unlimited(static_cast<std::uint64_t>(low.max_depth)),
                unlimited(static_cast<std::uint64_t>(high.max_depth)));
      EXPECT_LE(unlimited(low.max_nodes), unlimited(high.max_nodes));
      EXPECT_GE(low.margin, high.margin);
      EXPECT_GE(low.blunder_percent, high.blunder_percent);
      // Adjacent levels must differ in something, or they are one level.
      EXPECT_TRUE(low.max_depth != high.max_depth || low.max_nodes != high.max_nodes ||
                  low.margin != high.margin || low.blunder_percent != high.blunder_percent);
    }
    const LevelSettings top = table(kMaxLevel);
    EXPECT_EQ(top.max_depth, 0);
    EXPECT_EQ(top.max_nodes, 0u);
    EXPECT_EQ(top.margin, 0);
    EXPECT_EQ(top.blunder_percent, 0);
    EXPECT_GT(table(kMinLevel).blunder_percent, 0);
  }
}

TEST(Levels, OutOfRangeLevelsAreClamped) {
  EXPECT_EQ(level_settings(0, Variant::X).max_nodes,
            level_settings(kMinLevel, Variant::X).max_nodes);
  EXPECT_EQ(level_settings(11, Variant::Classic).max_nodes, 0u);
}

TEST(Levels, LimitsTakeTheTighterOfCallerAndLevel) {
  const LevelSettings level = level_settings(3, Variant::Classic);
  const SearchLimits both = limits_at_level({.depth = 9, .nodes = 100, .time_ms = 50}, level);
  EXPECT_EQ(both.depth, level.max_depth);
  EXPECT_EQ(both.nodes, 100u);
  EXPECT_EQ(both.time_ms, 50);
  const SearchLimits none = limits_at_level({}, level_settings(kMaxLevel, Variant::Classic));
  EXPECT_EQ(none.depth, 0);
  EXPECT_EQ(none.nodes, 0u);
}

// The moves level 1 plays from `pos` with seeds 1..count, in notation.
std::vector<std::string> level_moves(const Position& pos, int level, int count) {
  std::vector<std::string> moves;
  for (int seed = 1; seed <= count; ++seed) {
    AlphaBeta searcher(1);
    const std::atomic<bool> stop{false};
    const LevelSettings settings = level_settings(level, pos.variant());
    const SearchResult result =
        searcher.search(pos, {}, limits_at_level({.depth = 3}, settings), stop);
    const auto chosen = choose_at_level(settings, searcher, pos, {}, result,
                                        static_cast<std::uint64_t>(seed), stop);
    moves.push_back(format_move(pos, *chosen));
  }
  return moves;
}

TEST(Levels, RandomnessIsReproducibleWithASeedAndVariesAcrossSeeds) {
  const Position pos = Position::start(Variant::Classic, 8, 8);
  const std::vector<std::string> first = level_moves(pos, 1, 12);
  EXPECT_EQ(first, level_moves(pos, 1, 12));
  EXPECT_GT(std::set<std::string>(first.begin(), first.end()).size(), 1u);
  // Full strength is one move whatever the seed.
  const std::vector<std::string> top = level_moves(pos, kMaxLevel, 3);
  EXPECT_EQ(std::set<std::string>(top.begin(), top.end()).size(), 1u);
}

TEST(Levels, EvenTheLowestLevelTakesAnImmediateWin) {
  const Position pos = Position::parse("10/2ww6/10/7b2/7b2/10/10/10 w", Variant::Classic);
  for (int seed = 1; seed <= 20; ++seed) {
    AlphaBeta searcher(1);
    const std::atomic<bool> stop{false};
    const LevelSettings settings = level_settings(kMinLevel, pos.variant());
    const SearchResult result = searcher.search(pos, {}, limits_at_level({}, settings), stop);
    const auto chosen = choose_at_level(settings, searcher, pos, {}, result,
                                        static_cast<std::uint64_t>(seed), stop);
    Position after = pos;
    after.make(*chosen);
    EXPECT_EQ(after.decided_winner(), Color::White) << seed;
  }
}

}  // namespace
}  // namespace ordo
