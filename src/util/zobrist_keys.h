// Zobrist keys for a game of two kinds of piece (or symbol): one random 64-bit key per
// (kind, square) and one for the second side to move, drawn at compile time from a fixed
// seed (splitmix64), so that hashes are identical on every run. Each game picks its seed.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "util/random.h"

namespace common {

template <std::size_t Squares>
struct ZobristKeys {
  std::array<std::array<std::uint64_t, Squares>, 2> piece{};
  std::uint64_t second_to_move = 0;
};

template <std::size_t Squares>
constexpr ZobristKeys<Squares> make_zobrist_keys(std::uint64_t seed) {
  ZobristKeys<Squares> keys;
  std::uint64_t state = seed;
  for (auto& kind : keys.piece)
    for (auto& key : kind) key = splitmix64(state);
  keys.second_to_move = splitmix64(state);
  return keys;
}

}  // namespace common
