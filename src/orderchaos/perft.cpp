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
  // The empty squares in an array, so that a uniform draw is one index and a swap-remove;
  // the pieces in two local words, since a playout needs neither the hash nor undo.
  std::uint8_t empties[kSquares];
  int count = 0;
  for (Bitboard b = start.empty(); b; b &= b - 1)
    empties[count++] = static_cast<std::uint8_t>(std::countr_zero(b));
  Bitboard pieces[2] = {start.pieces(Symbol::X), start.pieces(Symbol::O)};
  const RuleVersion version = start.version();
  while (count > 0) {
    const std::uint32_t pick = rng.below(static_cast<std::uint32_t>(2 * count));
    const int sq = empties[pick >> 1];
    Bitboard& mine = pieces[pick & 1];
    empties[pick >> 1] = empties[--count];
    mine |= bit(sq);
    ++result.plies;
    const SquareWindows& through = kWindowsThrough[sq];
    for (int i = 0; i < through.count; ++i) {
      if (window_wins(through.windows[i], mine, version)) {
        result.outcome = Outcome::OrderWins;
        return result;
      }
    }
  }
  result.outcome = Outcome::ChaosWins;
  return result;
}

}  // namespace orderchaos
