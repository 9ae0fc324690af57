// Mughrabieh's Zobrist keys: one per (side, point, count) with the key of count 0 zero, so
// that a point's change of count is one XOR of two keys; Black to move; the pending roll; a
// pass just played (the ludii rule set's draw). Drawn at compile time from a fixed seed, so
// that hashes are the same on every run.
#pragma once

#include <array>
#include <cstdint>

#include "mughrabieh/types.h"
#include "util/random.h"

namespace mughrabieh::zobrist {

struct Keys {
  std::array<std::array<std::array<std::uint64_t, kPieces + 1>, kPoints>, 2> piece{};
  std::uint64_t black_to_move = 0;
  std::array<std::uint64_t, kRolls> roll{};
  std::uint64_t passed = 0;
};

constexpr Keys make_keys() {
  Keys keys;
  std::uint64_t state = 0x3C6E'F372'FE94'F82BULL;
  for (auto& side : keys.piece)
    for (auto& point : side)
      for (int c = 1; c <= kPieces; ++c) point[c] = common::splitmix64(state);
  keys.black_to_move = common::splitmix64(state);
  for (auto& key : keys.roll) key = common::splitmix64(state);
  keys.passed = common::splitmix64(state);
  return keys;
}

inline constexpr Keys kKeys = make_keys();

}  // namespace mughrabieh::zobrist
