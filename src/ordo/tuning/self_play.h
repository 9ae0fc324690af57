// Seeded games between two fixed-depth alpha-beta players: a few uniformly random opening
// moves (so that games differ), then each side plays its searcher's best move. With the
// same seed, depth and weights a game is the same on every run.
#pragma once

#include <cstdint>

#include "ordo/ai/evaluation.h"
#include "ordo/game.h"

namespace ordo {

struct SelfPlayConfig {
  Variant variant = Variant::Classic;
  int width = kStandardWidth;
  int height = kStandardHeight;
  int depth = 2;         // search depth of both players
  int random_plies = 8;  // uniformly random opening moves
  int move_limit = 200;  // turns in all; the game is drawn there (repetition draws too)
};

// The game after the seeded random opening (it may already be over).
Game random_opening(const SelfPlayConfig& config, std::uint64_t seed);

// Plays the game on from `game`'s position to its end, `white` and `black` searching with
// their weights at the configured depth.
void play_out(Game& game, const SelfPlayConfig& config, const EvalWeights& white,
              const EvalWeights& black);

}  // namespace ordo
