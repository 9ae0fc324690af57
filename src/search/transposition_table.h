// A fixed-size transposition table keyed by the Zobrist hash: buckets of a few slots, each
// slot one entry with the full key, the best move (packed into 64 bits), score, depth and
// bound type. A new position replaces the bucket's least useful entry, so that a full
// table still keeps both the deep entries and the fresh ones near the leaves.
//
// Shared by the threads of a lazy SMP search without locks: an entry is three relaxed
// atomic words, and the first holds the key xor the other two. A probe that reads words of
// two different stores finds the check wrong and sees a miss instead of a torn entry.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "search/score.h"

namespace ordo {

// The table size of the engine, the match runner and analysis unless set otherwise.
constexpr std::size_t kDefaultTableMib = 64;

enum class Bound : std::uint8_t { None, Lower, Upper, Exact };

// A move in one word, kNoPackedMove never being a real move. The table stores moves of
// any game in this form; each game's search rules pack and unpack its own
// (Rules::pack, Rules::unpack).
using PackedMove = std::uint64_t;
constexpr PackedMove kNoPackedMove = 0;

// Mate scores are stored relative to the node (distance from it, not from the root), so
// that an entry stays right when the same position is reached at another ply.
int score_to_table(int score, int ply);
int score_from_table(int score, int ply);

// What one slot holds, unpacked.
struct TableEntry {
  std::uint64_t key;
  PackedMove move;
  std::int16_t score;  // node-relative (see score_to_table)
  std::int8_t depth;
  Bound bound;
  std::uint8_t generation;
};

// One slot: check = key ^ move ^ meta; meta packs score, depth, bound and generation.
struct TableSlot {
  std::atomic<std::uint64_t> check{0};
  std::atomic<std::uint64_t> move{0};
  std::atomic<std::uint64_t> meta{0};
};

// What a probe finds, with the move as stored.
struct PackedTableHit {
  PackedMove move;  // kNoPackedMove: none
  int score;        // root-relative again
  int depth;
  Bound bound;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t mib);

  void resize(std::size_t mib);
  void clear();
  // Starts a new search: entries of earlier searches are replaced first.
  void new_search() { ++generation_; }

  // Moves packed by the caller. `best` kNoPackedMove: keep the slot's move if
  // it holds this position.
  std::optional<PackedTableHit> probe_packed(std::uint64_t key, int ply) const;
  void store_packed(std::uint64_t key, int ply, PackedMove best, int score, int depth, Bound bound);

  std::size_t entry_count() const { return bucket_count_ * kBucketSlots; }
  // Which bucket a key falls into, and how many entries a bucket holds (for tests).
  std::size_t bucket_of(std::uint64_t key) const {
    // Multiply-shift maps the key onto any table size, not only powers of two.
    return static_cast<std::size_t>((static_cast<Wide>(key) * bucket_count_) >> 64);
  }
  static constexpr std::size_t bucket_slots() { return kBucketSlots; }

 private:
  // Two entries a bucket (48 bytes): on 8x8 at 900,000 nodes a search kept as much as
  // with one entry a slot and four times the memory (research/performance.md).
  static constexpr std::size_t kBucketSlots = 2;
  __extension__ typedef unsigned __int128 Wide;  // a GCC/Clang builtin type

  std::size_t first_slot(std::uint64_t key) const { return bucket_of(key) * kBucketSlots; }
  // The slot's entry if its check word matches its key (a consistent store), else none.
  std::optional<TableEntry> read(std::uint64_t key) const;

  std::unique_ptr<TableSlot[]> slots_;
  std::size_t bucket_count_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace ordo
