// `analyze` for Mughrabieh: the engine ranks every distinct turn for the roll, the position's
// analysis lists them best first, and a turn of a record is judged by its own equity in that
// ranking (before, a dice game's turns were left unjudged).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "analysis/game_analysis.h"
#include "analysis/move_judgement.h"
#include "engine/any_game.h"
#include "support/cli_run.h"

namespace ordo {
namespace {

// Both sides with a piece in the final six, so that the first-piece rule no longer binds and
// a roll has many turns.
constexpr const char* kOpenPosition = "24x10,13x2,8,5,3/24x10,13x2,8,5,3 w 52";

std::unique_ptr<games::AnyGame> mughrabieh() {
  return games::make_game({"mughrabieh", {{"rules", "house"}, {"position", kOpenPosition}}});
}

games::GoLimits few_nodes() {
  games::GoLimits limits;
  limits.nodes = 2000;  // the static ranking: quick, and the same every run
  return limits;
}

TEST(AnalyzeMughrabieh, EveryDistinctTurnForTheRollIsRankedBestFirst) {
  auto game = mughrabieh();
  GameAnalyzer analyzer(*game, few_nodes());
  const PositionAnalysis a = analyzer.analyze_position(*game);
  ASSERT_TRUE(a.best_move);
  ASSERT_GE(a.ranked.size(), 5u);
  EXPECT_EQ(a.ranked.front().move, *a.best_move);
  EXPECT_EQ(a.ranked.front().score, a.score);
  EXPECT_TRUE(std::is_sorted(a.ranked.begin(), a.ranked.end(),
                             [](const auto& x, const auto& y) { return x.score > y.score; }));
  // One entry per position a legal turn leads to.
  std::set<std::string> reached;
  for (const std::string& turn : game->legal_moves()) {
    auto copy = game->clone();
    copy->play(turn);
    reached.insert(copy->position());
  }
  EXPECT_EQ(a.ranked.size(), reached.size());
}

TEST(AnalyzeMughrabieh, ATurnIsJudgedByItsOwnEquityForTheRoll) {
  auto game = mughrabieh();
  GameAnalyzer analyzer(*game, few_nodes());
  const PositionAnalysis white = analyzer.analyze_position(*game);
  ASSERT_GE(white.ranked.size(), 2u);
  const games::RankedMove worst = white.ranked.back();
  game->play(worst.move);
  game->play("31");
  const PositionAnalysis black = analyzer.analyze_position(*game);
  ASSERT_TRUE(black.best_move);
  game->play(*black.best_move);

  const GameAnalysis analysis = analyzer.analyze_game(*game);
  // White's turn (the roll came with the position), a roll, Black's turn.
  ASSERT_EQ(analysis.plies.size(), 3u);
  const PlyAnalysis& w = analysis.plies[0];
  EXPECT_EQ(w.played, worst.move);
  EXPECT_EQ(w.score_before, white.score);
  EXPECT_EQ(w.score_after, worst.score);
  EXPECT_EQ(w.drop, score_drop(white.score, worst.score));
  EXPECT_GT(w.drop, 0);
  EXPECT_EQ(w.mark, judge_move(white.score, worst.score));
  const PlyAnalysis& b = analysis.plies[2];
  EXPECT_EQ(b.score_after, b.score_before);  // the engine's own choice loses nothing
  EXPECT_EQ(b.mark, MoveMark::None);
}

TEST(AnalyzeMughrabieh, ThePositionCommandListsTheBestTurns) {
  const auto text = testing::run_cli_capturing(
      {"analyze", "--game", "mughrabieh", "--position", kOpenPosition, "--nodes", "2000"});
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("the 5 best of "), std::string::npos) << text.out;
  const auto json = testing::run_cli_capturing({"analyze", "--game", "mughrabieh", "--position",
                                                kOpenPosition, "--nodes", "2000", "--json"});
  ASSERT_EQ(json.code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_TRUE(j.contains("ranked"));
  EXPECT_EQ(j["ranked"][0]["move"], j["best_move"]);
  EXPECT_EQ(j["ranked"][0]["score"], j["score"]);
}

}  // namespace
}  // namespace ordo
