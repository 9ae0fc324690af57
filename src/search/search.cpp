// The part of search.h that is no template: mate distances of a score.
#include "search/search.h"

namespace ordo {

std::optional<int> mate_in_turns(int score) {
  if (score > kMateThreshold) return (kMateScore - score + 1) / 2;
  if (score < -kMateThreshold) return -((kMateScore + score) / 2);
  return std::nullopt;
}

std::optional<int> mate_in_plies(int score) {
  if (score > kMateThreshold) return kMateScore - score;
  if (score < -kMateThreshold) return -(kMateScore + score);
  return std::nullopt;
}

}  // namespace ordo
