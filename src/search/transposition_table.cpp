#include "search/transposition_table.h"

#include <algorithm>

namespace ordo {

int score_to_table(int score, int ply) {
  if (score > kMateThreshold) return score + ply;
  if (score < -kMateThreshold) return score - ply;
  return score;
}

int score_from_table(int score, int ply) {
  if (score > kMateThreshold) return score - ply;
  if (score < -kMateThreshold) return score + ply;
  return score;
}

namespace {

std::uint64_t pack_meta(const TableEntry& e) {
  return std::uint64_t{static_cast<std::uint16_t>(e.score)} |
         std::uint64_t{static_cast<std::uint8_t>(e.depth)} << 16 |
         std::uint64_t{static_cast<std::uint8_t>(e.bound)} << 24 |
         std::uint64_t{e.generation} << 32;
}

// The fields of a meta word (pack_meta).
Bound meta_bound(std::uint64_t meta) {
  return static_cast<Bound>(meta >> 24 & 0xFF);
}
std::int8_t meta_depth(std::uint64_t meta) {
  return static_cast<std::int8_t>(static_cast<std::uint8_t>(meta >> 16 & 0xFF));
}
std::uint8_t meta_generation(std::uint64_t meta) {
  return static_cast<std::uint8_t>(meta >> 32 & 0xFF);
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t mib) {
  resize(mib);
}

void TranspositionTable::resize(std::size_t mib) {
  const std::size_t slots = mib * 1024 * 1024 / sizeof(TableSlot);
  bucket_count_ = std::max<std::size_t>(1, slots / kBucketSlots);
  slots_ = std::make_unique<TableSlot[]>(entry_count());
  generation_ = 0;
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < entry_count(); ++i) {
    slots_[i].check.store(0, std::memory_order_relaxed);
    slots_[i].move.store(0, std::memory_order_relaxed);
    slots_[i].meta.store(0, std::memory_order_relaxed);
  }
  generation_ = 0;
}

namespace {

// The slot's entry if its check word matches `key` (a consistent store of that position).
std::optional<TableEntry> read_slot(const TableSlot& s, std::uint64_t key) {
  const std::uint64_t check = s.check.load(std::memory_order_relaxed);
  const std::uint64_t move = s.move.load(std::memory_order_relaxed);
  const std::uint64_t meta = s.meta.load(std::memory_order_relaxed);
  if ((check ^ move ^ meta) != key) return std::nullopt;
  const Bound bound = meta_bound(meta);
  if (bound == Bound::None) return std::nullopt;
  return TableEntry{key,
                    move,
                    static_cast<std::int16_t>(static_cast<std::uint16_t>(meta & 0xFFFF)),
                    meta_depth(meta),
                    bound,
                    meta_generation(meta)};
}

}  // namespace

std::optional<TableEntry> TranspositionTable::read(std::uint64_t key) const {
  const TableSlot* bucket = &slots_[first_slot(key)];
  for (std::size_t i = 0; i < kBucketSlots; ++i)
    if (auto e = read_slot(bucket[i], key)) return e;
  return std::nullopt;
}

std::optional<PackedTableHit> TranspositionTable::probe_packed(std::uint64_t key, int ply) const {
  const auto e = read(key);
  if (!e) return std::nullopt;
  return PackedTableHit{e->move, score_from_table(e->score, ply), e->depth, e->bound};
}

void TranspositionTable::store_packed(std::uint64_t key, int ply, PackedMove best, int score,
                                      int depth, Bound bound) {
  TableSlot* bucket = &slots_[first_slot(key)];
  // The slot that holds this position, else the one worth least: empty, then from an
  // earlier search, then the shallowest (a torn read only makes the choice worse).
  TableSlot* target = nullptr;
  int least_worth = 0;
  bool same = false;
  std::uint64_t old_move = 0, old_meta = 0;
  for (std::size_t i = 0; i < kBucketSlots; ++i) {
    TableSlot& s = bucket[i];
    const std::uint64_t meta = s.meta.load(std::memory_order_relaxed);
    const std::uint64_t move = s.move.load(std::memory_order_relaxed);
    const std::uint64_t slot_key = s.check.load(std::memory_order_relaxed) ^ move ^ meta;
    const Bound slot_bound = meta_bound(meta);
    if (slot_key == key && slot_bound != Bound::None) {
      target = &s;
      same = true;
      old_move = move;
      old_meta = meta;
      break;
    }
    const int worth = slot_bound == Bound::None              ? -1000
                      : meta_generation(meta) != generation_ ? meta_depth(meta) - 500
                                                             : meta_depth(meta);
    if (!target || worth < least_worth) {
      target = &s;
      least_worth = worth;
    }
  }
  if (same && meta_depth(old_meta) > depth && bound != Bound::Exact) return;
  const PackedMove move = best != kNoPackedMove ? best : (same ? old_move : kNoPackedMove);
  const TableEntry e{key,
                     move,
                     static_cast<std::int16_t>(score_to_table(score, ply)),
                     static_cast<std::int8_t>(std::clamp(depth, -100, 100)),
                     bound,
                     generation_};
  const std::uint64_t meta = pack_meta(e);
  target->check.store(key ^ move ^ meta, std::memory_order_relaxed);
  target->move.store(move, std::memory_order_relaxed);
  target->meta.store(meta, std::memory_order_relaxed);
}

}  // namespace ordo
