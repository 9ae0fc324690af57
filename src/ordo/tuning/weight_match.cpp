#include "ordo/tuning/weight_match.h"

namespace ordo {

MatchResult play_match(const SelfPlayConfig& config, const EvalWeights& first,
                       const EvalWeights& second, int games, std::uint64_t seed,
                       const std::function<void(int, int)>& progress) {
  MatchResult result;
  const int openings = (games + 1) / 2;
  for (int i = 0; i < openings; ++i) {
    for (const bool first_is_white : {true, false}) {
      Game game = random_opening(config, seed * 7919 + static_cast<std::uint64_t>(i));
      if (first_is_white) {
        play_out(game, config, first, second);
      } else {
        play_out(game, config, second, first);
      }
      const Outcome o = game.result().outcome;
      const Outcome first_wins = first_is_white ? Outcome::WhiteWins : Outcome::BlackWins;
      ++result.games;
      if (o == Outcome::Draw) {
        ++result.draws;
      } else if (o == first_wins) {
        ++result.wins;
      } else {
        ++result.losses;
      }
      if (progress) progress(result.games, 2 * openings);
    }
  }
  return result;
}

}  // namespace ordo
