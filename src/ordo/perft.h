// perft: the number of move sequences of a given length (docs/rules.md section 8). A move
// that ends the game has no continuation; repetition and move limits are not counted.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "ordo/position.h"

namespace ordo {

std::uint64_t perft(Position& pos, int depth);

// Each root move with its perft(depth - 1) count, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace ordo
