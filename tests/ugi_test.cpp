// The UGI protocol run over string streams: a scripted session is checked line by line,
// the search's moves against the rules core rather than hard-coded.

#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "ordo/ai/ordo_search.h"
#include "ordo/game.h"
#include "ordo/notation.h"
#include "ordo/perft.h"
#include "ugi_session.h"

namespace ordo {
namespace {

// The timing fields vary from run to run; everything else of an info line is fixed.
const std::regex kInfoLine(
    R"(info depth (\d+) score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ pv( \S+)+)");

using testing::after_greeting;
using testing::join_lines;
using testing::run_ugi_session;

// The best move a fresh searcher finds at `depth` in the game (the engine's default table).
Move direct_best_move(const Game& game, int depth) {
  AlphaBeta searcher(16);
  const std::atomic<bool> stop{false};
  return *searcher.search(game.position(), game.earlier_hashes(), {.depth = depth}, stop).best_move;
}

TEST(Ugi, ScriptedSessionTranscript) {
  const std::vector<std::string> out = run_ugi_session(
      "ugi\n"
      "isready\n"
      "setoption name Size value 8x8\n"
      "setoption name Hash value 16\n"
      "setoption name Threads value 2\n"
      "uginewgame\n"
      "position startpos moves a2-b3 a7-b6\n"
      "go depth 2\n"
      "query p1turn\n"
      "query gameover\n"
      "query result\n"
      "frobnicate now\n"
      "setoption name Colour value red\n"
      "setoption name Hash value lots\n"
      "go depth zero\n"
      "go perft 2\n"
      "position startpos moves a2-b3 a2-b3\n"
      "query p1turn\n"  // after the last legal move: Black to move
      "position fen 8/8 w\n"
      "query p1turn\n"  // no position now
      "\n"
      "quit\n"
      "isready\n");

  Game game(Position::start(Variant::Classic, 8, 8));
  game.play("a2-b3");
  game.play("a7-b6");
  Position pos = game.position();
  const std::uint64_t perft2 = perft(pos, 2);

  const std::vector<std::string> expected = after_greeting({
      "ugiok",
      "readyok",
      "INFO 1",
      "INFO 2",
      "INFO 2",  // the final one, just before bestmove
      "BESTMOVE",
      "response true",
      "response false",
      "response none",
      "info string error: unknown command 'frobnicate'",
      "info string error: setoption: unknown option 'Colour'",
      "info string error: setoption: Hash needs a whole number from 1 to 4096, got 'lots'",
      "info string error: go: depth needs a whole number from 0 to 64, got 'zero'; searching "
      "depth 1",
      "INFO 1",
      "INFO 1",
      "ANYMOVE",
      "PERFT",
      "info string error: position: move 2 'a2-b3' (Black) is illegal: 'a2-b3': "
      "there is no piece on a2; the position is the one after move 1",
      "response false",
      "PREFIX info string error: position: ",
      "info string error: query: there is no position (the last 'position' was rejected)",
  });
  ASSERT_EQ(out.size(), expected.size()) << join_lines(out);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const std::string& want = expected[i];
    std::smatch match;
    if (want.starts_with("INFO ")) {
      ASSERT_TRUE(std::regex_match(out[i], match, kInfoLine)) << out[i];
      EXPECT_EQ(match[1].str(), want.substr(5));
    } else if (want == "BESTMOVE") {
      ASSERT_TRUE(out[i].starts_with("bestmove ")) << out[i];
      const Move move = parse_move(game.position(), out[i].substr(9));  // throws if illegal
      EXPECT_EQ(move, direct_best_move(game, 2));
    } else if (want == "ANYMOVE") {
      ASSERT_TRUE(out[i].starts_with("bestmove ")) << out[i];
      EXPECT_NO_THROW(parse_move(game.position(), out[i].substr(9))) << out[i];
    } else if (want.starts_with("PREFIX ")) {
      EXPECT_TRUE(out[i].starts_with(want.substr(7))) << out[i];
    } else if (want == "PERFT") {
      EXPECT_TRUE(std::regex_match(
          out[i],
          std::regex("info depth 2 nodes " + std::to_string(perft2) + " time \\d+ nps \\d+")))
          << out[i];
    } else {
      EXPECT_EQ(out[i], want);
    }
  }
}

TEST(Ugi, SearcherLevelAndThreadsOptions) {
  const std::vector<std::string> out = run_ugi_session(
      "setoption name Searcher value mcts\n"
      "setoption name Level value 3\n"
      "setoption name Threads value 2\n"
      "setoption name Searcher value minimax\n"
      "setoption name Level value 11\n"
      "setoption name Threads value 0\n"
      "position startpos moves c2-c4\n"
      "go nodes 300\n"
      "setoption name Searcher value alphabeta\n"
      "go depth 3\n"
      "query p1turn\n"  // waits for the depth-limited search; quit would stop it
      "quit\n");
  std::vector<std::string> errors, bestmoves;
  int infos = 0;
  for (const std::string& line : out) {
    if (line.starts_with("info string error: ")) errors.push_back(line.substr(19));
    if (line.starts_with("bestmove ")) bestmoves.push_back(line.substr(9));
    infos += std::regex_match(line, kInfoLine);
  }
  const std::vector<std::string> expected_errors = {
      "setoption: Searcher is alphabeta, mcts or expectimax, not 'minimax'",
      "setoption: Level needs a whole number from 1 to 10, got '11'",
      "setoption: Threads needs a whole number from 1 to 256, got '0'",
  };
  EXPECT_EQ(errors, expected_errors) << join_lines(out);
  ASSERT_EQ(bestmoves.size(), 2u) << join_lines(out);
  EXPECT_GE(infos, 2);  // MCTS reports at least once at the end, alpha-beta per iteration
  Game game(Position::start(Variant::Classic));
  game.play("c2-c4");
  for (const std::string& move : bestmoves) {
    EXPECT_NO_THROW(parse_move(game.position(), move)) << move;
  }
}

TEST(Ugi, EvalWeightsOptionSetsTheSearchersWeights) {
  const std::vector<std::string> out = run_ugi_session(
      "setoption name EvalWeights value speed=3\n"
      "setoption name EvalWeights value material=0,mean_rank=400\n"
      "position startpos moves c2-c4\n"
      "go depth 2\n"
      "query p1turn\n"  // waits for the depth-limited search
      "setoption name EvalWeights value <empty>\n"
      "uginewgame\n"  // a fresh table, as for the direct search below
      "position startpos moves c2-c4\n"
      "go depth 2\n"
      "query p1turn\n"
      "quit\n");
  std::vector<std::string> errors;
  std::vector<int> scores;
  for (const std::string& line : out) {
    if (line.starts_with("info string error: ")) errors.push_back(line.substr(19));
    std::smatch match;
    static const std::regex kDepth2Score(R"(info depth 2 score cp (-?\d+) .*)");
    if (std::regex_match(line, match, kDepth2Score)) scores.push_back(std::stoi(match[1].str()));
  }
  EXPECT_EQ(errors, std::vector<std::string>{"setoption: EvalWeights: unknown weight 'speed'"});
  // Each search's depth-2 score twice: its last iteration's and the final info line's.
  ASSERT_EQ(scores.size(), 4u) << join_lines(out);
  EXPECT_EQ(scores[1], scores[0]);
  EXPECT_EQ(scores[3], scores[2]);
  scores = {scores[0], scores[2]};

  Game game(Position::start(Variant::Classic));
  game.play("c2-c4");
  EvalWeights weights = EvalWeights::defaults(Variant::Classic, kStandardWidth);
  weights.material = 0;
  weights.mean_rank = 400;
  AlphaBeta tuned(16);
  tuned.set_weights(weights);
  const std::atomic<bool> stop{false};
  EXPECT_EQ(scores[0],
            tuned.search(game.position(), game.earlier_hashes(), {.depth = 2}, stop).score);
  AlphaBeta plain(16);
  EXPECT_EQ(scores[1],
            plain.search(game.position(), game.earlier_hashes(), {.depth = 2}, stop).score);
  EXPECT_NE(scores[0], scores[1]);
}

TEST(Ugi, UciAliasAndOptionsForOrdoX) {
  const std::vector<std::string> out = run_ugi_session(
      "uci\n"
      "setoption name rules value x\n"
      "position fen 1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 b\n"
      "query p1turn\n"
      "go depth 1\n"
      "query p1turn\n"  // waits for the depth-limited search; quit would stop it
      "quit\n");
  ASSERT_EQ(out.size(), 17u) << join_lines(out);
  EXPECT_EQ(out[16], "response false");
  EXPECT_EQ(out[11], "uciok");
  EXPECT_EQ(out[12], "response false");
  EXPECT_TRUE(std::regex_match(out[13], kInfoLine)) << out[13];
  EXPECT_TRUE(std::regex_match(out[14], kInfoLine)) << out[14];  // the final one
  ASSERT_TRUE(out[15].starts_with("bestmove ")) << out[15];
  const Position pos =
      Position::parse("1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 b", Variant::X);
  EXPECT_NO_THROW(parse_move(pos, out[15].substr(9))) << out[15];
}

TEST(Ugi, StopEndsAnInfiniteSearchAndIsReadyAnswersAtOnce) {
  const std::vector<std::string> out = run_ugi_session(
      "position startpos moves c2-c4\n"
      "go infinite\n"
      "isready\n"
      "stop\n"
      "query p1turn\n");
  ASSERT_GE(out.size(), 3u) << join_lines(out);
  const auto ready = std::find(out.begin(), out.end(), "readyok");
  ASSERT_NE(ready, out.end());
  ASSERT_TRUE(out[out.size() - 2].starts_with("bestmove ")) << join_lines(out);
  EXPECT_LT(ready - out.begin(), static_cast<std::ptrdiff_t>(out.size()) - 2);
  EXPECT_EQ(out.back(), "response false");
  Game game(Position::start(Variant::Classic));
  game.play("c2-c4");
  EXPECT_NO_THROW(parse_move(game.position(), out[out.size() - 2].substr(9)));
}

TEST(Ugi, EndOfInputLetsAFiniteSearchFinish) {
  const std::vector<std::string> out = run_ugi_session("position startpos\ngo depth 2");
  ASSERT_EQ(out.size(), 4u) << join_lines(out);  // two iterations, the final info, bestmove
  EXPECT_TRUE(out[3].starts_with("bestmove ")) << out[3];
}

TEST(Ugi, ClockSearchAndFinishedGames) {
  // Sideways there and back twice: the start position occurs for the third time (a draw).
  const std::vector<std::string> out = run_ugi_session(
      "position startpos moves e3-d3 e6-d6 d3-e3 d6-e6 e3-d3 e6-d6 d3-e3 d6-e6\n"
      "query gameover\n"
      "query result\n"
      "go p1time 1000 p2time 1000 p1inc 10 p2inc 10\n"
      "position fen 3w4/8/8/8/8/8/3b4/8 b\n"  // White stands on Black's home row
      "query result\n"
      "position fen 8/3w4/8/8/8/8/8/3b4 w\n"  // Black stands on White's home row
      "query result\n"
      "query sideways\n");
  const std::vector<std::string> expected = {
      "response true",   "response draw",
      "bestmove (none)", "response p1win",
      "response p2win",  "info string error: query: expected 'query p1turn|gameover|result'",
  };
  EXPECT_EQ(out, expected) << join_lines(out);
}

}  // namespace
}  // namespace ordo
