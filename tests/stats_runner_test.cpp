// Statistics runs: a seed reproduces a run whatever the number of threads, shards merged
// equal one run byte for byte, and what the game seam reports for statistics is true.
#include "stats/stats_runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "stats/stats_json.h"
#include "util/random.h"

namespace stats {
namespace {

RunSettings random_run(std::string game, std::string rules, std::uint64_t games) {
  RunSettings s;
  s.game = {std::move(game), {{"rules", std::move(rules)}}};
  s.games = games;
  s.seed = 7;
  return s;
}

std::string run_json(const RunSettings& settings, int threads, Shard shard = {}) {
  RunResult result;
  result.settings = settings;
  result.shard_count = shard.count;
  result.shards_played = {shard.index};
  result.facts = games::make_game(settings.game)->facts();
  result.tally = run_games(settings, RunControl{threads, shard, {}});
  return write_stats_json(result);
}

TEST(StatsRunner, ASeedReproducesARunOnOneOrTwoThreads) {
  for (const RunSettings& s :
       {random_run("ordo", "classic", 40), random_run("ordo", "x", 6),
        random_run("orderchaos", "exact-five", 200), random_run("mughrabieh", "house", 30)}) {
    const std::string one = run_json(s, 1);
    EXPECT_EQ(one, run_json(s, 2)) << s.game.game;
    RunSettings other = s;
    other.seed = s.seed + 1;
    EXPECT_NE(one, run_json(other, 2)) << "another seed should play other games";
  }
}

TEST(StatsRunner, EnginePlayersAreReproducibleToo) {
  RunSettings s = random_run("orderchaos", "original", 6);
  s.first = parse_player_choice("level:3");
  s.second = parse_player_choice("nodes:300");
  const std::string one = run_json(s, 1);
  EXPECT_EQ(one, run_json(s, 2));
  EXPECT_NE(one.find("\"evaluated_games\": 6"), std::string::npos) << one;
}

TEST(StatsRunner, ShardsMergedEqualOneRunByteForByte) {
  RunSettings s = random_run("ordo", "classic", 23);  // not a multiple of the shards
  s.game.options["size"] = "8x8";
  const std::string whole = run_json(s, 2);
  std::vector<RunResult> shards;
  std::vector<std::string> names;
  for (const int k : {3, 1, 2}) {  // in any order
    names.push_back("shard" + std::to_string(k));
    shards.push_back(read_stats_json(run_json(s, 1, Shard{k, 3}), names.back()));
  }
  EXPECT_EQ(write_stats_json(merge_results(shards, names)), whole);
  // Two of three merge into a partial run that still knows which shards it holds.
  const RunResult partial = merge_results({shards[0], shards[1]}, {names[0], names[1]});
  EXPECT_EQ(partial.shard_count, 3);
  EXPECT_EQ(partial.shards_played, (std::vector<int>{1, 3}));
  const RunResult rest = read_stats_json(write_stats_json(partial), "partial");
  EXPECT_EQ(write_stats_json(merge_results({rest, shards[2]}, {"partial", names[2]})), whole);
}

TEST(StatsRunner, ShardGamesPartitionTheRun) {
  for (const std::uint64_t games : {0u, 1u, 5u, 23u, 24u}) {
    std::uint64_t sum = 0;
    for (int k = 1; k <= 4; ++k) {
      std::uint64_t played = 0;
      for (std::uint64_t i = 0; i < games; ++i) played += Shard{k, 4}.plays(i);
      EXPECT_EQ(shard_games(games, Shard{k, 4}), played) << games << ' ' << k;
      sum += played;
    }
    EXPECT_EQ(sum, games);
  }
}

TEST(StatsRunner, PlayerAndShardTextsAreChecked) {
  EXPECT_EQ(parse_player_choice("random").kind, PlayerChoice::Kind::Random);
  EXPECT_EQ(parse_player_choice("level:3").value, 3u);
  EXPECT_EQ(parse_player_choice("time:250").text(), "time:250");
  for (const char* bad :
       {"", "level:0", "level:11", "nodes:", "nodes:x", "time:-1", "best", "level3", "random:1"}) {
    EXPECT_THROW(parse_player_choice(bad), std::invalid_argument) << bad;
  }
  EXPECT_EQ(parse_shard("2/5"), (Shard{2, 5}));
  for (const char* bad : {"", "0/3", "4/3", "1/0", "1", "a/b", "1/2/3", "-1/2"}) {
    EXPECT_THROW(parse_shard(bad), std::invalid_argument) << bad;
  }
}

TEST(StatsRunner, ABadGameOptionFailsBeforeAnyGame) {
  RunSettings s = random_run("ordo", "classic", 4);
  s.game.options["size"] = "9x9";
  EXPECT_THROW(run_games(s, RunControl{2, {}, {}}), games::GameError);
  s = random_run("orderchaos", "original", 4);
  s.game.options["move-limit"] = "30";
  EXPECT_THROW(run_games(s, RunControl{1, {}, {}}), games::GameError);
}

TEST(StatsRunner, AMatchEndsWhenASideFirstReachesTheTarget) {
  RunSettings s = random_run("mughrabieh", "house", 12);
  s.match_to = 31;
  EngineSet engines;
  for (std::uint64_t index = 0; index < s.games; ++index) {
    const MatchSample match = play_match(s, index, engines);
    int score[2] = {0, 0};
    for (std::size_t g = 0; g < match.games.size(); ++g) {
      EXPECT_LT(std::max(score[0], score[1]), 31) << "the match went on after it was won";
      const GameSample& game = match.games[g];
      ASSERT_NE(game.outcome, games::Outcome::Draw);  // the house rules have no draw
      EXPECT_GE(game.points, 1);
      EXPECT_LE(game.points, 15);
      score[game.outcome == games::Outcome::FirstWins ? 0 : 1] += game.points;
    }
    EXPECT_GE(score[games::index(match.winner)], 31);
    EXPECT_LT(score[1 - games::index(match.winner)], 31);
  }
}

TEST(StatsRunner, RunsOfMatchesCountEveryGameAndMergeLikeRunsOfGames) {
  RunSettings s = random_run("mughrabieh", "house", 7);
  s.match_to = 11;
  const std::string whole = run_json(s, 2);
  EXPECT_EQ(whole, run_json(s, 1));
  std::vector<RunResult> shards;
  std::vector<std::string> names;
  for (const int k : {2, 1}) {
    names.push_back("shard" + std::to_string(k));
    shards.push_back(read_stats_json(run_json(s, 1, Shard{k, 2}), names.back()));
  }
  EXPECT_EQ(write_stats_json(merge_results(shards, names)), whole);

  const Tally tally = read_stats_json(whole, "whole").tally;
  EXPECT_EQ(tally.matches.matches, 7u);
  std::uint64_t games = 0, won_games = 0;
  for (const auto& [count, matches] : tally.matches.games) games += count * matches;
  for (const auto& [points, count] : tally.points) won_games += count;
  EXPECT_EQ(games, tally.games);
  EXPECT_EQ(won_games, tally.first_wins + tally.second_wins);
  EXPECT_EQ(tally.matches.plies.sum, tally.ply_moments.sum);
  // Another target is another run: its shards do not merge with these.
  RunSettings other = s;
  other.match_to = 12;
  EXPECT_THROW(merge_results({shards[0], read_stats_json(run_json(other, 1, Shard{1, 2}), "o")},
                             {names[0], "o"}),
               StatsFileError);
}

TEST(StatsRunner, OnlyGamesWorthPointsPlayMatches) {
  RunSettings s = random_run("orderchaos", "original", 2);
  s.match_to = 31;
  EXPECT_THROW(run_games(s, RunControl{1, {}, {}}), games::GameError);
  // A run of single games writes no match or points fields.
  const std::string json = run_json(random_run("orderchaos", "original", 3), 1);
  EXPECT_EQ(json.find("\"matches\""), std::string::npos);
  EXPECT_EQ(json.find("\"points\""), std::string::npos);
}

// What the seam reports for statistics, checked against what can be seen from outside:
// the random move is one of the legal moves, the count is theirs, a capture takes a
// piece, Order and Chaos's marks are the plies played.
void check_random_play(const games::GameSpec& spec, int games_to_play) {
  common::SplitMix64 rng(11);
  for (int n = 0; n < games_to_play; ++n) {
    const auto game = games::make_game(spec);
    const games::GameFacts facts = game->facts();
    games::TurnFacts before = game->last_turn_facts();
    EXPECT_EQ(before.kinds, 0u);
    while (!game->result().over()) {
      const std::vector<std::string> legal = game->legal_moves();
      EXPECT_EQ(game->legal_move_count(), legal.size());
      const int mover = games::index(game->side_to_move());
      EXPECT_EQ(game->play_random(rng.next()), legal.size());
      EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), game->moves().back()));
      const games::TurnFacts after = game->last_turn_facts();
      EXPECT_NE(after.kinds, 0u);
      EXPECT_LT(after.kinds, 1u << facts.turn_kinds.size());
      if (facts.has_groups) {
        const int opponent = 1 - mover;
        const bool captured = after.pieces[static_cast<std::size_t>(opponent)] <
                              before.pieces[static_cast<std::size_t>(opponent)];
        EXPECT_EQ((after.kinds >> 2 & 1u) != 0, captured) << game->moves().back();
      } else {
        EXPECT_EQ(after.pieces[0] + after.pieces[1], static_cast<int>(game->moves().size()));
      }
      before = after;
    }
    EXPECT_THROW(game->play_random(rng.next()), games::GameError);
    EXPECT_EQ(game->legal_move_count(), 0u);
  }
}

TEST(StatsSeam, RandomPlayAndTurnFactsOfOrdo) {
  check_random_play({"ordo", {{"rules", "classic"}}}, 3);
  check_random_play({"ordo", {{"rules", "x"}, {"size", "8x8"}}}, 1);
}

TEST(StatsSeam, RandomPlayAndTurnFactsOfOrderAndChaos) {
  check_random_play({"orderchaos", {{"rules", "original"}}}, 10);
}

}  // namespace
}  // namespace stats
