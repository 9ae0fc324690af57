// Uniformly random complete games: full legal-move generation at every turn, one move
// drawn uniformly, until the rules end the game (repetition and move limit included).
// Used by bench, tests, and later by MCTS playouts.
#pragma once

#include <cstdint>

#include "ordo/game.h"
#include "ordo/position.h"
#include "util/random.h"

namespace ordo {

// The seedable generator shared by both games (SplitMix64, common/random.h).
using Rng = common::SplitMix64;

struct PlayoutResult {
  Result result;
  int plies = 0;
};

// Plays from `start` to the end. Repetition is detected with the position hashes.
PlayoutResult random_playout(const Position& start, Rng& rng, const GameOptions& options = {});

}  // namespace ordo
