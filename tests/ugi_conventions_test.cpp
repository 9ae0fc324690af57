// The UGI conventions that independent clients rely on (issue 45; docs/ugi.md), each as a
// transcript: every `go` ends with a final info line and `bestmove`, a rejected position
// does not leave the old one, options settle in any order, mate scores count plies, and
// the lower levels' chance is not fixed unless a Seed is given.
#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli/ugi.h"
#include "orderchaos/ai/orderchaos_search.h"
#include "orderchaos/position.h"
#include "ordo/ai/ordo_search.h"
#include "ordo/game.h"
#include "ordo/notation.h"
#include "search/score.h"
#include "support/ugi_grammar.h"
#include "ugi_session.h"

namespace ordo {
namespace {

using testing::join_lines;
using testing::parse_ugi_info;
using testing::run_ugi_session;
using testing::ugi_greeting;

// Every line is a UGI line, and every bestmove with a move follows an info line whose pv
// starts with that move. Returns the bestmove words in order.
std::vector<std::string> checked_bestmoves(const std::vector<std::string>& out) {
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < out.size(); ++i) {
    EXPECT_TRUE(testing::is_ugi_line(out[i])) << out[i];
    if (!out[i].starts_with("bestmove ")) continue;
    moves.push_back(out[i].substr(9));
    if (moves.back() == "(none)") continue;
    const auto final_info = i > 0 ? parse_ugi_info(out[i - 1]) : std::nullopt;
    EXPECT_TRUE(final_info && final_info->pv.front() == moves.back())
        << "no final info line before " << out[i] << ":\n"
        << join_lines(out);
  }
  return moves;
}

// The lines that are not search info lines (those vary with timing).
std::vector<std::string> without_search_info(const std::vector<std::string>& out) {
  std::vector<std::string> kept;
  for (const std::string& line : out) {
    if (!parse_ugi_info(line)) kept.push_back(line);
  }
  return kept;
}

Game classic_after(const std::vector<std::string>& moves) {
  Game game(Position::start(Variant::Classic));
  for (const std::string& move : moves) game.play(move);
  return game;
}

// Item 3: `go depth 0` (allowed by the text) and malformed `go`s had no bestmove.
TEST(UgiConventions, EveryGoEndsWithBestmove) {
  const std::vector<std::string> out = run_ugi_session(
      "position startpos moves c2-c4\n"
      "go depth 0\n"
      "go depth zero\n"
      "go movetime\n"
      "go nodes 0 frobnicate\n"
      "position fen 8/8 w\n"
      "go depth 1\n"
      "quit\n");
  const std::vector<std::string> moves = checked_bestmoves(out);
  const std::vector<std::string> expected = {
      "info string go: depth 0 asks for no search; searching depth 1, the least there is",
      "bestmove " + moves.at(0),
      "info string error: go: depth needs a whole number from 0 to 64, got 'zero'; searching "
      "depth 1",
      "bestmove " + moves.at(1),
      "info string error: go: 'movetime' needs a value; searching depth 1",
      "bestmove " + moves.at(2),
      "info string error: go: unknown parameter 'frobnicate'; searching depth 1",
      "bestmove " + moves.at(3),
      "PREFIX info string error: position: ",
      "info string error: go: there is no position (the last 'position' was rejected)",
      "bestmove (none)",
  };
  const std::vector<std::string> kept = without_search_info(out);
  ASSERT_EQ(kept.size(), expected.size()) << join_lines(out);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (expected[i].starts_with("PREFIX ")) {
      EXPECT_TRUE(kept[i].starts_with(expected[i].substr(7))) << kept[i];
      EXPECT_TRUE(kept[i].ends_with("; there is no position now")) << kept[i];
    } else {
      EXPECT_EQ(kept[i], expected[i]);
    }
  }
  const Game game = classic_after({"c2-c4"});
  for (std::size_t i = 0; i < 4; ++i) EXPECT_NO_THROW(parse_move(game.position(), moves[i]));
}

