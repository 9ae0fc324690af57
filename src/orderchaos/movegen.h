// Legal moves of Order and Chaos: both symbols on every empty square, none once the game
// is over. Lists live on the stack.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "orderchaos/position.h"

namespace orderchaos {

struct MoveList {
  std::array<Move, 2 * kSquares> moves;
  int size = 0;
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
};

// Square order (a1 first), X before O on each square.
inline void generate_legal(const Position& pos, MoveList& list) {
  list.size = 0;
  if (pos.over()) return;
  for (Bitboard b = pos.empty(); b; b &= b - 1) {
    const auto sq = static_cast<std::uint8_t>(std::countr_zero(b));
    list.moves[list.size++] = Move{sq, Symbol::X};
    list.moves[list.size++] = Move{sq, Symbol::O};
  }
}

inline int count_legal(const Position& pos) {
  return pos.over() ? 0 : 2 * std::popcount(pos.empty());
}

}  // namespace orderchaos
