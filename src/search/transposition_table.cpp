#include "search/transposition_table.h"

#include <algorithm>

namespace ordo {

namespace {

// A step in 30 bits: from, tail, to (7 bits each, squares < 128), capture, keep (8 bits).
std::uint64_t pack_step(const Step& s) {
  return std::uint64_t{s.from} | std::uint64_t{s.tail} << 7 | std::uint64_t{s.to} << 14 |
         std::uint64_t{s.capture} << 21 | std::uint64_t{s.keep} << 22;
}

Step unpack_step(std::uint64_t bits) {
  return Step{static_cast<std::uint8_t>(bits & 0x7F), static_cast<std::uint8_t>(bits >> 7 & 0x7F),
              static_cast<std::uint8_t>(bits >> 14 & 0x7F), (bits >> 21 & 1) != 0,
              static_cast<std::uint8_t>(bits >> 22 & 0xFF)};
}

}  // namespace

PackedMove pack_move(const Move& move) {
  // The step count in the top bits also keeps every real move distinct from kNoPackedMove.
  PackedMove packed = std::uint64_t{move.step_count} << 60 | pack_step(move.steps[0]);
  if (move.step_count == 2) packed |= pack_step(move.steps[1]) << 30;
  return packed;
}

Move unpack_move(PackedMove packed) {
  const Step first = unpack_step(packed & 0x3FFFFFFF);
  if ((packed >> 60) == 2) return Move::pair(first, unpack_step(packed >> 30 & 0x3FFFFFFF));
  return Move::single(first);
}

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

}  // namespace

TranspositionTable::TranspositionTable(std::size_t mib) {
  resize(mib);
}

void TranspositionTable::resize(std::size_t mib) {
  count_ = std::max<std::size_t>(1, mib * 1024 * 1024 / sizeof(TableSlot));
  slots_ = std::make_unique<TableSlot[]>(count_);
  generation_ = 0;
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < count_; ++i) {
    slots_[i].check.store(0, std::memory_order_relaxed);
    slots_[i].move.store(0, std::memory_order_relaxed);
    slots_[i].meta.store(0, std::memory_order_relaxed);
  }
  generation_ = 0;
}

std::optional<TableEntry> TranspositionTable::read(std::uint64_t key) const {
  const TableSlot& s = slots_[slot(key)];
  const std::uint64_t check = s.check.load(std::memory_order_relaxed);
  const std::uint64_t move = s.move.load(std::memory_order_relaxed);
  const std::uint64_t meta = s.meta.load(std::memory_order_relaxed);
  if ((check ^ move ^ meta) != key) return std::nullopt;
  const auto bound = static_cast<Bound>(meta >> 24 & 0xFF);
  if (bound == Bound::None) return std::nullopt;
  return TableEntry{key,
                    move,
                    static_cast<std::int16_t>(static_cast<std::uint16_t>(meta & 0xFFFF)),
                    static_cast<std::int8_t>(static_cast<std::uint8_t>(meta >> 16 & 0xFF)),
                    bound,
                    static_cast<std::uint8_t>(meta >> 32 & 0xFF)};
}

std::optional<TableHit> TranspositionTable::probe(std::uint64_t key, int ply) const {
  const auto e = probe_packed(key, ply);
  if (!e) return std::nullopt;
  TableHit hit{std::nullopt, e->score, e->depth, e->bound};
  if (e->move != kNoPackedMove) hit.move = unpack_move(e->move);
  return hit;
}

std::optional<PackedTableHit> TranspositionTable::probe_packed(std::uint64_t key, int ply) const {
  const auto e = read(key);
  if (!e) return std::nullopt;
  return PackedTableHit{e->move, score_from_table(e->score, ply), e->depth, e->bound};
}

void TranspositionTable::store(std::uint64_t key, int ply, const Move* best, int score, int depth,
                               Bound bound) {
  store_packed(key, ply, best ? pack_move(*best) : kNoPackedMove, score, depth, bound);
}

void TranspositionTable::store_packed(std::uint64_t key, int ply, PackedMove best, int score,
                                      int depth, Bound bound) {
  TableSlot& s = slots_[slot(key)];
  // What the slot holds now, whatever its key (a torn read only makes the choice worse).
  const std::uint64_t old_meta = s.meta.load(std::memory_order_relaxed);
  const std::uint64_t old_move = s.move.load(std::memory_order_relaxed);
  const std::uint64_t old_key = s.check.load(std::memory_order_relaxed) ^ old_move ^ old_meta;
  const auto old_bound = static_cast<Bound>(old_meta >> 24 & 0xFF);
  const auto old_depth = static_cast<std::int8_t>(static_cast<std::uint8_t>(old_meta >> 16 & 0xFF));
  const auto old_generation = static_cast<std::uint8_t>(old_meta >> 32 & 0xFF);
  const bool same = old_key == key && old_bound != Bound::None;
  // Keep a deeper entry of this search for another position; anything else is replaced.
  if (!same && old_bound != Bound::None && old_generation == generation_ && old_depth > depth)
    return;
  if (same && old_depth > depth && bound != Bound::Exact) return;
  const PackedMove move = best != kNoPackedMove ? best : (same ? old_move : kNoPackedMove);
  const TableEntry e{key,
                     move,
                     static_cast<std::int16_t>(score_to_table(score, ply)),
                     static_cast<std::int8_t>(std::clamp(depth, -100, 100)),
                     bound,
                     generation_};
  const std::uint64_t meta = pack_meta(e);
  s.check.store(key ^ move ^ meta, std::memory_order_relaxed);
  s.move.store(move, std::memory_order_relaxed);
  s.meta.store(meta, std::memory_order_relaxed);
}

}  // namespace ordo
