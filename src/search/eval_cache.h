// A small per-thread cache of static evaluations keyed by the position's Zobrist hash.
//
// Why: the evaluation is nearly half of a search's work, and Ordo's many commuting moves
// reach the same positions again within one search (a sixth to a third of the evaluations
// over calibration positions, with 2^16 slots). One entry is one word: the hash's upper
// 48 bits and the 16-bit score. The slot is chosen by the hash's low bits, so a hit
// compares every bit of the hash, as the transposition table does; the cached score is the
// very score the evaluation gives. A worker clears it at the start of each search, since
// the weights or the board may change between searches.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace ordo {

class EvalCache {
 public:
  // At least 2^16 slots, so that the slot's index and the check cover the whole hash.
  static constexpr int kMinSlotBits = 16;
  explicit EvalCache(int slot_bits)
      : slots_(std::size_t{1} << std::max(slot_bits, kMinSlotBits), kEmpty) {}

  void clear() { std::fill(slots_.begin(), slots_.end(), kEmpty); }

  // Brings the slot into the cache ahead of a probe, while other work is done.
  void prefetch(std::uint64_t hash) const { __builtin_prefetch(&slots_[index(hash)]); }

  std::optional<int> probe(std::uint64_t hash) const {
    const std::uint64_t slot = slots_[index(hash)];
    if (slot == kEmpty || (slot & kCheckMask) != (hash & kCheckMask)) return std::nullopt;
    return static_cast<std::int16_t>(slot & kScoreMask);
  }

  // A score beyond 16 bits (only from extreme weights) is not kept.
  void store(std::uint64_t hash, int score) {
    if (score < std::numeric_limits<std::int16_t>::min() ||
        score > std::numeric_limits<std::int16_t>::max())
      return;
    const std::uint64_t slot =
        (hash & kCheckMask) | static_cast<std::uint16_t>(static_cast<std::int16_t>(score));
    if (slot != kEmpty) slots_[index(hash)] = slot;
  }

 private:
  static constexpr std::uint64_t kScoreMask = 0xFFFF;
  static constexpr std::uint64_t kCheckMask = ~kScoreMask;
  // Never a stored word: a hash with its upper 48 bits all zero and a score of 0 is simply
  // not kept.
  static constexpr std::uint64_t kEmpty = 0;

  std::size_t index(std::uint64_t hash) const { return hash & (slots_.size() - 1); }

  std::vector<std::uint64_t> slots_;
};

}  // namespace ordo
