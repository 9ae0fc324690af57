#include "stats/metrics.h"

#include <algorithm>
#include <cmath>

#include "stats/ludii_metrics.h"

namespace stats {

Interval wilson_interval(std::uint64_t successes, std::uint64_t trials, double z) {
  if (trials == 0) return {0.0, 1.0};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

void Moments::add(std::uint64_t value) {
  ++count;
  sum += value;
  sum_squares += value * value;
}

void Moments::merge(const Moments& other) {
  count += other.count;
  sum += other.sum;
  sum_squares += other.sum_squares;
}

double Moments::mean() const {
  return count == 0 ? 0.0 : static_cast<double>(sum) / static_cast<double>(count);
}

double Moments::standard_deviation() const {
  if (count < 2) return 0.0;
  const double n = static_cast<double>(count);
  const double m = mean();
  const double variance = (static_cast<double>(sum_squares) - n * m * m) / (n - 1);
  return std::sqrt(std::max(0.0, variance));
}

Interval Moments::mean_interval(double z) const {
  const double half =
      count == 0 ? 0.0 : z * standard_deviation() / std::sqrt(static_cast<double>(count));
  return {mean() - half, mean() + half};
}

int quantile(const Histogram& histogram, double q) {
  std::uint64_t total = 0;
  for (const auto& [value, count] : histogram) total += count;
  if (total == 0) return 0;
  // Nearest rank: the ceil(q * total)-th smallest value (at least the first).
  const auto rank = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(total))));
  std::uint64_t seen = 0;
  for (const auto& [value, count] : histogram) {
    seen += count;
    if (seen >= rank) return value;
  }
  return histogram.rbegin()->first;
}

namespace {

template <typename T>
void grow(std::vector<T>& v, std::size_t size) {
  if (v.size() < size) v.resize(size, T{});
}

template <typename T>
void add_into(std::vector<T>& into, const std::vector<T>& from) {
  grow(into, from.size());
  for (std::size_t i = 0; i < from.size(); ++i) into[i] += from[i];
}

void add_into(std::vector<std::array<std::uint64_t, 2>>& into,
              const std::vector<std::array<std::uint64_t, 2>>& from) {
  grow(into, from.size());
  for (std::size_t i = 0; i < from.size(); ++i) {
    into[i][0] += from[i][0];
    into[i][1] += from[i][1];
  }
}

void add_board(PlyProfile& profile, std::size_t index, const games::TurnFacts& board) {
  grow(profile.boards, index + 1);
  grow(profile.pieces, index + 1);
  ++profile.boards[index];
  for (std::size_t side = 0; side < 2; ++side)
    profile.pieces[index][side] += static_cast<std::uint64_t>(board.pieces[side]);
}

void add_groups(GroupCounts& groups, const GameSample& game) {
  bool any_split = false;
  std::array<bool, 2> was_split = game.start.split;
  for (const games::TurnFacts& after : game.after) {
    for (std::size_t side = 0; side < 2; ++side) {
      if (after.split[side] && !was_split[side]) ++groups.splits[side];
      if (!after.split[side] && was_split[side]) ++groups.reconnections[side];
      any_split = any_split || after.split[side];
      was_split[side] = after.split[side];
    }
  }
  if (any_split) ++groups.games_with_split;
}

void add_evaluation(EvaluationCounts& counts, const GameSample& game, int decisive_score) {
  if (game.evaluations.empty()) return;
  ++counts.games;
  counts.positions += game.evaluations.size();
  counts.lead_changes += static_cast<std::uint64_t>(lead_changes(game.evaluations));
  if (const auto share = decisiveness(game, decisive_score)) {
    ++counts.decided_games;
    counts.decisiveness_millionths += static_cast<std::uint64_t>(std::llround(*share * 1e6));
  }
}

}  // namespace

