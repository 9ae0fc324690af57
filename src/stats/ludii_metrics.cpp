#include "stats/ludii_metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace stats {

namespace {

double share(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

std::uint64_t natural_draws(const Tally& tally) {
  // A game a limit ended is a draw by the game's rules but a timeout to Ludii.
  return tally.draws - std::min(tally.draws, tally.limit_endings);
}

}  // namespace

double balance(const Tally& tally) {
  return 1.0 -
         std::abs(share(tally.first_wins, tally.games) - share(tally.second_wins, tally.games));
}

double completion(const Tally& tally) {
  return share(tally.first_wins + tally.second_wins, tally.games);
}

double drawishness(const Tally& tally) {
  return share(natural_draws(tally), tally.games);
}

Interval completion_interval(const Tally& tally) {
  return wilson_interval(tally.first_wins + tally.second_wins, tally.games);
}

Interval drawishness_interval(const Tally& tally) {
  return wilson_interval(natural_draws(tally), tally.games);
}

int lead_changes(const std::vector<Evaluation>& evaluations) {
  int changes = 0;
  int leader = 0;  // +1 first, -1 second, 0 none yet
  for (const Evaluation& e : evaluations) {
    const int now = e.score > 0 ? 1 : e.score < 0 ? -1 : 0;
    if (now == 0) continue;
    if (leader != 0 && now != leader) ++changes;
    leader = now;
  }
  return changes;
}

std::optional<double> decisiveness(const GameSample& game, int decisive_score) {
  if (game.evaluations.empty() || game.plies() == 0) return std::nullopt;
  int sign = 0;
  if (game.outcome == games::Outcome::FirstWins) sign = 1;
  if (game.outcome == games::Outcome::SecondWins) sign = -1;
  if (sign == 0) return std::nullopt;
  // Walk back from the end while the winner stays at or above the threshold.
  int decided_at = game.plies();
  for (auto e = game.evaluations.rbegin(); e != game.evaluations.rend(); ++e) {
    if (sign * e->score < decisive_score) break;
    decided_at = e->ply;
  }
  return static_cast<double>(decided_at) / game.plies();
}

double mean_decisiveness(const Tally& tally) {
  const EvaluationCounts& e = tally.evaluation;
  return e.decided_games == 0 ? 0.0
                              : static_cast<double>(e.decisiveness_millionths) / 1e6 /
                                    static_cast<double>(e.decided_games);
}

double lead_changes_per_evaluation(const Tally& tally) {
  return share(tally.evaluation.lead_changes, tally.evaluation.positions);
}

}  // namespace stats
