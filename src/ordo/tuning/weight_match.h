// A quick match between two weight sets at a fixed search depth: each seeded random
// opening is played twice with colours swapped, so that neither set gains from the side
// it plays. A check that tuned weights are not worse, not a rating.
#pragma once

#include <cstdint>
#include <functional>

#include "ordo/ai/evaluation.h"
#include "ordo/tuning/self_play.h"

namespace ordo {

struct MatchResult {
  int games = 0;
  int wins = 0;  // of the first weight set
  int draws = 0;
  int losses = 0;
  double score() const { return games ? (wins + 0.5 * draws) / games : 0.0; }
};

// `games` is rounded up to an even number. Opening i uses random_opening(seed * 7919 + i).
MatchResult play_match(const SelfPlayConfig& config, const EvalWeights& first,
                       const EvalWeights& second, int games, std::uint64_t seed,
                       const std::function<void(int, int)>& progress = {});

}  // namespace ordo
