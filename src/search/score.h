// Search scores shared by every game: a win found `plies` plies from the root scores
// kMateScore - plies; anything beyond kMateThreshold in absolute value is such a mate
// score, never an evaluation.
#pragma once

namespace ordo {

constexpr int kMateScore = 30000;
constexpr int kMaxPly = 128;
constexpr int kMateThreshold = kMateScore - kMaxPly;

// The side to move at `ply` has lost (its opponent's last move won).
constexpr int mated_score(int ply) {
  return -(kMateScore - ply);
}
// The side to move wins with the move that leads to `ply`.
constexpr int winning_score(int ply) {
  return kMateScore - ply;
}

}  // namespace ordo
