// Zobrist keys: one random 64-bit key per (colour, square), and one for Black to move.
// Generated at compile time from a fixed seed, so hashes are identical on every run.
#pragma once

#include <array>
#include <cstdint>

#include "ordo/geometry.h"
#include "ordo/types.h"
#include "util/random.h"

namespace ordo::zobrist {

using common::splitmix64;

struct Keys {
  std::array<std::array<std::uint64_t, kMaxSquares>, 2> piece{};
  std::uint64_t black_to_move = 0;
};

constexpr Keys make_keys() {
  Keys keys;
  std::uint64_t state = 0x0DD0'2009'5EED'0001ULL;
  for (auto& side : keys.piece)
    for (auto& key : side) key = splitmix64(state);
  keys.black_to_move = splitmix64(state);
  return keys;
}

inline constexpr Keys kKeys = make_keys();

inline std::uint64_t piece(Color c, int sq) {
  return kKeys.piece[index(c)][sq];
}

// XOR of the keys of every square in b for colour c.
inline std::uint64_t of_squares(Color c, Bitboard b) {
  std::uint64_t h = 0;
  while (b) h ^= piece(c, pop_lsb(b));
  return h;
}

}  // namespace ordo::zobrist
