// Counting move sequences (docs/rules.md section 8 applied to Order and Chaos: a move that
// ends the game has no continuation), and uniformly random complete games.
#pragma once

#include <cstdint>

#include "orderchaos/position.h"
#include "util/random.h"

namespace orderchaos {

std::uint64_t perft(Position& pos, int depth);

struct PlayoutResult {
  Outcome outcome = Outcome::Ongoing;
  int plies = 0;
};

// Plays uniformly random legal moves (a symbol and an empty square, all equally likely)
// from `start` to the end of the game.
PlayoutResult random_playout(const Position& start, common::SplitMix64& rng);

}  // namespace orderchaos
