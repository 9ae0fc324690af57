#include "core/playout.h"

#include <vector>

#include "core/movegen.h"

namespace ordo {

PlayoutResult random_playout(const Position& start, Rng& rng, const GameOptions& options) {
  Position pos = start;
  std::vector<std::uint64_t> hashes{pos.hash()};
  MoveList moves;
  for (int ply = 0;; ++ply) {
    if (auto winner = pos.decided_winner()) {
      const bool none_left = !pos.pieces(opponent(*winner));
      return {{*winner == Color::White ? Outcome::WhiteWins : Outcome::BlackWins,
               none_left ? Termination::CapturedAll : Termination::HomeRow},
              ply};
    }
    if (options.repetition_draw) {
      int seen = 0;
      for (std::uint64_t h : hashes) seen += h == pos.hash();
      if (seen >= 3) return {{Outcome::Draw, Termination::Repetition}, ply};
    }
    if (options.move_limit && ply >= options.move_limit) {
      return {{Outcome::Draw, Termination::MoveLimit}, ply};
    }
    Move chosen;
    if (pos.variant() == Variant::Classic) {
      // All legal moves in bulk form; one is drawn by its index.
      const BulkMoves bulk(pos);
      if (!bulk.size()) return {judge_position(pos), ply};
      chosen = bulk.at(rng.below(static_cast<std::uint32_t>(bulk.size())));
    } else {
      moves.clear();
      generate_legal(pos, moves);
      if (moves.empty()) return {judge_position(pos), ply};
      chosen = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
    }
    pos.make(chosen);
    hashes.push_back(pos.hash());
  }
}

}  // namespace ordo
