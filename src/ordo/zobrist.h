// Zobrist keys: one random 64-bit key per (colour, square), and one for Black to move.
// Generated at compile time from a fixed seed, so hashes are identical on every run.
#pragma once

#include <array>
#include <cstdint>

#include "ordo/geometry.h"
#include "ordo/types.h"
#include "util/zobrist_keys.h"

namespace ordo::zobrist {

// Keys per (colour, square) and for Black to move (common::ZobristKeys::second_to_move).
inline constexpr common::ZobristKeys<kMaxSquares> kKeys =
    common::make_zobrist_keys<kMaxSquares>(0x0DD0'2009'5EED'0001ULL);

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
