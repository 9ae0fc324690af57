// Mughrabieh's AI (issue 58): the turn to play for a roll, at one of the project's ten
// levels, and the static evaluation. Equities are single-game: 2 P(win) - 1 for the side to
// move, in [-1, 1]. They ignore how many points a win scores (1 to 15) and the match score,
// so in a match to 31 the player plays each game to win it, not to win it big
// (docs/levels.md, Mughrabieh).
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "mughrabieh/position.h"

namespace mughrabieh::ai {

struct SearchLimits {
  int level = 10;                // 1..10, the project's levels (weak..strongest)
  std::uint64_t nodes = 0;       // 0: no limit
  std::int64_t movetime_ms = 0;  // 0: no limit
  std::uint64_t seed = 1;        // for levels that play with noise
};

struct RankedTurn {
  Turn turn;
  double equity = 0;  // single-game equity for the side to move, in [-1, 1]
  int depth = 0;      // the plies of chance behind this turn's equity
};

struct TurnChoice {
  std::vector<RankedTurn> ranked;  // every distinct legal turn for the roll, best first
  std::uint64_t nodes = 0;
  int depth = 0;  // plies of chance searched (0: static evaluation only)
};

// pos must be a decision node (its roll set, not over); throws std::invalid_argument
// otherwise. Thread-safe if each thread passes its own Position. `stop` (may be null) ends
// the search early; the deepest completed depth's ranking is returned.
TurnChoice choose_turn(const Position& pos, const SearchLimits& limits,
                       const std::atomic<bool>* stop = nullptr);

// Static single-game equity of pos for its side to move, at the chance node before its roll.
double evaluate(const Position& pos);

}  // namespace mughrabieh::ai
