// Match openings: a few random legal plies from the game's start, seeded. An opening is
// kept only if the game is still open: not over, and neither side could win at once (with
// its next move, as if it were to move). Each opening is played twice, the colours
// swapped (match.h). Openings can also come from a book (read_openings). Works for every
// game through games::AnyGame.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
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

// A book of openings: one per line, the moves from the game's start in the game's own
// notation, separated by spaces (an empty line or one whose first non-blank character is
// '#' is skipped). Every move is played by the rules, so a book for other rules or with a
// typo is refused: the std::invalid_argument names `source`, the line and the move, and
// why. An opening that ends the game is refused too; one the side to move could win at
// once is allowed (a book may hold positions chosen on purpose). Throws
// std::invalid_argument for an empty book.
std::vector<Opening> read_openings(std::istream& in, const MatchRules& rules,
                                   std::string_view source);

}  // namespace ordo::match