void Tally::add(const GameSample& game, int decisive_score) {
  ++games;
  if (game.outcome == games::Outcome::FirstWins) ++first_wins;
  if (game.outcome == games::Outcome::SecondWins) ++second_wins;
  if (game.outcome == games::Outcome::Draw) ++draws;
  if (game.ended_by_limit) ++limit_endings;
  ++endings[game.ending];
  const int n = game.plies();
  ++plies[n];
  ply_moments.add(static_cast<std::uint64_t>(n));

  const auto size = static_cast<std::size_t>(n);
  grow(profile.games, size);
  grow(profile.legal_moves, size);
  add_board(profile, 0, game.start);
  for (std::size_t i = 0; i < size; ++i) {
    ++profile.games[i];
    profile.legal_moves[i] += game.legal_moves[i];
    add_board(profile, i + 1, game.after[i]);
    for (std::size_t kind = 0; kind < 32; ++kind) {
      if ((game.after[i].kinds >> kind & 1u) == 0) continue;
      grow(turn_kinds, kind + 1);
      ++turn_kinds[kind];
    }
  }
  add_groups(groups, game);
  add_evaluation(evaluation, game, decisive_score);
  const bool won =
      game.outcome == games::Outcome::FirstWins || game.outcome == games::Outcome::SecondWins;
  if (won && game.points > 0) ++points[game.points];
}

void Tally::add(const MatchSample& match, int decisive_score) {
  std::uint64_t match_plies = 0;
  for (const GameSample& game : match.games) {
    add(game, decisive_score);
    match_plies += static_cast<std::uint64_t>(game.plies());
  }
  ++matches.matches;
  if (match.winner == games::Side::First) ++matches.first_wins;
  ++matches.games[static_cast<int>(match.games.size())];
  matches.plies.add(match_plies);
}

void Tally::merge(const Tally& other) {
  games += other.games;
  first_wins += other.first_wins;
  second_wins += other.second_wins;
  draws += other.draws;
  limit_endings += other.limit_endings;
  for (const auto& [name, count] : other.endings) endings[name] += count;
  for (const auto& [value, count] : other.plies) plies[value] += count;
  ply_moments.merge(other.ply_moments);
  add_into(profile.games, other.profile.games);
  add_into(profile.legal_moves, other.profile.legal_moves);
  add_into(profile.boards, other.profile.boards);
  add_into(profile.pieces, other.profile.pieces);
  add_into(turn_kinds, other.turn_kinds);
  for (std::size_t side = 0; side < 2; ++side) {
    groups.splits[side] += other.groups.splits[side];
    groups.reconnections[side] += other.groups.reconnections[side];
  }
  groups.games_with_split += other.groups.games_with_split;
  evaluation.games += other.evaluation.games;
  evaluation.positions += other.evaluation.positions;
  evaluation.lead_changes += other.evaluation.lead_changes;
  evaluation.decided_games += other.evaluation.decided_games;
  evaluation.decisiveness_millionths += other.evaluation.decisiveness_millionths;
  for (const auto& [value, count] : other.points) points[value] += count;
  matches.matches += other.matches.matches;
  matches.first_wins += other.matches.first_wins;
  for (const auto& [value, count] : other.matches.games) matches.games[value] += count;
  matches.plies.merge(other.matches.plies);
}

double first_player_score(const Tally& tally) {
  if (tally.games == 0) return 0.0;
  return (static_cast<double>(tally.first_wins) + 0.5 * static_cast<double>(tally.draws)) /
         static_cast<double>(tally.games);
}

Interval first_player_score_interval(const Tally& tally, double z) {
  if (tally.games == 0) return {0.0, 1.0};
  const double n = static_cast<double>(tally.games);
  const double w = static_cast<double>(tally.first_wins) / n;
  const double d = static_cast<double>(tally.draws) / n;
  const double mean = w + 0.5 * d;
  // Per game the score is 1, 1/2 or 0: its variance is E[s^2] - mean^2.
  const double variance = std::max(0.0, w + 0.25 * d - mean * mean);
  const double half = z * std::sqrt(variance / n);
  return {std::max(0.0, mean - half), std::min(1.0, mean + half)};
}

}  // namespace stats
