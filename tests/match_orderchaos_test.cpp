// Order and Chaos matches through the same runner: two external UGI engines (fakes that
// place on the first empty square, or on a taken one), the referee's verdicts, records in
// the second game's own format, openings, and players that cannot play the game.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cerrno>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cli/app.h"
#include "engine/any_engine.h"
#include "match/match.h"
#include "match/openings.h"
#include "match/player_spec.h"
#include "orderchaos/record.h"
#include "support/match_config.h"

namespace ordo::match {
namespace {

const std::string kFake = std::string(ORDO_FAKE_ENGINES_DIR) + "/fake_orderchaos.sh";
const MatchRules kOrderChaos{"orderchaos", {}};

MatchConfig oc_match(const std::string& first, const std::string& second, int games) {
  MatchConfig config = testing::match_between(kOrderChaos, first, second, games);
  config.seed = 5;
  config.opening_plies = 2;
  return config;
}

std::string fake(const std::string& name, const std::string& mode) {
  return "name=" + name + ",kind=ugi,cmd=" + kFake + " " + mode +
         ",depth=1,timeout=10000,start_timeout=10000";
}

void expect_no_children() {
  errno = 0;
  EXPECT_EQ(::waitpid(-1, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
}

TEST(MatchOrderChaos, TwoUgiEnginesPlayByTheRulesAndTheRecordsAreOrderAndChaos) {
  // The fakes answer a legal move only when told `setoption name Game value orderchaos`.
  const MatchResult result = run_match(oc_match(fake("A", "play"), fake("B", "play"), 2));
  ASSERT_EQ(result.games.size(), 2u);
  EXPECT_EQ(result.state.wdl.games(), 2);
  for (const GameReport& g : result.games) {
    EXPECT_TRUE(g.played.reason.empty()) << g.played.reason;
    const games::GameResult r = g.played.game->result();
    EXPECT_TRUE(r.termination == "five in a row" || r.termination == "board full") << r.termination;
    const std::string text = g.played.record();
    EXPECT_EQ(text.rfind("[Game \"Order and Chaos\"]", 0), 0u) << text;
    const std::string order = g.index % 2 == 0 ? "A" : "B";
    const std::string chaos = g.index % 2 == 0 ? "B" : "A";
    EXPECT_NE(text.find("[Order \"" + order + "\"]"), std::string::npos) << text;
    EXPECT_NE(text.find("[Chaos \"" + chaos + "\"]"), std::string::npos) << text;
    // The second game's own reader takes it, every move checked again.
    const orderchaos::Record back = orderchaos::read_record(text);
    EXPECT_EQ(back.game.moves().size(), g.played.game->moves().size());
    EXPECT_EQ(orderchaos::result_token(back.game.result().outcome), r.token);
    EXPECT_EQ(back.tags.at("Round"), std::to_string(g.index + 1));
  }
  // Both games of the pair start with the seeded opening.
  const Opening opening = make_opening(kOrderChaos, 2, 5, 0);
  for (const GameReport& g : result.games) {
    const std::vector<std::string> moves = g.played.game->moves();
    ASSERT_GE(moves.size(), 2u);
    EXPECT_EQ(std::vector<std::string>(moves.begin(), moves.begin() + 2), opening.moves);
  }
  expect_no_children();
}

TEST(MatchOrderChaos, TheRefereeRejectsAPlacementOnATakenSquare) {
  const MatchResult result = run_match(oc_match(fake("taken", "taken"), fake("B", "play"), 2));
  ASSERT_EQ(result.games.size(), 2u);
  EXPECT_EQ(result.state.wdl.losses, 2);
  for (const GameReport& g : result.games) {
    EXPECT_EQ(g.played.game->result().termination, "unspecified");
    const std::string side = g.index % 2 == 0 ? "Order" : "Chaos";
    EXPECT_EQ(g.played.reason.rfind("taken (" + side + "): illegal move 'X", 0), 0u)
        << g.played.reason;
    EXPECT_NE(g.played.reason.find("is taken"), std::string::npos) << g.played.reason;
    const orderchaos::Record back = orderchaos::read_record(g.played.record());
    EXPECT_EQ(back.tags.at("Reason"), g.played.reason);
    EXPECT_EQ(back.game.result().termination, orderchaos::Termination::Unspecified);
  }
  expect_no_children();
}

TEST(MatchOrderChaos, OpeningsAreOpenAndSeeded) {
  for (int i = 0; i < 4; ++i) {
    const Opening o = make_opening(kOrderChaos, 6, 99, i);
    EXPECT_EQ(o.moves.size(), 6u);
    const auto game = games::make_game(kOrderChaos);
    games::play_moves(*game, o.moves);
    EXPECT_FALSE(game->result().over());
    EXPECT_FALSE(game->can_win_at_once(games::Side::First));
    EXPECT_EQ(make_opening(kOrderChaos, 6, 99, i).moves, o.moves);
  }
  EXPECT_NE(make_opening(kOrderChaos, 6, 99, 0).moves, make_opening(kOrderChaos, 6, 100, 0).moves);
}

TEST(MatchOrderChaos, PlayersThatCannotPlayTheGameAreRefused) {
  const auto error_of = [](const std::string& spec) {
    try {
      run_match(oc_match(spec, fake("B", "play"), 2));
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error_of("name=U,kind=uct,nodes=10").find("kind=uct is the Ordo reference bot"),
            std::string::npos);
  expect_no_children();
}

// The moves and result of each game's record.
std::vector<std::string> moves_of(const MatchResult& result) {
  std::vector<std::string> out;
  for (const GameReport& g : result.games) {
    const std::string text = g.played.record();
    out.push_back(text.substr(text.find("\n\n")));
  }
  return out;
}

TEST(MatchOrderChaos, OurBinaryOverUgiPlaysLikeTheEngineInProcess) {
  const std::string engine = ORDO_ENGINE_BINARY;
  const MatchResult external =
      run_match(oc_match("name=E,kind=ugi,cmd=" + engine + " ugi,depth=2,option.Hash=1",
                         "name=B,kind=ab,depth=1,hash=1", 2));
  const MatchResult in_process =
      run_match(oc_match("name=E,kind=ab,depth=2,hash=1", "name=B,kind=ab,depth=1,hash=1", 2));
  ASSERT_EQ(external.games.size(), 2u);
  for (const GameReport& g : external.games) {
    EXPECT_TRUE(g.played.reason.empty()) << g.played.reason;
    EXPECT_TRUE(g.played.game->result().over());
  }
  EXPECT_EQ(moves_of(external), moves_of(in_process));
  expect_no_children();
}

TEST(MatchOrderChaos, OurEnginesLevelChangesItsPlay) {
  // The level reaches Order and Chaos's own level table through the same engine settings.
  std::string records[2];
  for (const int i : {0, 1}) {
    const std::string level = i == 0 ? "" : ",level=1";
    const MatchResult result = run_match(
        oc_match("name=E,kind=ab,depth=2,hash=1", "name=B,kind=ab,depth=2,hash=1" + level, 4));
    for (const GameReport& g : result.games) records[i] += g.played.record();
  }
  EXPECT_TRUE(records[0] != records[1]) << "level 1 played as level 10";
}

TEST(MatchCommand, PlaysOrderAndChaosAndWritesItsRecords) {
  const std::string records = ::testing::TempDir() + "oc_match_records.txt";
  std::istringstream in;
  std::ostringstream out, err;
  const int status = cli::run_cli(
      {"match", "--game", "orderchaos", "--rules", "exact-five", "--engine", fake("A", "play"),
       "--engine", fake("B", "play"), "--games", "2", "--out", records},
      in, out, err);
  ASSERT_EQ(status, 0) << err.str();
  EXPECT_NE(out.str().find("Order and Chaos exact-five"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("game 2/2: B - A"), std::string::npos) << out.str();
  std::ifstream file(records);
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const auto second = text.find("[Game ", 1);
  ASSERT_NE(second, std::string::npos) << text;
  for (const std::string& one : {text.substr(0, second), text.substr(second)}) {
    const orderchaos::Record r = orderchaos::read_record(one);
    EXPECT_EQ(r.game.position().version(), orderchaos::RuleVersion::ExactFive);
    EXPECT_TRUE(r.game.result().over());
  }
}

TEST(MatchCommand, OrdoOnlyOptionsAreRefusedForOrderAndChaos) {
  const auto error_of = [](std::vector<std::string> extra) {
    std::vector<std::string> args = {"match",           "--game",   "orderchaos",     "--engine",
                                     fake("A", "play"), "--engine", fake("B", "play")};
    args.insert(args.end(), extra.begin(), extra.end());
    std::istringstream in;
    std::ostringstream out, err;
    EXPECT_NE(cli::run_cli(args, in, out, err), 0);
    return err.str();
  };
  EXPECT_NE(error_of({"--size", "8x8"}).find("6x6"), std::string::npos);
  EXPECT_NE(error_of({"--rules", "x"}).find("original or exact-five"), std::string::npos);
  EXPECT_NE(error_of({"--move-limit", "50"}).find("Order and Chaos always ends"),
            std::string::npos);
}

}  // namespace
}  // namespace ordo::match
