// Fitting the evaluation's weights by TD(lambda) self-play, as TD-Gammon learnt: the
// player picks each turn greedily by the current weights (the dice explore), and after each
// game every position's estimate moves toward its lambda-return, the mix of the later
// estimates and the game's outcome. The bear-off database's exact values anchor the ends of
// the races. Deterministic for a seed.
#pragma once

#include <cstdint>

#include "mughrabieh/ai/weights.h"
#include "mughrabieh/types.h"

namespace mughrabieh::ai {

struct TrainingOptions {
  int games = 20000;
  std::uint64_t seed = 1;
  double lambda = 0.7;
  double rate = 0.02;       // the learning rate at the start, falling linearly ...
  double end_rate = 0.002;  // ... to this at the last game
  RuleSet rules = RuleSet::House;
  Weights start{};  // all zero: a player that knows nothing
};

struct TrainingReport {
  int games = 0;
  long long positions = 0;  // positions updated (contact and race)
  double cpu_seconds = 0;
  double mean_abs_error = 0;  // |lambda-return - estimate| over the last tenth of the games
};

Weights train_td(const TrainingOptions& options, TrainingReport* report = nullptr);

}  // namespace mughrabieh::ai
