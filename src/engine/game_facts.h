// What a game reports about its turns for statistics (src/stats), in its own words, so
// that the statistics need no branch per game: the kinds of turn it has, what its piece
// counts count, and whether a side's pieces can be split into groups.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace games {

struct GameFacts {
  // The kinds of turn the game tells apart, as TurnFacts::kinds bits (bit i: the i-th
  // name). A turn may be of several kinds (an Ordo X two-step turn that captures).
  std::vector<std::string> turn_kinds;
  // What TurnFacts::pieces counts: each side's pieces (Ordo), or each symbol on the
  // board (Order and Chaos: X and O, placed by either side).
  std::array<std::string, 2> piece_kinds;
  // Whether a side's pieces can be split into groups (Ordo's connection rule).
  bool has_groups = false;
  // The termination name of games that a limit ended rather than the board ("move
  // limit"); empty where every game ends on the board.
  std::string limit_ending{};
  // What TurnFacts::pieces measures, plural: "pieces", or "pips" (Mughrabieh: the pip
  // count, the steps a side's pieces still have to go).
  std::string piece_measure = "pieces";
};

// The last turn played and the board after it.
struct TurnFacts {
  std::uint32_t kinds = 0;  // bits into GameFacts::turn_kinds; 0 before the first turn
  std::array<int, 2> pieces = {0, 0};
  std::array<bool, 2> split = {false, false};  // per Side; only where has_groups
};

}  // namespace games

namespace games {

// The move play_random() picks of `n`: floor(random * n / 2^64) from the random word's
// top 32 bits (a bias below n / 2^32, nothing for a few thousand moves).
inline std::size_t random_index(std::uint64_t random, std::size_t n) {
  return static_cast<std::size_t>(((random >> 32) * static_cast<std::uint64_t>(n)) >> 32);
}

}  // namespace games
