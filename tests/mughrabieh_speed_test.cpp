// Random single games per CPU-second (the figure `bench` will print): prints the speed of
// each kind of uniform random play under both rule sets. Asserts only that the games end
// and that White's share is plausible; the speed is for people (research/mughrabieh.md).
#include <gtest/gtest.h>

#include <cstdio>

#include "mughrabieh/playout.h"

namespace mughrabieh {
namespace {

TEST(MughrabiehSpeed, RandomSingleGamesPerCpuSecond) {
  for (const Uniform uniform : {Uniform::Positions, Uniform::Sequences}) {
    for (const RuleSet rules : {RuleSet::House, RuleSet::Ludii}) {
      const PlayoutBench bench = bench_random_games(2000, 42, uniform, rules);
      std::printf(
          "mughrabieh %s, uniform over %s: %d games, %.1f turns a game, %.3f s CPU, "
          "%.0f games per CPU-second\n",
          std::string(rule_set_name(rules)).c_str(),
          uniform == Uniform::Positions ? "positions" : "sequences", bench.games,
          static_cast<double>(bench.turns) / bench.games, bench.cpu_seconds,
          bench.games_per_second());
      EXPECT_EQ(bench.games, 2000);
      EXPECT_GT(bench.white_wins, 800);
      EXPECT_LT(bench.white_wins, 1400);
    }
  }
}

}  // namespace
}  // namespace mughrabieh
