// A transposition table for the chance nodes of the search (keyed by Position::hash(),
// which tells the side to move and that no roll is pending): the value found there for a
// number of plies, exact or a bound from a cut. Fixed size, always replaced; a new search
// forgets the last one's entries by a generation count, not a fill.
#pragma once

#include <cstdint>
#include <vector>

namespace mughrabieh::ai {

enum class Bound : std::uint8_t { Exact, Lower, Upper };

struct ChanceEntry {
  std::uint64_t key = 0;
  float value = 0;
  std::uint32_t generation = 0;  // 0: never written
  std::int8_t depth = 0;
  Bound bound = Bound::Exact;
};

class ChanceTable {
 public:
  explicit ChanceTable(int log2_entries) : entries_(std::size_t{1} << log2_entries) {}
  void new_search() { ++generation_; }
  const ChanceEntry* probe(std::uint64_t key) const {
    const ChanceEntry& e = entries_[key & (entries_.size() - 1)];
    return e.generation == generation_ && e.key == key ? &e : nullptr;
  }
  void store(std::uint64_t key, int depth, double value, Bound bound) {
    entries_[key & (entries_.size() - 1)] = {key, static_cast<float>(value), generation_,
                                             static_cast<std::int8_t>(depth), bound};
  }

 private:
  std::vector<ChanceEntry> entries_;
  std::uint32_t generation_ = 1;
};

}  // namespace mughrabieh::ai
