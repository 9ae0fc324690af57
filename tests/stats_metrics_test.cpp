// The statistics' aggregates on small games made by hand: every expectation is worked out
// in the test from the games' own numbers, and the Wilson interval against a published
// example.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "stats/ludii_metrics.h"
#include "stats/metrics.h"

namespace stats {
namespace {

games::TurnFacts board(std::uint32_t kinds, int first, int second, bool first_split = false) {
  games::TurnFacts facts;
  facts.kinds = kinds;
  facts.pieces = {first, second};
  facts.split = {first_split, false};
  return facts;
}

// A game of `legal.size()` plies; the first player's pieces go split after the ply in
// `split_after` and reconnect after the next one.
GameSample game(games::Outcome outcome, std::string ending, std::vector<std::uint32_t> legal,
                int split_after = -1) {
  GameSample g;
  g.outcome = outcome;
  g.ending = std::move(ending);
  g.legal_moves = legal;
  g.start = board(0, 10, 10);
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const bool split = static_cast<int>(i) == split_after;
    // Kinds alternate between bit 0 and bits 0 and 2; the second player loses a piece
    // every third ply.
    g.after.push_back(board(i % 2 == 0 ? 1u : 5u, 10, 10 - static_cast<int>(i + 1) / 3, split));
  }
  return g;
}

std::vector<GameSample> hand_made_games() {
  std::vector<GameSample> games;
  games.push_back(game(games::Outcome::FirstWins, "home row", {20, 22, 25, 30}, 1));
  games.push_back(game(games::Outcome::SecondWins, "home row", {20, 21, 19}));
  games.push_back(game(games::Outcome::FirstWins, "cannot reconnect", {20, 18, 17, 16, 15, 2}));
  games.push_back(game(games::Outcome::Draw, "move limit", {20, 20}));
  games.back().ended_by_limit = true;
  games.push_back(game(games::Outcome::Draw, "repetition", {20, 19, 18, 17, 16}));
  return games;
}

Tally tally_of(const std::vector<GameSample>& games) {
  Tally tally;
  for (const GameSample& g : games) tally.add(g, 100);
  return tally;
}

// Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison
// of seven methods", Statistics in Medicine 17, table I: the Wilson score interval for
// 81/263 is 0.2553 to 0.3662, for 15/148 0.0624 to 0.1605, for 0/20 0 to 0.1611.
TEST(StatsMetrics, WilsonIntervalAsPublished) {
  const Interval a = wilson_interval(81, 263);
  EXPECT_NEAR(a.low, 0.2553, 5e-5);
  EXPECT_NEAR(a.high, 0.3662, 5e-5);
  const Interval b = wilson_interval(15, 148);
  EXPECT_NEAR(b.low, 0.0624, 5e-5);
  EXPECT_NEAR(b.high, 0.1605, 5e-5);
  const Interval c = wilson_interval(0, 20);
  EXPECT_NEAR(c.low, 0.0, 1e-12);
  EXPECT_NEAR(c.high, 0.1611, 5e-5);
  const Interval none = wilson_interval(0, 0);
  EXPECT_EQ(none.low, 0.0);
  EXPECT_EQ(none.high, 1.0);
}

TEST(StatsMetrics, OutcomesAndLudiiMetricsOfHandMadeGames) {
  const auto games = hand_made_games();
  const Tally t = tally_of(games);
  std::uint64_t first = 0, second = 0, draws = 0, limit = 0;
  for (const GameSample& g : games) {
    first += g.outcome == games::Outcome::FirstWins;
    second += g.outcome == games::Outcome::SecondWins;
    draws += g.outcome == games::Outcome::Draw;
    limit += g.ended_by_limit;
  }
  const double n = static_cast<double>(games.size());
  const auto d = [](std::uint64_t count) { return static_cast<double>(count); };
  EXPECT_EQ(t.games, games.size());
  EXPECT_EQ(t.first_wins, first);
  EXPECT_EQ(t.second_wins, second);
  EXPECT_EQ(t.draws, draws);
  EXPECT_EQ(t.endings.at("home row"), 2u);
  EXPECT_EQ(t.endings.at("move limit"), 1u);
  EXPECT_DOUBLE_EQ(balance(t), 1.0 - std::abs(d(first) / n - d(second) / n));
  EXPECT_DOUBLE_EQ(completion(t), d(first + second) / n);
  // The draw by the move limit is a timeout to Ludii, not a draw.
  EXPECT_DOUBLE_EQ(drawishness(t), d(draws - limit) / n);
  EXPECT_DOUBLE_EQ(first_player_score(t), (d(first) + 0.5 * d(draws)) / n);
  const Interval ci = completion_interval(t);
  const Interval expected = wilson_interval(first + second, games.size());
  EXPECT_DOUBLE_EQ(ci.low, expected.low);
  EXPECT_DOUBLE_EQ(ci.high, expected.high);
}

TEST(StatsMetrics, FirstPlayerScoreIntervalIsTheTrinomialOne) {
  Tally t;
  t.games = 10;
  t.first_wins = 6;
  t.draws = 2;
  t.second_wins = 2;
  // Scores 1 (6 times), 1/2 (twice), 0 (twice): mean 0.7, variance E[s^2] - 0.49.
  const double mean = (6 + 0.5 * 2) / 10.0;
  const double variance = (6 + 0.25 * 2) / 10.0 - mean * mean;
  const double half = kZ95 * std::sqrt(variance / 10);
  const Interval ci = first_player_score_interval(t);
  EXPECT_NEAR(ci.low, mean - half, 1e-12);
  EXPECT_NEAR(ci.high, mean + half, 1e-12);
}

TEST(StatsMetrics, LengthsOfHandMadeGames) {
  const auto games = hand_made_games();
  const Tally t = tally_of(games);
  std::vector<int> lengths;
  for (const GameSample& g : games) lengths.push_back(g.plies());
  const double n = static_cast<double>(lengths.size());
  const double mean = std::accumulate(lengths.begin(), lengths.end(), 0.0) / n;
  double squares = 0;
  for (const int l : lengths) squares += (l - mean) * (l - mean);
  const double sd = std::sqrt(squares / (n - 1));
  EXPECT_DOUBLE_EQ(t.ply_moments.mean(), mean);
  EXPECT_NEAR(t.ply_moments.standard_deviation(), sd, 1e-12);
  EXPECT_NEAR(t.ply_moments.mean_interval().high, mean + kZ95 * sd / std::sqrt(n), 1e-12);
  // Nearest rank on the sorted lengths: the ceil(q n)-th.
  std::sort(lengths.begin(), lengths.end());
  for (const double q : {0.25, 0.5, 0.75, 1.0}) {
    const auto rank = static_cast<std::size_t>(std::ceil(q * n));
    EXPECT_EQ(quantile(t.plies, q), lengths[rank - 1]) << q;
  }
  EXPECT_EQ(quantile(Histogram{}, 0.5), 0);
}

TEST(StatsMetrics, BranchingKindsPiecesAndGroupsByPly) {
  const auto games = hand_made_games();
  const Tally t = tally_of(games);
  std::size_t longest = 0;
  for (const GameSample& g : games) longest = std::max(longest, g.legal_moves.size());
  ASSERT_EQ(t.profile.games.size(), longest);
  ASSERT_EQ(t.profile.boards.size(), longest + 1);
  for (std::size_t ply = 0; ply < longest; ++ply) {
    std::uint64_t reached = 0, legal = 0, second_pieces = 0;
    for (const GameSample& g : games) {
      if (ply >= g.legal_moves.size()) continue;
      ++reached;
      legal += g.legal_moves[ply];
      second_pieces += static_cast<std::uint64_t>(g.after[ply].pieces[1]);
    }
    EXPECT_EQ(t.profile.games[ply], reached) << ply;
    EXPECT_EQ(t.profile.legal_moves[ply], legal) << ply;
    EXPECT_EQ(t.profile.boards[ply + 1], reached) << ply;
    EXPECT_EQ(t.profile.pieces[ply + 1][1], second_pieces) << ply;
  }
  EXPECT_EQ(t.profile.boards[0], games.size());
  EXPECT_EQ(t.profile.pieces[0][0], 10 * games.size());

  std::uint64_t kind0 = 0, kind2 = 0;
  for (const GameSample& g : games) {
    for (const auto& after : g.after) {
      kind0 += after.kinds & 1u;
      kind2 += (after.kinds >> 2) & 1u;
    }
  }
  ASSERT_EQ(t.turn_kinds.size(), 3u);
  EXPECT_EQ(t.turn_kinds[0], kind0);
  EXPECT_EQ(t.turn_kinds[1], 0u);
  EXPECT_EQ(t.turn_kinds[2], kind2);

  // Only the first game splits (after ply 1) and reconnects (after ply 2).
  EXPECT_EQ(t.groups.splits[0], 1u);
  EXPECT_EQ(t.groups.reconnections[0], 1u);
  EXPECT_EQ(t.groups.splits[1], 0u);
  EXPECT_EQ(t.groups.games_with_split, 1u);
}

TEST(StatsMetrics, LeadChangesIgnoreEvenScores) {
  // Leaders: first, (even), first, second, (even), first: two changes.
  const std::vector<Evaluation> evaluations = {{1, 30}, {2, 0}, {3, 10}, {4, -5}, {5, 0}, {6, 80}};
  EXPECT_EQ(lead_changes(evaluations), 2);
  EXPECT_EQ(lead_changes({}), 0);
}

TEST(StatsMetrics, DecisivenessIsWhereTheWinnerStaysAboveTheThreshold) {
  GameSample g = game(games::Outcome::SecondWins, "home row", std::vector<std::uint32_t>(10, 5));
  // The second player passes -100 at ply 2, falls back at ply 4, and stays from ply 6.
  g.evaluations = {{0, 0}, {2, -150}, {4, -50}, {6, -120}, {8, -kForcedWin}};
  const auto share = decisiveness(g, 100);
  ASSERT_TRUE(share);
  EXPECT_DOUBLE_EQ(*share, 6.0 / g.plies());
  // Never above: decided only by the end.
  g.evaluations = {{2, 50}, {8, -20}};
  EXPECT_DOUBLE_EQ(*decisiveness(g, 100), 1.0);
  g.outcome = games::Outcome::Draw;
  EXPECT_FALSE(decisiveness(g, 100));
  g.outcome = games::Outcome::FirstWins;
  g.evaluations.clear();
  EXPECT_FALSE(decisiveness(g, 100));
}

TEST(StatsMetrics, EvaluationCountsAddUp) {
  auto games = hand_made_games();
  games[0].evaluations = {{0, 10}, {2, -10}, {3, 200}};  // first wins; decided from ply 3
  games[1].evaluations = {{1, -300}};                    // second wins; decided from ply 1
  const Tally t = tally_of(games);
  EXPECT_EQ(t.evaluation.games, 2u);
  EXPECT_EQ(t.evaluation.positions, 4u);
  EXPECT_EQ(t.evaluation.lead_changes,
            static_cast<std::uint64_t>(lead_changes(games[0].evaluations)));
  EXPECT_EQ(t.evaluation.decided_games, 2u);
  const double expected = (3.0 / games[0].plies() + 1.0 / games[1].plies()) / 2;
  EXPECT_NEAR(mean_decisiveness(t), expected, 1e-6);
}

TEST(StatsMetrics, MergingTalliesEqualsAddingEveryGame) {
  const auto games = hand_made_games();
  Tally a, b;
  for (std::size_t i = 0; i < games.size(); ++i) (i % 2 == 0 ? a : b).add(games[i], 100);
  Tally merged = b;
  merged.merge(a);
  EXPECT_EQ(merged, tally_of(games));
}

}  // namespace
}  // namespace stats
