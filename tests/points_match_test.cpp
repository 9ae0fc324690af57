// Matches to a score (engine/points_match.h) through the registry, and the match runner's
// --match-to: each winner scores its game's points, the game's rule says who begins the
// next game, and every game of a match is recorded with every roll.
#include "engine/points_match.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/any_game.h"
#include "engine/game_registry.h"
#include "match/match.h"
#include "support/match_config.h"
#include "util/random.h"

namespace games {
namespace {

// The first side that makes a move (not a roll) in `game`.
Side first_mover(AnyGame& game, common::SplitMix64& dice) {
  while (game.is_chance_node()) game.play_random(dice.next());
  return game.side_to_move();
}

TEST(PointsMatch, WinnersScoreTheirPointsAndBeginTheNextGame) {
  PointsMatch match({"mughrabieh", {}}, 31);
  common::SplitMix64 random(5);
  int expected[2] = {0, 0};
  Side starter = Side::First;
  while (!match.over()) {
    ASSERT_EQ(match.next_starter(), starter);
    auto game = match.next_game();
    EXPECT_EQ(first_mover(*game, random), starter) << "game " << match.games_played() + 1;
    while (!game->result().over()) game->play_random(random.next());
    const GameResult result = game->result();
    ASSERT_GT(result.points, 0);
    const Side winner = result.outcome == Outcome::FirstWins ? Side::First : Side::Second;
    expected[index(winner)] += result.points;
    match.add_result(result);
    EXPECT_EQ(match.score(Side::First), expected[0]);
    EXPECT_EQ(match.score(Side::Second), expected[1]);
    starter = winner;  // the house rule: the winner begins the next game
  }
  ASSERT_TRUE(match.winner().has_value());
  EXPECT_GE(match.score(*match.winner()), 31);
  EXPECT_LT(match.score(other(*match.winner())), 31);
  EXPECT_THROW(match.next_game(), GameError);
  EXPECT_GE(match.games_played(), 2);  // 15 points at most a game
}

TEST(PointsMatch, RefusesGamesWithoutMatchesAndBadRequests) {
  EXPECT_THROW(PointsMatch({"ordo", {}}, 31), GameError);
  EXPECT_THROW(PointsMatch({"orderchaos", {}}, 31), GameError);
  EXPECT_THROW(PointsMatch({"mughrabieh", {}}, 0), GameError);
  EXPECT_THROW(PointsMatch({"mughrabieh", {{"rules", "nope"}}}, 31), GameError);
  EXPECT_THROW(PointsMatch({"mughrabieh", {{"position", "6x15/6x15 w -"}}}, 31), GameError);
  PointsMatch match({"mughrabieh", {{"rules", "ludii"}}}, 5);
  const auto unfinished = match.next_game();
  EXPECT_THROW(match.add_result(unfinished->result()), GameError);
  EXPECT_EQ(match.games_played(), 0);
  EXPECT_EQ(game_entry("mughrabieh").match_target, 31);
  EXPECT_EQ(game_entry("ordo").match_target, 0);
}

TEST(PointsMatch, ADrawnGameScoresNothingAndIsBegunAgainBySameSide) {
  const GameEntry& entry = game_entry("mughrabieh");
  GameResult draw;
  draw.outcome = Outcome::Draw;
  EXPECT_EQ(entry.next_match_starter(Side::Second, draw), Side::Second);
  EXPECT_EQ(entry.next_match_starter(Side::First, draw), Side::First);
}

// A match kept as its games (the server's way) goes on from where it stood.
TEST(PointsMatch, AResumedMatchGoesOnFromItsScoreAndStarter) {
  PointsMatch match = PointsMatch::resumed({"mughrabieh", {}}, 31, 27, 12, Side::Second, 4);
  EXPECT_EQ(match.score(Side::First), 27);
  EXPECT_EQ(match.score(Side::Second), 12);
  EXPECT_EQ(match.games_played(), 4);
  common::SplitMix64 random(11);
  auto game = match.next_game();
  EXPECT_EQ(first_mover(*game, random), Side::Second);
  while (!game->result().over()) game->play_random(random.next());
  const GameResult result = game->result();
  match.add_result(result);
  const int white_points = result.outcome == Outcome::FirstWins ? result.points : 0;
  EXPECT_EQ(match.score(Side::First), 27 + white_points);
  EXPECT_EQ(match.score(Side::Second), 12 + result.points - white_points);
  EXPECT_EQ(match.over(), 27 + white_points >= 31 || 12 + result.points - white_points >= 31);
  EXPECT_THROW(PointsMatch::resumed({"mughrabieh", {}}, 31, -1, 0, Side::First, 0), GameError);
  EXPECT_THROW(PointsMatch::resumed({"ordo", {}}, 31, 0, 0, Side::First, 0), GameError);
  EXPECT_TRUE(PointsMatch::resumed({"mughrabieh", {}}, 31, 31, 3, Side::First, 3).over());
}

TEST(MatchToPoints, EachReportIsAWholeMatchWithEveryGameRecorded) {
  ordo::match::MatchConfig config = ordo::testing::match_between(
      {"mughrabieh", {}}, "name=A,kind=ab,level=1", "name=B,kind=ab,level=1", 2);
  config.seed = 7;
  config.points_target = 10;
  const ordo::match::MatchResult result = ordo::match::run_match(config);
  ASSERT_EQ(result.games.size(), 2u);
  for (const auto& report : result.games) {
    ASSERT_FALSE(report.match_games.empty());
    int score[2] = {0, 0};
    for (std::size_t g = 0; g < report.match_games.size(); ++g) {
      const auto& played = report.match_games[g];
      EXPECT_TRUE(played.reason.empty()) << played.reason;
      EXPECT_EQ(played.tags.at("Round"),
                std::to_string(report.index + 1) + "." + std::to_string(g + 1));
      const GameResult r = played.game->result();
      ASSERT_TRUE(r.over());
      EXPECT_LT(std::max(score[0], score[1]), 10) << "a game after the match was won";
      score[r.outcome == Outcome::FirstWins ? 0 : 1] += r.points;
      // Every game reads back from its record, rolls and all.
      const AnyRecord back = read_any_record(played.record());
      EXPECT_EQ(back.game->moves(), played.game->moves());
    }
    const int white_won = score[0] >= 10 ? 1 : 0;
    EXPECT_EQ(std::max(score[0], score[1]) >= 10, true);
    EXPECT_EQ(report.match_score,
              "White " + std::to_string(score[0]) + ", Black " + std::to_string(score[1]));
    // The first player (A) is White in the even match: its points are White's result.
    const double a_points = report.first_is_white ? white_won : 1 - white_won;
    EXPECT_EQ(report.first_points, a_points);
    EXPECT_EQ(report.records().find("[Round \"" + std::to_string(report.index + 1) + ".1\"]") !=
                  std::string::npos,
              true);
  }
  // Both matches of the pair roll the same dice in their first games.
  EXPECT_EQ(result.games[0].match_games[0].game->moves().front(),
            result.games[1].match_games[0].game->moves().front());
}

TEST(MatchToPoints, AForfeitLosesTheWholeMatchAtOnce) {
  ordo::match::MatchConfig config =
      ordo::testing::match_between({"mughrabieh", {}}, "name=A,kind=ab,level=1",
                                   "name=B,kind=ugi,cmd=/bin/false,movetime=50", 2);
  config.points_target = 31;
  const ordo::match::MatchResult result = ordo::match::run_match(config);
  ASSERT_EQ(result.games.size(), 2u);
  for (const auto& report : result.games) {
    EXPECT_EQ(report.match_games.size(), 1u);
    EXPECT_FALSE(report.played.reason.empty());
    EXPECT_EQ(report.first_points, 1.0);  // A wins both matches
    EXPECT_NE(report.match_score.find("forfeited"), std::string::npos) << report.match_score;
  }
}

TEST(MatchToPoints, IsRefusedForGamesWithoutMatchesAndWithABook) {
  ordo::match::MatchConfig config = ordo::testing::match_between(
      {"orderchaos", {}}, "name=A,kind=ab,depth=1", "name=B,kind=ab,depth=1", 2);
  config.points_target = 5;
  EXPECT_THROW(ordo::match::run_match(config), std::invalid_argument);
  config = ordo::testing::match_between({"mughrabieh", {}}, "name=A,kind=ab,level=1",
                                        "name=B,kind=ab,level=1", 2);
  config.points_target = 5;
  config.book = {ordo::match::Opening{{"52"}}};
  EXPECT_THROW(ordo::match::run_match(config), std::invalid_argument);
}

}  // namespace
}  // namespace games
