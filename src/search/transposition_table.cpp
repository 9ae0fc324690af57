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

TranspositionTable::TranspositionTable(std::size_t mib) {
  resize(mib);
}

void TranspositionTable::resize(std::size_t mib) {
  const std::size_t count = std::max<std::size_t>(1, mib * 1024 * 1024 / sizeof(TableEntry));
  entries_.assign(count, TableEntry{});
  generation_ = 0;
}

void TranspositionTable::clear() {
  std::fill(entries_.begin(), entries_.end(), TableEntry{});
  generation_ = 0;
}

std::optional<TableHit> TranspositionTable::probe(std::uint64_t key, int ply) const {
  const TableEntry& e = entries_[slot(key)];
  if (e.key != key || e.bound == Bound::None) return std::nullopt;
  TableHit hit{std::nullopt, score_from_table(e.score, ply), e.depth, e.bound};
  if (e.move != kNoPackedMove) hit.move = unpack_move(e.move);
  return hit;
}

void TranspositionTable::store(std::uint64_t key, int ply, const Move* best, int score, int depth,
                               Bound bound) {
  TableEntry& e = entries_[slot(key)];
  const bool same = e.key == key && e.bound != Bound::None;
  // Keep a deeper entry of this search for another position; anything else is replaced.
  if (!same && e.bound != Bound::None && e.generation == generation_ && e.depth > depth) return;
  if (same && e.depth > depth && bound != Bound::Exact) return;
  const PackedMove move = best ? pack_move(*best) : (same ? e.move : kNoPackedMove);
  e = TableEntry{key,
                 move,
                 static_cast<std::int16_t>(score_to_table(score, ply)),
                 static_cast<std::int8_t>(std::clamp(depth, -100, 100)),
                 bound,
                 generation_};
}

}  // namespace ordo
