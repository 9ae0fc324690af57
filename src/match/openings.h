// Match openings: a few random legal plies from the game's start, seeded. An opening is
// kept only if the game is still open: not over, and neither side could win at once (with
// its next move, as if it were to move). Each opening is played twice, the colours
// swapped (match.h). Works for every game through games::AnyGame.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "match/player_factory.h"

namespace ordo::match {

struct Opening {
  std::vector<std::string> moves;  // as written by the game's notation
};

// Opening number `index` of the match with this seed: the same on every run and machine.
// The random plies are drawn from the sorted legal moves. Throws std::runtime_error if no
// acceptable opening turns up in many tries.
Opening make_opening(const MatchRules& rules, int plies, std::uint64_t seed, int index);

}  // namespace ordo::match
