#include "ordo/ai/packed_move.h"

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

}  // namespace ordo
