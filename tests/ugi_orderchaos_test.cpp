// The UGI protocol serving Order and Chaos (`setoption name Game value orderchaos`): a
// scripted exchange checked line by line, perft counts from the rules core.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "engine/any_engine.h"
#include "orderchaos/notation.h"
#include "orderchaos/perft.h"
#include "orderchaos/position.h"
#include "ugi_session.h"

namespace ordo {
namespace {

using testing::after_greeting;
using testing::join_lines;
using testing::run_ugi_session;

std::uint64_t perft_of(const std::string& position, orderchaos::RuleVersion version, int depth) {
  orderchaos::Position pos = orderchaos::Position::parse(position, version);
  return orderchaos::perft(pos, depth);
}

TEST(UgiOrderChaos, ScriptedSessionTranscript) {
  const std::vector<std::string> out = run_ugi_session(
      "setoption name Game value orderchaos\n"
      "ugi\n"
      "position startpos moves Xc3 Od4\n"
      "query p1turn\n"
      "go perft 2\n"
      "position startpos moves Xc3 Xc3\n"
      "query p1turn\n"  // after the last legal move: Chaos to move
      "setoption name Size value 8x8\n"
      "setoption name Rules value classic\n"
      "setoption name Game value chess\n"
      "setoption name Rules value exact-five\n"
      "position fen 6/6/6/6/6/xxxx2 chaos moves Ob6\n"
      "query gameover\n"
      "go perft 1\n"
      "position fen 6/6/6/6/6/xxxx2 chaos moves Xe1\n"
      "query gameover\n"
      "query result\n"
      "go depth 1\n"  // the game is over: no move, or no engine
      "go perft 6\n"
      "setoption name Game value ordo\n"
      "query p1turn\n"
      "position startpos moves c2-c4\n"
      "query p1turn\n"
      "quit\n");
  const std::string after_two = "6/6/3o2/2x3/6/6 order";
  const std::string four = "6/o5/6/6/6/xxxx2 order";
  const std::vector<std::string> expected = after_greeting({
      "ugiok",
      "response true",
      "PERFT 2 " + std::to_string(perft_of(after_two, orderchaos::RuleVersion::Original, 2)),
      "info string error: position: move 2 'Xc3' (Chaos) is illegal: 'Xc3': c3 is taken "
      "(X stands there); the position is the one after move 1",
      "response false",
      "info string error: setoption: unknown game 'chess' (known: ordo, orderchaos, mughrabieh)",
      // Settled when the game is next used: Rules exact-five (the later value) fits, Size
      // 8x8 does not.
      "info string error: setoption: Order and Chaos's board is 6x6, not '8x8'",
      "response false",
      "PERFT 1 " + std::to_string(perft_of(four, orderchaos::RuleVersion::ExactFive, 1)),
      "response true",
      "response p1win",
      "bestmove (none)",
      "info string error: go: perft needs a whole number from 0 to 5, got '6'",
      "response true",  // Ordo's start: White to move
      "response false",
  });
  ASSERT_EQ(out.size(), expected.size()) << join_lines(out);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (expected[i].starts_with("PERFT ")) {
      const std::string depth = expected[i].substr(6, 1);
      const std::string nodes = expected[i].substr(8);
      EXPECT_TRUE(std::regex_match(
          out[i], std::regex("info depth " + depth + " nodes " + nodes + " time \\d+ nps \\d+")))
          << out[i] << " (want " << nodes << " nodes)";
    } else {
      EXPECT_EQ(out[i], expected[i]);
    }
  }
}

TEST(UgiOrderChaos, RulesChangeTheGameAndTheSameValueKeepsThePosition) {
  const std::vector<std::string> out = run_ugi_session(
      "setoption name Game value orderchaos\n"
      "position startpos moves Xa1\n"
      "setoption name Game value orderchaos\n"  // no change: the position stays
      "query p1turn\n"
      "setoption name Rules value exact-five\n"  // a change: the start again
      "query p1turn\n"
      // A line of six wins in original but not in exact-five.
      "position fen 6/6/6/6/6/xxxx1x order moves Xe1\n"
      "query gameover\n"
      "setoption name Rules value original\n"
      "position fen 6/6/6/6/6/xxxx1x order moves Xe1\n"
      "query gameover\n");
  const std::vector<std::string> expected = {"response false", "response true", "response false",
                                             "response true"};
  EXPECT_EQ(out, expected) << join_lines(out);
}

// A game whose engine takes no evaluation weights (the registry says so) refuses them,
// and its game is still played.
TEST(UgiOrderChaos, EvalWeightsAreRefusedForAGameWithoutThem) {
  const std::vector<std::string> out = run_ugi_session(
      "setoption name Game value orderchaos\n"
      "setoption name EvalWeights value material=100\n"
      "position startpos moves Xa1\n"
      "query p1turn\n");
  const std::vector<std::string> expected = {
      "info string error: setoption: Order and Chaos has no settable EvalWeights",
      "response false"};
  EXPECT_EQ(out, expected) << join_lines(out);
}

// The info lines' timing fields vary; the rest is fixed.
const std::regex kInfoLine(
    R"(info depth (\d+) score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+ time \d+ pv( \S+)+)");

TEST(UgiOrderChaos, GoAsksTheOrderAndChaosEngine) {
  const std::vector<std::string> out = run_ugi_session(
      "setoption name Game value orderchaos\n"
      "setoption name Searcher value mcts\n"  // both searchers serve Order and Chaos
      "setoption name Searcher value minimax\n"
      "setoption name Searcher value alphabeta\n"
      "setoption name Level value 10\n"
      "position fen 6/6/6/6/6/xxxx2 order\n"
      "go depth 2\n"
      "position startpos moves Xc3\n"
      "go depth 1\n"
      "query p1turn\n");
  // Each search: its iterations (one here: a win at once ends the deepening), the final
  // info line, bestmove.
  ASSERT_EQ(out.size(), 8u) << join_lines(out);
  EXPECT_EQ(
      out[0],
      "info string error: setoption: Searcher is alphabeta, mcts or expectimax, not 'minimax'");
  std::smatch match;
  ASSERT_TRUE(std::regex_match(out[1], match, kInfoLine)) << out[1];
  EXPECT_EQ(match[2].str(), "mate 1");  // Xe1 is five in a row at once
  EXPECT_TRUE(std::regex_match(out[2], kInfoLine)) << out[2];
  EXPECT_EQ(out[3], "bestmove Xe1");
  EXPECT_TRUE(std::regex_match(out[4], kInfoLine)) << out[4];
  EXPECT_TRUE(std::regex_match(out[5], kInfoLine)) << out[5];
  ASSERT_TRUE(out[6].starts_with("bestmove ")) << out[6];
  orderchaos::Position pos = orderchaos::Position::start();
  pos.play(orderchaos::parse_move(pos, "Xc3"));
  EXPECT_NO_THROW(orderchaos::parse_move(pos, out[6].substr(9))) << out[6];
  EXPECT_EQ(out[7], "response false");
}

}  // namespace
}  // namespace ordo
