#include "ordo/playout.h"

#include <vector>

#include "ordo/movegen.h"

namespace ordo {

PlayoutResult random_playout(const Position& start, Rng& rng, const GameOptions& options) {
  Position pos = start;
  std::vector<std::uint64_t> hashes{pos.hash()};
  hashes.reserve(256);
  // A position can only repeat one with the same pieces and side to move: none from
  // before the last capture, and only every second one.
  std::size_t since_capture = 0;
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
      for (std::size_t i = hashes.size(); i > since_capture; i -= 2) {
        seen += hashes[i - 1] == pos.hash();
        if (i - since_capture < 2) break;
      }
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
    if (pos.make(chosen).removed) since_capture = hashes.size();
    hashes.push_back(pos.hash());
  }
}

}  // namespace ordo
