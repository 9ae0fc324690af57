// Uniformly random complete games: full legal-move generation at every turn, one move
// drawn uniformly, until the rules end the game (repetition and move limit included).
// Used by bench, tests, and later by MCTS playouts.
#pragma once

#include <cstdint>

#include "core/game.h"
#include "core/position.h"

namespace ordo {

// A small, fast, seedable generator (SplitMix64); deterministic across platforms.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) (Lemire's multiply-shift; the tiny bias is irrelevant here).
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(
        (static_cast<std::uint64_t>(static_cast<std::uint32_t>(next())) * n) >> 32);
  }

 private:
  std::uint64_t state_;
};

struct PlayoutResult {
  Result result;
  int plies = 0;
};

// Plays from `start` to the end. Repetition is detected with the position hashes.
PlayoutResult random_playout(const Position& start, Rng& rng, const GameOptions& options = {});

}  // namespace ordo
