// The match runner with in-process players: paired openings, determinism, records, the
// SPRT stopping a lopsided match, player specs and the Elo plot.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <variant>

#include "cli/app.h"
#include "match/elo_plot.h"
#include "match/engine_player.h"
#include "match/match.h"
#include "match/openings.h"
#include "match/player_spec.h"
#include "ordo/ai/ordo_game.h"
#include "ordo/record.h"
#include "support/match_config.h"

namespace ordo::match {
namespace {

MatchConfig small_match(const std::string& first, const std::string& second, int games) {
  MatchConfig config = testing::match_between(
      {"ordo", {{"size", "8x8"}, {"repetition", "on"}, {"move-limit", "60"}}}, first, second,
      games);
  config.seed = 7;
  config.opening_plies = 3;
  return config;
}

std::string all_records(const MatchResult& result) {
  std::string text;
  for (const GameReport& g : result.games) text += g.played.record() + "\n";
  return text;
}

TEST(MatchRunner, FixedDepthEnginesPlayPairedOpeningsDeterministically) {
  const MatchConfig config =
      small_match("name=deep,kind=ab,depth=2,hash=1", "name=shallow,kind=ab,depth=1,hash=1", 2);
  const MatchResult result = run_match(config);
  ASSERT_EQ(result.games.size(), 2u);
  const WinDrawLoss& wdl = result.state.wdl;
  EXPECT_EQ(wdl.games(), 2);
  EXPECT_EQ(result.state.pairs[0] + result.state.pairs[1] + result.state.pairs[2] +
                result.state.pairs[3] + result.state.pairs[4],
            1);
  for (const GameReport& g : result.games) {
    const Record r = read_record(g.played.record());
    EXPECT_TRUE(r.game.result().over());
    EXPECT_TRUE(g.played.reason.empty()) << g.played.reason;  // the rules ended every game
    EXPECT_EQ(r.tags.at("White"), g.index % 2 == 0 ? "deep" : "shallow");
    EXPECT_EQ(r.tags.at("Black"), g.index % 2 == 0 ? "shallow" : "deep");
  }
  // Both games of a pair start with the same opening, which is the seeded one.
  const Opening opening = make_opening(config.rules, 3, 7, 0);
  for (int game : {0, 1}) {
    const Record r = read_record(result.games[static_cast<std::size_t>(game)].played.record());
    Game replay(Position::start(Variant::Classic, 8, 8));
    for (const std::string& m : opening.moves) replay.play(m);
    for (std::size_t i = 0; i < opening.moves.size(); ++i) {
      EXPECT_EQ(r.game.moves()[i], replay.moves()[i]) << "game " << game << " ply " << i;
    }
  }
  EXPECT_EQ(all_records(run_match(config)), all_records(result));  // same on every run
}

TEST(MatchRunner, ConcurrentGamesGiveTheSameRecordsInTheSameOrder) {
  MatchConfig config = small_match("kind=ab,depth=1,hash=1", "kind=uct,nodes=20", 4);
  const std::string one_at_a_time = all_records(run_match(config));
  config.concurrency = 3;
  EXPECT_EQ(all_records(run_match(config)), one_at_a_time);
}

TEST(MatchRunner, SprtStopsALopsidedMatch) {
  // Our engine against a UCT bot with one iteration a move (close to random).
  MatchConfig config =
      small_match("name=ab,kind=ab,depth=1,hash=1", "name=uct,kind=uct,nodes=1", 60);
  config.sprt = SprtParameters{0, 100, 0.05, 0.05};
  const MatchResult result = run_match(config);
  ASSERT_TRUE(result.state.sprt);
  EXPECT_EQ(result.state.sprt->decision, SprtDecision::AcceptH1);
  EXPECT_GT(result.state.sprt_decided_after, 0);
  EXPECT_LT(result.state.games_done, 60);
  EXPECT_EQ(result.state.games_done, result.state.sprt_decided_after);  // one game at a time
  EXPECT_GE(result.state.sprt->llr, result.state.sprt->upper);
}

TEST(MatchRunner, OpeningsAreOpenAndSeeded) {
  const MatchRules rules{"ordo", {{"rules", "x"}}};
  for (int i = 0; i < 4; ++i) {
    const Opening o = make_opening(rules, 4, 99, i);
    EXPECT_EQ(o.moves.size(), 4u);
    Game game(Position::start(Variant::X, 10, 8));
    for (const std::string& m : o.moves) game.play(m);
    EXPECT_FALSE(game.result().over());
    EXPECT_FALSE(games::ordo_can_win_at_once(game.position(), Color::White));
    EXPECT_FALSE(games::ordo_can_win_at_once(game.position(), Color::Black));
    EXPECT_EQ(make_opening(rules, 4, 99, i).moves, o.moves);
  }
  EXPECT_NE(make_opening(rules, 4, 99, 0).moves, make_opening(rules, 4, 100, 0).moves);
}

TEST(MatchRunner, CanWinAtOnceSeesAHomeRowStep) {
  // White on b7 steps to the eighth rank (Black's home row) and wins.
  const Position pos = Position::parse("8/1w6/8/bb6/8/8/8/8 w", Variant::Classic);
  EXPECT_TRUE(games::ordo_can_win_at_once(pos, Color::White));
}

TEST(MatchRunner, PlayerSpecsAreChecked) {
  const PlayerSpec spec = parse_player_spec("name=A,kind=ugi,cmd=/bin/x ugi,option.Hash=8");
  EXPECT_EQ(spec.name, "A");
  EXPECT_EQ(spec.kind, "ugi");
  ASSERT_EQ(spec.settings.size(), 2u);
  EXPECT_EQ(spec.settings[0].second, "/bin/x ugi");
  EXPECT_EQ(parse_player_spec("kind=uct,movetime=5").name, "uct");
  for (const char* bad : {"", "name=A", "kind=alpha", "kind=ab,depth",
                          "kind=ab,depth=", "kind=ab,depth=2,depth=3", "=1,kind=ab"}) {
    EXPECT_THROW(parse_player_spec(bad), std::invalid_argument) << bad;
  }
  const auto configure = [](const std::string& text) {
    return configure_player(parse_player_spec(text), false);
  };
  EXPECT_NO_THROW(configure("kind=ab,depth=3,hash=4,threads=1"));
  EXPECT_NO_THROW(configure("kind=uct,nodes=100,seed=3,c=1.5"));
  EXPECT_NO_THROW(configure("kind=ugi,cmd=prog,depth=2,option.Hash=8,timeout=100"));
  for (const char* bad :
       {"kind=ab", "kind=ab,depth=0", "kind=ab,depth=x", "kind=ab,depth=3,speed=5",
        "kind=uct,depth=3", "kind=uct,nodes=5,c=-1", "kind=ugi,depth=2", "kind=ab,movetime=-5"}) {
    EXPECT_THROW(configure(bad), std::invalid_argument) << bad;
  }
  try {
    configure("kind=ab,depth=3,speed=5");
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unknown key 'speed'"), std::string::npos) << e.what();
  }
  // With a clock a player needs no per-move limit.
  EXPECT_NO_THROW(configure_player(parse_player_spec("kind=ab"), true));
}

// The message configure_player gives for `text`, or "" if it takes it.
std::string configure_error(const std::string& text) {
  try {
    configure_player(parse_player_spec(text), false);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(MatchRunner, LevelKeyIsParsedAndCheckedForOurEngine) {
  const PlayerConfig config =
      configure_player(parse_player_spec("kind=ab,level=3,nodes=400"), false);
  ASSERT_TRUE(std::holds_alternative<AbSettings>(config.settings));
  EXPECT_EQ(std::get<AbSettings>(config.settings).level, 3);
  EXPECT_EQ(std::get<AbSettings>(config.settings).limits.nodes, 400u);
  // Unless given, our engine plays at full strength.
  EXPECT_EQ(
      std::get<AbSettings>(configure_player(parse_player_spec("kind=ab,depth=2"), false).settings)
          .level,
      games::kMaxLevel);
  // A level below the top caps the search itself, as in the app; the top level does not.
  EXPECT_EQ(configure_error("kind=ab,level=9"), "");
  EXPECT_NE(configure_error("kind=ab,level=10").find("no limit"), std::string::npos);
  for (const char* bad : {"kind=ab,level=0,depth=2", "kind=ab,level=11,depth=2",
                          "kind=ab,level=x,depth=2", "kind=ab,level=5.5,depth=2"}) {
    EXPECT_NE(configure_error(bad).find("level needs a whole number from 1 to 10"),
              std::string::npos)
        << bad << ": " << configure_error(bad);
  }
  // The reference bot has no levels.
  EXPECT_NE(configure_error("kind=uct,nodes=5,level=3").find("unknown key 'level'"),
            std::string::npos);
}

TEST(MatchRunner, EvalKeysSetOurEnginesWeightsAndAreChecked) {
  const PlayerConfig config = configure_player(
      parse_player_spec("kind=ab,depth=2,eval.material=70,eval.mean_rank=60"), false);
  ASSERT_TRUE(std::holds_alternative<AbSettings>(config.settings));
  EXPECT_EQ(std::get<AbSettings>(config.settings).eval_weights, "material=70,mean_rank=60");
  EXPECT_NE(configure_error("kind=ab,depth=2,eval.speed=3").find("unknown weight 'speed'"),
            std::string::npos);
  EXPECT_NE(configure_error("kind=ab,depth=2,eval.material=x").find("'x' is not an integer"),
            std::string::npos);
  // Only our engine has them.
  EXPECT_NE(configure_error("kind=uct,nodes=5,eval.material=70").find("unknown key"),
            std::string::npos);
  // Different weights play differently: a match against the defaults is not a mirror.
  const MatchConfig even =
      small_match("name=a,kind=ab,depth=1,hash=1", "name=b,kind=ab,depth=1,hash=1", 4);
  const MatchConfig uneven = small_match("name=a,kind=ab,depth=1,hash=1,eval.material=0",
                                         "name=b,kind=ab,depth=1,hash=1", 4);
  EXPECT_NE(all_records(run_match(even)), all_records(run_match(uneven)));
}

TEST(MatchRunner, CputimeLimitsOurPlayersByTheirThreadsCpuTime) {
  const PlayerConfig ab = configure_player(parse_player_spec("kind=ab,cputime=250"), false);
  const PlayerConfig uct = configure_player(parse_player_spec("kind=uct,cputime=250"), false);
  for (const MoveLimits& limits :
       {std::get<AbSettings>(ab.settings).limits, std::get<UctSettings>(uct.settings).limits}) {
    EXPECT_EQ(limits.movetime_ms, 250);
    EXPECT_EQ(limits.movetime_basis, TimeBasis::ThreadCpu);
  }
  const PlayerConfig wall = configure_player(parse_player_spec("kind=uct,movetime=250"), false);
  EXPECT_EQ(std::get<UctSettings>(wall.settings).limits.movetime_basis, TimeBasis::Wall);
  EXPECT_NE(configure_error("kind=ab,movetime=5,cputime=5").find("not both"), std::string::npos);
  EXPECT_NE(configure_error("kind=ab,cputime=0").find("cputime needs a whole number"),
            std::string::npos);
  // A UGI engine cannot be told to count CPU time.
  EXPECT_NE(configure_error("kind=ugi,cmd=prog,cputime=5").find("unknown key 'cputime'"),
            std::string::npos);
  // The players play by it: a short match of our engine against the bot on CPU time.
  const MatchResult result =
      run_match(small_match("name=a,kind=ab,cputime=20,hash=1", "name=b,kind=uct,cputime=20", 2));
  EXPECT_EQ(result.state.wdl.games(), 2);
  for (const GameReport& g : result.games) EXPECT_TRUE(g.played.reason.empty()) << g.played.reason;
}

TEST(MatchRunner, APlayerWithoutALimitIsToldTheKeysOfItsKind) {
  EXPECT_EQ(
      configure_error("name=A,kind=ab"),
      "player 'name=A,kind=ab': no limit: give depth=, nodes=, movetime=, cputime= or level=1..9, "
      "or a clock (--tc)");
  EXPECT_NE(configure_error("kind=uct").find("give movetime=, cputime= or nodes=, or a clock"),
            std::string::npos)
      << configure_error("kind=uct");
  EXPECT_NE(configure_error("kind=ugi,cmd=prog").find("give depth=, nodes= or movetime=, or a"),
            std::string::npos)
      << configure_error("kind=ugi,cmd=prog");
}

TEST(MatchRunner, LevelsChangePlayAndTheirChoicesVaryFromGameToGame) {
  const std::string full = "name=full,kind=ab,depth=2,hash=1";
  const MatchConfig even = small_match(full, "name=low,kind=ab,depth=2,hash=1", 8);
  const MatchConfig uneven = small_match(full, "name=low,kind=ab,level=1,depth=2,hash=1", 8);
  const MatchResult low = run_match(uneven);
  EXPECT_TRUE(all_records(low) != all_records(run_match(even))) << "level 1 played as level 10";
  // Level 1's blunders and near-best gambles cost it games against full strength.
  EXPECT_GT(low.state.wdl.wins, low.state.wdl.losses)
      << low.state.wdl.wins << "-" << low.state.wdl.draws << "-" << low.state.wdl.losses;
  EXPECT_EQ(all_records(run_match(uneven)), all_records(low));  // still reproducible

  // Each game draws its own randomness: from its opening and the player.
  const games::GameSpec rules{"ordo", {{"size", "8x8"}}};
  const auto after = [&](const std::vector<std::string>& moves) {
    auto game = games::make_game(rules);
    for (const std::string& m : moves) game->play(m);
    return game;
  };
  const Opening first = make_opening(rules, 3, 7, 0), second = make_opening(rules, 3, 7, 1);
  ASSERT_NE(first.moves, second.moves);
  EXPECT_EQ(game_seed(*after(first.moves), "low"), game_seed(*after(first.moves), "low"));
  EXPECT_NE(game_seed(*after(first.moves), "low"), game_seed(*after(second.moves), "low"));
  EXPECT_NE(game_seed(*after(first.moves), "low"), game_seed(*after(first.moves), "full"));
}

TEST(MatchRunner, EloPlotDrawsEveryPoint) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const std::vector<EloPoint> history = {
      {1, {100, -50, 300, true}}, {2, {50, -20, 120, true}}, {3, {60, -kInf, kInf, true}}};
  const std::string svg = elo_plot_svg(history, "A <vs> B");
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("A &lt;vs&gt; B"), std::string::npos);
  const auto line = svg.find("<polyline");
  ASSERT_NE(line, std::string::npos);
  const std::string points = svg.substr(line, svg.find("/>", line) - line);
  EXPECT_EQ(std::count(points.begin(), points.end(), ','), 3);
  EXPECT_EQ(svg.find("inf"), std::string::npos);  // infinite bounds are clamped
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
}

TEST(MatchCommand, WritesRecordsThatReadBackAndAPlot) {
  const std::string records = ::testing::TempDir() + "match_records.txt";
  const std::string plot = ::testing::TempDir() + "match_plot.svg";
  std::istringstream in;
  std::ostringstream out, err;
  const int status = cli::run_cli(
      {"match", "--engine", "name=A,kind=ab,depth=1,hash=1", "--engine", "name=B,kind=uct,nodes=20",
       "--games", "2", "--size", "8x8", "--move-limit", "100", "--out", records, "--plot", plot},
      in, out, err);
  ASSERT_EQ(status, 0) << err.str();
  EXPECT_NE(out.str().find("game 2/2"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Elo difference"), std::string::npos) << out.str();
  std::ifstream file(records);
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const auto second = text.find("[Game ", 1);
  ASSERT_NE(second, std::string::npos);
  const Record a = read_record(text.substr(0, second));
  const Record b = read_record(text.substr(second));
  EXPECT_EQ(a.tags.at("White"), "A");
  EXPECT_EQ(b.tags.at("White"), "B");
  EXPECT_TRUE(a.game.result().over());
  EXPECT_TRUE(b.game.result().over());
  std::ifstream svg(plot);
  std::string first_line;
  std::getline(svg, first_line);
  EXPECT_EQ(first_line.rfind("<svg", 0), 0u);
}

TEST(MatchCommand, RecordsOfParallelGamesAreWrittenInRoundOrder) {
  // Games finish in any order with two at a time; the file still lists rounds 1, 2, 3, 4.
  const std::string records = ::testing::TempDir() + "match_records_parallel.txt";
  std::istringstream in;
  std::ostringstream out, err;
  const int status = cli::run_cli({"match", "--engine", "name=A,kind=ab,depth=1,hash=1", "--engine",
                                   "name=B,kind=uct,nodes=20", "--games", "4", "--concurrency", "2",
                                   "--size", "8x8", "--move-limit", "60", "--out", records},
                                  in, out, err);
  ASSERT_EQ(status, 0) << err.str();
  EXPECT_NE(out.str().find("Records of 4 games written"), std::string::npos) << out.str();
  std::ifstream file(records);
  std::vector<std::string> rounds;
  for (std::string line; std::getline(file, line);)
    if (line.rfind("[Round ", 0) == 0) rounds.push_back(line);
  const std::vector<std::string> expected = {"[Round \"1\"]", "[Round \"2\"]", "[Round \"3\"]",
                                             "[Round \"4\"]"};
  EXPECT_EQ(rounds, expected);
}

TEST(MatchCommand, StopsByTheSprtAndSaysWhy) {
  std::istringstream in;
  std::ostringstream out, err;
  const int status = cli::run_cli(
      {"match", "--engine", "name=A,kind=ab,depth=1,hash=1", "--engine", "name=B,kind=uct,nodes=1",
       "--games", "60", "--size", "8x8", "--move-limit", "60", "--sprt", "0,100,0.05,0.05"},
      in, out, err);
  ASSERT_EQ(status, 0) << err.str();
  EXPECT_NE(out.str().find("H1 accepted after"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("game 60/60"), std::string::npos) << out.str();
}

TEST(MatchCommand, BadOptionsAreRejectedWithAReason) {
  const auto error_of = [](std::vector<std::string> args) {
    std::istringstream in;
    std::ostringstream out, err;
    args.insert(args.begin(), "match");
    EXPECT_NE(cli::run_cli(args, in, out, err), 0);
    return err.str();
  };
  EXPECT_NE(error_of({"--engine", "kind=ab,depth=1"}).find("exactly two"), std::string::npos);
  EXPECT_NE(error_of({"--engine", "kind=ab,depth=1", "--engine", "kind=ab"}).find("no limit"),
            std::string::npos);
  EXPECT_NE(error_of({"--engine", "kind=ab,depth=1", "--engine", "kind=ab,depth=1", "--tc", "x"})
                .find("--tc"),
            std::string::npos);
  EXPECT_NE(
      error_of({"--engine", "kind=ab,depth=1", "--engine", "kind=ab,depth=1", "--sprt", "1,2"})
          .find("--sprt"),
      std::string::npos);
  EXPECT_NE(error_of({"--engine", "kind=ab,depth=1", "--engine", "kind=ab,depth=1", "--out",
                      "/nonexistent/dir/x.txt"})
                .find("--out"),
            std::string::npos);
}

}  // namespace
}  // namespace ordo::match
