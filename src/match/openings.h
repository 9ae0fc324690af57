// Match openings: a few random legal plies from the standard start, seeded. An opening
// is kept only if the game is still open: not over, and neither side could win at once
// (the side to move with its next move, nor the other side if it were to move). Each
// opening is played twice, the colours swapped (match.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "match/player_factory.h"

namespace ordo::match {

struct Opening {
  std::vector<std::string> moves;  // as written by the core's notation
};

// Opening number `index` of the match with this seed: the same on every run and machine.
// Throws std::runtime_error if no acceptable opening turns up in many tries.
Opening make_opening(const MatchRules& rules, int plies, std::uint64_t seed, int index);

// Whether `color` has a move that wins the game at once in `pos` (played as if it were
// its turn).
bool can_win_at_once(const Position& pos, Color color);

}  // namespace ordo::match
