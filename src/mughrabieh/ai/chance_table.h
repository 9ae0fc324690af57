// A transposition table for the chance nodes of the search (keyed by Position::hash(),
// which tells the side to move and that no roll is pending): the value found there for a
// number of plies, exact or a bound from a cut. Fixed size, always replaced.
#pragma once

#include <cstdint>
#include <vector>

namespace mughrabieh::ai {

enum class Bound : std::uint8_t { Exact, Lower, Upper };

struct ChanceEntry {
  std::uint64_t key = 0;
  float value = 0;
  std::int8_t depth = -1;  // -1: empty
  Bound bound = Bound::Exact;
};

class ChanceTable {
 public:
  explicit ChanceTable(int log2_entries) : entries_(std::size_t{1} << log2_entries) {}
  const ChanceEntry* probe(std::uint64_t key) const {
    const ChanceEntry& e = entries_[key & (entries_.size() - 1)];
    return e.depth >= 0 && e.key == key ? &e : nullptr;
  }
  void store(std::uint64_t key, int depth, double value, Bound bound) {
    entries_[key & (entries_.size() - 1)] = {key, static_cast<float>(value),
                                             static_cast<std::int8_t>(depth), bound};
  }

 private:
  std::vector<ChanceEntry> entries_;
};

}  // namespace mughrabieh::ai
