#include "analysis/move_judgement.h"

#include <algorithm>

#include "search/transposition_table.h"

namespace ordo {

std::string_view mark_name(MoveMark mark) {
  switch (mark) {
    case MoveMark::Mistake:
      return "mistake";
    case MoveMark::Blunder:
      return "blunder";
    case MoveMark::None:
      break;
  }
  return "";
}

std::string_view mark_symbol(MoveMark mark) {
  switch (mark) {
    case MoveMark::Mistake:
      return "?";
    case MoveMark::Blunder:
      return "??";
    case MoveMark::None:
      break;
  }
  return "";
}

int comparable_score(int score) {
  if (score > kMateThreshold) return kDecisiveScore + (score - kMateThreshold);
  if (score < -kMateThreshold) return -kDecisiveScore + (score + kMateThreshold);
  return std::clamp(score, -kDecisiveScore + 1, kDecisiveScore - 1);
}

int score_drop(int best, int played) {
  return std::max(0, comparable_score(best) - comparable_score(played));
}

MoveMark judge_move(int best, int played) {
  const bool threw_win = best > kMateThreshold && played <= kMateThreshold;
  const bool walked_into_loss = played < -kMateThreshold && best >= -kMateThreshold;
  const int drop = score_drop(best, played);
  if (threw_win || walked_into_loss || drop >= kBlunderDrop) return MoveMark::Blunder;
  if (drop >= kMistakeDrop) return MoveMark::Mistake;
  return MoveMark::None;
}

}  // namespace ordo
