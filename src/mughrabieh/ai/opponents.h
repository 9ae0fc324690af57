// Players for measuring the AI (the ladder, research/mughrabieh-ai.md, and the tests): a
// level of the AI, uniform random play, and a simple race heuristic; and games between two
// of them with mirrored dice, each dice sequence played twice with the sides swapped, so
// that luck cancels out of the comparison.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "mughrabieh/turns.h"

namespace mughrabieh::ai {

struct Opponent {
  enum class Kind { Level, Random, Heuristic } kind = Kind::Level;
  int level = 10;
  std::string name() const;  // "level 10", "random", "heuristic"
};

// The heuristic's turn: the fewest pips left, then the most points held (spread: more
// points to land on and to block with), then the opponent's most blocked steps.
Turn heuristic_turn(Position& pos, TurnList& list);

struct PairResult {
  int first_wins = 0;  // single games won by the first opponent
  int games = 0;
  int draws = 0;  // ludii rules only
};

// `pairs` dice sequences from `seed`, each played twice from the start with the two
// opponents swapping sides (White begins). Seeds of the levels' noise follow the game.
PairResult play_mirrored(const Opponent& first, const Opponent& second, int pairs,
                         std::uint64_t seed, RuleSet rules = RuleSet::House);

// The Wilson score interval at about 95% (z = 1.96) for `wins` in `games`.
struct Interval {
  double low = 0, high = 0;
};
Interval wilson(int wins, int games);

}  // namespace mughrabieh::ai
