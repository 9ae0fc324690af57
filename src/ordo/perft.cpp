#include "ordo/perft.h"

#include "ordo/movegen.h"

namespace ordo {

std::uint64_t perft(Position& pos, int depth) {
  if (depth == 0) return 1;
  // The last ply is counted in bulk; a finished game counts no moves.
  if (depth == 1) return count_legal(pos);
  MoveList moves;
  generate_legal(pos, moves);
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    const Undo undo = pos.make(m);
    nodes += perft(pos, depth - 1);
    pos.unmake(m, undo);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  if (depth < 1) return result;
  MoveList moves;
  generate_legal(pos, moves);
  for (const Move& m : moves) {
    const Undo undo = pos.make(m);
    result.emplace_back(m, perft(pos, depth - 1));
    pos.unmake(m, undo);
  }
  return result;
}

}  // namespace ordo
