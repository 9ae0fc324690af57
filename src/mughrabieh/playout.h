// Random play (docs/rules.md, Mughrabieh 11): the referee rolls two fair dice, then the
// side to move plays a uniformly random legal turn. "Uniform" is offered two ways, as the
// two differ: over the distinct resulting positions (each legal turn once), or over the
// die-step sequences (a turn as likely as the orders that reach it).
#pragma once

#include <cstdint>

#include "mughrabieh/turns.h"
#include "util/random.h"

namespace mughrabieh {

enum class Uniform : std::uint8_t { Positions, Sequences };

// A fair roll of two dice: each of 36 outcomes equally likely.
Roll random_roll(common::SplitMix64& rng);

// A uniformly random legal turn for `pos`'s pending roll; `list` is scratch.
Turn random_turn(Position& pos, TurnList& list, Uniform uniform, common::SplitMix64& rng);

struct PlayoutResult {
  Outcome outcome = Outcome::Ongoing;  // Ongoing only when the cap was reached
  int points = 0;                      // the winner's
  int turns = 0;
  int passes = 0;
};

// Plays `start` to its end (at most `max_turns` turns). A pending roll is played first.
PlayoutResult random_playout(const Position& start, common::SplitMix64& rng, Uniform uniform,
                             TurnList& list, int max_turns = 100000);

// The benchmark `bench` will print: `games` random single games from the start position,
// timed in this thread's CPU time.
struct PlayoutBench {
  int games = 0;
  std::uint64_t turns = 0;
  int white_wins = 0;
  double cpu_seconds = 0;
  double games_per_second() const { return cpu_seconds > 0 ? games / cpu_seconds : 0; }
};
PlayoutBench bench_random_games(int games, std::uint64_t seed, Uniform uniform,
                                RuleSet rules = RuleSet::House);

}  // namespace mughrabieh
