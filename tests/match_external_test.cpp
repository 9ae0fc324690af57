// Matches against external UGI engines: our own binary (it must play exactly as the same
// engine in-process) and fake engines that misbehave; every misbehaviour loses the game
// for the fake, with the reason recorded, and leaves no process behind.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cerrno>
#include <ostream>
#include <string>

#include "match/match.h"
#include "match/player_spec.h"
#include "match/subprocess.h"
#include "ordo/record.h"
#include "support/match_config.h"

namespace ordo::match {
namespace {

const std::string kEngine = ORDO_ENGINE_BINARY;
const std::string kFake = std::string(ORDO_FAKE_ENGINES_DIR) + "/fake_engine.sh";

MatchConfig small_match(const std::string& first, const std::string& second, int games) {
  MatchConfig config = testing::match_between(
      {"ordo", {{"size", "8x8"}, {"repetition", "on"}, {"move-limit", "60"}}}, first, second,
      games);
  config.seed = 11;
  config.opening_plies = 2;
  return config;
}

std::vector<std::string> moves_of(const MatchResult& result) {
  std::vector<std::string> out;
  for (const GameReport& g : result.games) {
    std::string text = g.played.record();
    out.push_back(text.substr(text.find("\n\n")));  // the moves and the result
  }
  return out;
}

// No child of this process is left, running or unreaped.
void expect_no_children() {
  errno = 0;
  EXPECT_EQ(::waitpid(-1, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
}

TEST(MatchExternal, OurBinaryOverUgiPlaysLikeTheEngineInProcess) {
  const MatchResult external =
      run_match(small_match("name=E,kind=ugi,cmd=" + kEngine + " ugi,depth=1,option.Hash=1",
                            "name=B,kind=ab,depth=1,hash=1", 2));
  const MatchResult in_process =
      run_match(small_match("name=E,kind=ab,depth=1,hash=1", "name=B,kind=ab,depth=1,hash=1", 2));
  ASSERT_EQ(external.games.size(), 2u);
  for (const GameReport& g : external.games) {
    EXPECT_TRUE(g.played.reason.empty()) << g.played.reason;
  }
  EXPECT_EQ(moves_of(external), moves_of(in_process));
  expect_no_children();
}

// Our engine's lower levels draw a new seed at every search unless told one (issue 45,
// item 8); the match runner tells it one per game, so a match still replays exactly.
TEST(MatchExternal, AUgiEngineAtALowerLevelReplaysTheSameMatch) {
  const std::string spec =
      "name=E,kind=ugi,cmd=" + kEngine + " ugi,depth=1,option.Hash=1,option.Level=1";
  const MatchResult first = run_match(small_match(spec, "name=B,kind=ab,depth=1,hash=1", 2));
  const MatchResult again = run_match(small_match(spec, "name=B,kind=ab,depth=1,hash=1", 2));
  ASSERT_EQ(first.games.size(), 2u);
  EXPECT_EQ(moves_of(first), moves_of(again));
  expect_no_children();
}

struct Misbehaviour {
  const char* mode;
  const char* waits;   // generous except where the wait itself is tested (a loaded machine)
  const char* reason;  // part of the recorded reason
  Termination termination;
};

// Names the case in test output instead of its bytes.
void PrintTo(const Misbehaviour& m, std::ostream* out) {
  *out << m.mode;
}

constexpr const char* kPatient = "timeout=10000,start_timeout=10000";

class MatchAgainstFake : public ::testing::TestWithParam<Misbehaviour> {};

TEST_P(MatchAgainstFake, TheFakeLosesEveryGameWithTheReason) {
  const Misbehaviour& m = GetParam();
  const MatchResult result = run_match(small_match(
      "name=fake,kind=ugi,cmd=" + kFake + " " + m.mode + ",depth=1,timeout=300,start_timeout=300",
      "name=ours,kind=ab,depth=1,hash=1", 2));
  ASSERT_EQ(result.games.size(), 2u);
  EXPECT_EQ(result.state.wdl.losses, 2);
  for (const GameReport& g : result.games) {
    const Record r = read_record(g.played.record());
    EXPECT_EQ(r.game.result().termination, m.termination);
    EXPECT_NE(g.played.reason.find(m.reason), std::string::npos) << g.played.reason;
    EXPECT_EQ(g.played.reason.rfind("fake (", 0), 0u) << g.played.reason;
    EXPECT_EQ(r.tags.at("Reason"), g.played.reason);
    // The record reads back, reason and all.
    const Record back = read_record(write_record(r));
    EXPECT_EQ(back.game.result(), r.game.result());
    EXPECT_EQ(back.tags.at("Reason"), g.played.reason);
  }
  expect_no_children();
}

INSTANTIATE_TEST_SUITE_P(
    MatchFakes, MatchAgainstFake,
    ::testing::Values(
        Misbehaviour{"illegal", kPatient, "illegal move 'a1-a8'", Termination::Unspecified},
        Misbehaviour{"garbage", kPatient, "illegal move '%%%garbage%%%'", Termination::Unspecified},
        Misbehaviour{"empty", kPatient, "'bestmove' without a move", Termination::Unspecified},
        Misbehaviour{"crash", kPatient, "killed by signal 11", Termination::Unspecified},
        Misbehaviour{"exit", kPatient, "exited with status 3", Termination::Unspecified},
        Misbehaviour{"hang", "timeout=300,start_timeout=10000", "no 'bestmove' within 300 ms",
                     Termination::Timeout},
        Misbehaviour{"mute", "timeout=10000,start_timeout=300",
                     "could not start a game: no 'ugiok' within 300 ms", Termination::Unspecified}),
    [](const ::testing::TestParamInfo<Misbehaviour>& param) {
      return std::string(param.param.mode);
    });

TEST(MatchExternal, AnEngineThatOverstepsItsClockLosesOnTime) {
  MatchConfig config = small_match("name=fake,kind=ugi,cmd=" + kFake + " slow,movetime=100",
                                   "name=ours,kind=ab,depth=1,hash=1", 2);
  config.clock = TimeControl{200, 0};
  const MatchResult result = run_match(config);
  ASSERT_EQ(result.games.size(), 2u);
  EXPECT_EQ(result.state.wdl.losses, 2);
  for (const GameReport& g : result.games) {
    EXPECT_EQ(read_record(g.played.record()).game.result().termination, Termination::Timeout);
    EXPECT_NE(g.played.reason.find("ran out of time"), std::string::npos) << g.played.reason;
  }
  expect_no_children();
}

TEST(MatchExternal, AProgramThatCannotStartLoses) {
  const MatchResult result = run_match(small_match(
      "name=ghost,kind=ugi,cmd=/nonexistent/engine,depth=1", "name=ours,kind=ab,depth=1", 2));
  EXPECT_EQ(result.state.wdl.losses, 2);
  EXPECT_NE(result.games[0].played.reason.find("exited with status 127"), std::string::npos)
      << result.games[0].played.reason;
  expect_no_children();
}

TEST(Subprocess, ReadsLinesWithATimeoutAndKillsTheWholeGroup) {
  Subprocess cat({"cat"});
  ASSERT_TRUE(cat.write_line("hello"));
  const auto read = cat.read_line(std::chrono::milliseconds(2000));
  EXPECT_EQ(read.status, Subprocess::ReadStatus::Line);
  EXPECT_EQ(read.line, "hello");
  EXPECT_EQ(cat.read_line(std::chrono::milliseconds(20)).status, Subprocess::ReadStatus::Timeout);
  cat.kill();
  EXPECT_TRUE(cat.exited());
  EXPECT_EQ(cat.read_line(std::chrono::milliseconds(20)).status, Subprocess::ReadStatus::Closed);
  EXPECT_FALSE(cat.write_line("anyone?"));
  expect_no_children();
}

}  // namespace
}  // namespace ordo::match