// Item 4: a rejected position left the previous one for the next `go` to play on.
TEST(UgiConventions, APositionWithAnIllegalMoveStopsAtTheLastLegalOne) {
  const std::vector<std::string> out = run_ugi_session(
      "position startpos moves e3-d3 e6-d6\n"
      "position startpos moves c2-c4 zz-zz\n"
      "query p1turn\n"
      "go depth 1\n"
      // Sideways there and back twice: a draw by repetition, then a move after the end.
      "position startpos moves e3-d3 e6-d6 d3-e3 d6-e6 e3-d3 e6-d6 d3-e3 d6-e6 c2-c4\n"
      "query gameover\n"
      "go depth 1\n"
      "quit\n");
  const std::vector<std::string> moves = checked_bestmoves(out);
  const std::vector<std::string> kept = without_search_info(out);
  ASSERT_EQ(kept.size(), 6u) << join_lines(out);
  EXPECT_TRUE(
      kept[0].starts_with("info string error: position: move 2 'zz-zz' (Black) is "
                          "illegal: "))
      << kept[0];
  EXPECT_TRUE(kept[0].ends_with("; the position is the one after move 1")) << kept[0];
  EXPECT_EQ(kept[1], "response false");  // after c2-c4: Black to move
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_NO_THROW(parse_move(classic_after({"c2-c4"}).position(), moves[0])) << moves[0];
  EXPECT_TRUE(
      kept[3].starts_with("info string error: position: move 9 'c2-c4' (White) is "
                          "illegal: "))
      << kept[3];
  EXPECT_TRUE(kept[3].ends_with("; the position is the one after move 8")) << kept[3];
  EXPECT_EQ(kept[4], "response true");
  EXPECT_EQ(moves[1], "(none)");
}

// Item 5: Game was not listed for Ordo, and `Rules` before `Game` gave an error and the
// wrong rules.
TEST(UgiConventions, EveryOptionIsListedAndTheirOrderDoesNotMatter) {
  const std::vector<std::string> listed = run_ugi_session("ugi\n");
  std::vector<std::string> expected_options;
  for (const std::string& line : ugi_greeting()) {
    if (line.starts_with("option ")) expected_options.push_back(line);
  }
  std::vector<std::string> options;
  for (const std::string& line : listed) {
    if (line.starts_with("option ")) options.push_back(line);
  }
  EXPECT_EQ(options, expected_options);

  // A line of six wins under the original rules but not under exact-five.
  const std::string six = "position fen 6/6/6/6/6/xxxx1x chaos moves Xe1\n";
  const std::vector<std::string> out = run_ugi_session(
      "setoption name Rules value exact-five\n"
      "setoption name Game value orderchaos\n" +
      six +
      "query gameover\n"
      // Every option at its listed default but Game: those Order and Chaos lacks are
      // ignored.
      "setoption name Size value 10x8\n"
      "setoption name Rules value classic\n"
      "setoption name EvalWeights value <empty>\n"
      "setoption name Game value orderchaos\n"
      "isready\n" +
      six +
      "query gameover\n"
      // Values that no game takes are refused at once; values another game takes, when
      // the game is used.
      "setoption name Rules value chess\n"
      "setoption name Rules value x\n"
      "setoption name Game value orderchaos\n"
      "isready\n"
      "query p1turn\n");
  const std::vector<std::string> expected = {
      "response false",
      "readyok",
      "response true",
      "info string error: setoption: Rules is classic, x, original, exact-five, house or ludii, "
      "not 'chess'",
      "info string error: setoption: Order and Chaos's rules are original or exact-five, not "
      "'x'",
      "readyok",
      "response true",
  };
  EXPECT_EQ(out, expected) << join_lines(out);
}

// Item 6: a win after three plies (Order's, Chaos's, Order's) was `mate 2`, in turns.
TEST(UgiConventions, MateScoresCountPlies) {
  // Order places Xe1: four in a row open at both ends; Chaos blocks one, Order fills the
  // other.
  const std::string position = "6/6/6/6/6/1xxx2 order";
  const std::vector<std::string> out = run_ugi_session(
      "setoption name Game value orderchaos\n"
      "position fen " +
      position +
      "\n"
      "go depth 5\n");  // end of input lets the search finish (quit would stop it)
  checked_bestmoves(out);
  ASSERT_GE(out.size(), 2u) << join_lines(out);
  const auto final_info = parse_ugi_info(out[out.size() - 2]);
  ASSERT_TRUE(final_info && final_info->mate) << join_lines(out);

  OrderChaosAlphaBeta searcher(16);
  const std::atomic<bool> stop{false};
  const auto direct =
      searcher.search(orderchaos::Position::parse(position, orderchaos::RuleVersion::Original), {},
                      {.depth = 5}, stop);
  EXPECT_EQ(final_info->score, kMateScore - direct.score);
  EXPECT_EQ(final_info->score, 2 * *mate_in_turns(direct.score) - 1);  // odd: the mover wins
}

