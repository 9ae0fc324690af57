// How bad a played move was: the drop of the mover's score from the best move's score to
// the played move's, and the mark it earns.
//
// Thresholds (scores in the evaluation's units, 100 = one piece):
//   - mistake: the score drops by at least 100 (a piece's worth);
//   - blunder: the score drops by at least 300, or the move throws away a forced win, or
//     it walks into a forced loss that the best move avoided.
// Mate scores count as +-kDecisiveScore in the drop, so that any change between a forced
// result and a normal score is large.
#pragma once

#include <string_view>

namespace ordo {

enum class MoveMark { None, Mistake, Blunder };

constexpr int kMistakeDrop = 100;
constexpr int kBlunderDrop = 300;
constexpr int kDecisiveScore = 10000;

std::string_view mark_name(MoveMark mark);    // "", "mistake", "blunder"
std::string_view mark_symbol(MoveMark mark);  // "", "?", "??"

// A search score with mate scores clamped to +-kDecisiveScore (closer wins score higher).
int comparable_score(int score);

// `best` and `played`: the mover's scores (search scores, mate scores allowed) of the best
// move and of the move played.
int score_drop(int best, int played);
MoveMark judge_move(int best, int played);

}  // namespace ordo
