#include "orderchaos/perft.h"

#include <bit>

#include "orderchaos/movegen.h"

namespace orderchaos {

std::uint64_t perft(Position& pos, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return static_cast<std::uint64_t>(count_legal(pos));
  MoveList list;
  generate_legal(pos, list);
  std::uint64_t nodes = 0;
  for (const Move move : list) {
    pos.play(move);
    nodes += perft(pos, depth - 1);
    pos.undo(move);
  }
  return nodes;
}

PlayoutResult random_playout(const Position& start, common::SplitMix64& rng) {
  PlayoutResult result{start.outcome(), 0};
  if (start.over()) return result;
  // The empty squares in an array, so a uniform draw is one index and a swap-remove.
  std::uint8_t empties[kSquares];
  int count = 0;
  for (Bitboard b = start.empty(); b; b &= b - 1)
    empties[count++] = static_cast<std::uint8_t>(std::countr_zero(b));
  Position pos = start;
  while (count > 0) {
    const std::uint32_t pick = rng.below(static_cast<std::uint32_t>(2 * count));
    const Move move{empties[pick >> 1], static_cast<Symbol>(pick & 1)};
    empties[pick >> 1] = empties[--count];
    pos.play(move);
    ++result.plies;
    if (pos.over()) break;
  }
  result.outcome = pos.outcome();
  return result;
}

}  // namespace orderchaos