// Item 7: the last info line before bestmove is the move played, at every level (the lower
// ones may play another move than the search's best).
TEST(UgiConventions, AFinalInfoLineComesJustBeforeBestmove) {
  std::string script = "position startpos moves c2-c4 c7-c5\n";
  for (int level = 1; level <= 10; ++level) {
    script += "setoption name Level value " + std::to_string(level) + "\ngo depth 2\n";
  }
  const std::vector<std::string> out = run_ugi_session(script);  // the last search finishes
  EXPECT_EQ(checked_bestmoves(out).size(), 10u) << join_lines(out);
}

std::vector<std::string> level_one_moves(const std::string& seed_option, int searches) {
  // A new game each time: the same empty table, so that only the seed may differ.
  std::string script = seed_option + "setoption name Level value 1\n";
  for (int i = 0; i < searches; ++i) script += "uginewgame\nposition startpos\ngo depth 1\n";
  return checked_bestmoves(run_ugi_session(script));  // the last search finishes
}

// Item 8: the lower levels played the same move in the same position every time, so a
// match against them repeated its games.
TEST(UgiConventions, ChanceVariesUnlessASeedIsGiven) {
  // Level 1 chooses among dozens of moves here: twenty equal choices by chance would be
  // far less likely than one in a billion.
  const std::vector<std::string> free = level_one_moves("", 20);
  EXPECT_GE(std::set<std::string>(free.begin(), free.end()).size(), 2u);

  const std::vector<std::string> seeded = level_one_moves("setoption name Seed value 4242\n", 10);
  ASSERT_EQ(seeded.size(), 10u);
  EXPECT_EQ(std::set<std::string>(seeded.begin(), seeded.end()).size(), 1u);
  EXPECT_EQ(level_one_moves("setoption name Seed value 4242\n", 1),
            std::vector<std::string>{seeded.front()});
}

// Issue 56: `isready extra` was accepted silently while `query p1turn extra` was refused.
TEST(UgiConventions, WordsAfterACommandThatTakesNoneAreRefused) {
  const std::vector<std::string> out = run_ugi_session(
      "isready extra\nuginewgame now\nstop please\nisready\nquit at once\nisready\n");
  const std::vector<std::string> expected = {
      "info string error: isready: takes no arguments, got 'extra'",
      "info string error: uginewgame: takes no arguments, got 'now'",
      "info string error: stop: takes no arguments, got 'please'",
      "readyok",
      "info string error: quit: takes no arguments, got 'at once'",
      "readyok",  // the session went on
  };
  EXPECT_EQ(out, expected);
}

// Issue 56: docs/ugi.md said the final info line's nodes were the last finished
// iteration's; they are the whole search's, the unfinished iteration included, as its nps.
TEST(UgiConventions, TheFinalInfoLineCountsTheWholeSearchsNodes) {
  const std::vector<std::string> out =
      run_ugi_session("position startpos moves c2-c4 c7-c5\ngo nodes 20000\n");
  std::vector<testing::UgiInfo> infos;
  for (const std::string& line : out) {
    if (const auto info = parse_ugi_info(line)) infos.push_back(*info);
  }
  ASSERT_GE(infos.size(), 2u) << join_lines(out);  // at least one iteration, then the final
  const testing::UgiInfo& last_iteration = infos[infos.size() - 2];
  const testing::UgiInfo& final_info = infos.back();
  EXPECT_EQ(final_info.depth, last_iteration.depth);
  // The node limit stops the search inside an iteration (one thread: the same place on
  // every run), whose nodes the final line counts too.
  EXPECT_GT(final_info.nodes, last_iteration.nodes) << join_lines(out);
}

// Issue 44, item 10: input lines had no size limit.
TEST(UgiConventions, AnOverlongLineIsRefusedAndTheSessionGoesOn) {
  const std::string overlong(cli::kMaxLineBytes + 1, 'x');
  const std::vector<std::string> out =
      run_ugi_session("isready\n" + overlong + "\nisready\n" + overlong);
  const std::vector<std::string> expected = {
      "readyok",
      "info string error: a line longer than 1048576 bytes was ignored",
      "readyok",
      "info string error: a line longer than 1048576 bytes was ignored",
  };
  EXPECT_EQ(out, expected);
}

}  // namespace
}  // namespace ordo
