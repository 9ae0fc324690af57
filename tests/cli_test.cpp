// The command-line front end (src/cli) run through run_cli with string streams: every
// command's output is checked against what the rules core says directly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.h"
#include "ordo/game.h"
#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/perft.h"
#include "ordo/record.h"
#include "support/cli_run.h"

namespace ordo {
namespace {

constexpr const char* kWhiteSplit =
    "2bb2bb2/bbbb1bbbbb/bb2b3bb/4b5/2w7/4ww2ww/wwww1wwwww/2ww2ww2 w";
constexpr const char* kMidgame8x8 = "8/1bbb2b1/2bb1bb1/3wb3/2ww4/1ww1ww2/2ww4/8 w";
// Sideways there and back twice: the start position occurs for the third time.
constexpr const char* kRepeatingMoves = "e3-d3 e6-d6 d3-e3 d6-e6 e3-d3 e6-d6 d3-e3 d6-e6";

using ordo::testing::CliRun;

CliRun run(const std::vector<std::string>& args, const std::string& input = "") {
  return ordo::testing::run_cli_capturing(args, input);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> sorted_legal(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<std::string> texts;
  for (const Move& m : list) texts.push_back(format_move(pos, m));
  std::sort(texts.begin(), texts.end());
  return texts;
}

std::vector<std::string> move_texts(const Game& game) {
  std::vector<std::string> texts;
  Position pos = game.start_position();
  for (const Move& m : game.moves()) {
    texts.push_back(format_move(pos, m));
    pos.make(m);
  }
  return texts;
}

std::string temp_file(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "ordo_cli_" + info->name() + "_" + name;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(CliPerft, LastLineIsNodesSearched) {
  Position start = Position::start(Variant::Classic);
  const CliRun r = run({"perft", "3"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines.back(), "Nodes searched: " + std::to_string(perft(start, 3)));
  EXPECT_NE(lines[lines.size() - 2].find("nodes/s"), std::string::npos);
}

TEST(CliPerft, DivideSumsToTotalAndMatchesCore) {
  Position pos = Position::parse(kMidgame8x8, Variant::Classic);
  const CliRun r = run({"perft", "3", "--divide", "--position", kMidgame8x8});
  ASSERT_EQ(r.code, 0) << r.err;
  std::vector<std::pair<std::string, std::uint64_t>> expected;
  for (const auto& [move, count] : perft_divide(pos, 3)) {
    expected.emplace_back(format_move(pos, move), count);
  }
  std::sort(expected.begin(), expected.end());

  const auto lines = lines_of(r.out);
  std::vector<std::pair<std::string, std::uint64_t>> divided;
  std::uint64_t sum = 0;
  for (const std::string& line : lines) {
    if (line.empty()) break;
    const auto colon = line.find(": ");
    ASSERT_NE(colon, std::string::npos) << line;
    divided.emplace_back(line.substr(0, colon), std::stoull(line.substr(colon + 2)));
    sum += divided.back().second;
  }
  EXPECT_EQ(divided, expected);
  EXPECT_EQ(lines.back(), "Nodes searched: " + std::to_string(sum));
  EXPECT_EQ(sum, perft(pos, 3));
}

TEST(CliPerft, CountsFromThePositionAfterMoves) {
  Game game(Position::start(Variant::Classic, 8, 8));
  game.play("c2-c4");
  Position pos = game.position();
  const CliRun r = run({"perft", "2", "--size", "8x8", "--moves", "c2-c4"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(lines_of(r.out).back(), "Nodes searched: " + std::to_string(perft(pos, 2)));
}

TEST(CliMoves, StartPositionsMatchCore) {
  CliRun r = run({"moves"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(lines_of(r.out), sorted_legal(Position::start(Variant::Classic)));
  EXPECT_TRUE(r.err.empty());

  r = run({"moves", "--size", "8x8"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(lines_of(r.out), sorted_legal(Position::start(Variant::Classic, 8, 8)));
}

TEST(CliMoves, GivenPositionMatchesCore) {
  const CliRun r = run({"moves", "--position", kWhiteSplit});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto expected = sorted_legal(Position::parse(kWhiteSplit, Variant::Classic));
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(lines_of(r.out), expected);
}

TEST(CliMoves, AfterMovesMatchesCore) {
  Game game(Position::start(Variant::Classic));
  game.play("c2-c4");
  game.play("c7-c5");
  const CliRun r = run({"moves", "--moves", "c2-c4 c7-c5"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(lines_of(r.out), sorted_legal(game.position()));
}

TEST(CliMoves, IllegalMoveNamesItsNumberAndTheCoreReason) {
  Game game(Position::start(Variant::Classic));
  game.play("c2-c4");
  std::string reason;
  try {
    parse_move(game.position(), "c2-c3");
  } catch (const MoveError& e) {
    reason = e.what();
  }
  ASSERT_FALSE(reason.empty()) << "c2-c3 should be illegal for Black";

  const CliRun r = run({"moves", "--moves", "c2-c4 c2-c3"});
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("move 2"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(reason), std::string::npos) << r.err;
}

TEST(CliMoves, BadPositionIsExitOne) {
  for (const std::string bad : {"bad w", "2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww x",
                                "2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2"}) {
    const CliRun r = run({"moves", "--position", bad});
    EXPECT_EQ(r.code, 1) << bad;
    EXPECT_TRUE(r.out.empty()) << bad;
    EXPECT_NE(r.err.find("--position"), std::string::npos) << r.err;
  }
}

TEST(CliMoves, FinishedGameHasNoMoves) {
  const CliRun r = run({"moves", "--moves", kRepeatingMoves});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  // The house rule off: the same moves leave the game going.
  const CliRun on = run({"moves", "--moves", kRepeatingMoves, "--no-repetition"});
  EXPECT_EQ(lines_of(on.out), sorted_legal(Position::start(Variant::Classic)));
}

TEST(CliShow, DiagramHasCoordinatesOnBothSides) {
  const CliRun r = run({"show"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_GE(lines.size(), 10u);
  EXPECT_EQ(lines[0], "    a b c d e f g h i j");
  EXPECT_EQ(lines[1], " 8  . . b b . . b b . .  8");
  EXPECT_EQ(lines[8], " 1  . . w w . . w w . .  1");
  EXPECT_EQ(lines[9], lines[0]);
  EXPECT_NE(r.out.find(Position::start(Variant::Classic).to_string()), std::string::npos);
  EXPECT_NE(r.out.find("White"), std::string::npos);
  EXPECT_NE(r.out.find("Split       no"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("classic"), std::string::npos);
}

TEST(CliShow, SplitSideMustReconnect) {
  const Position pos = Position::parse(kWhiteSplit, Variant::Classic);
  ASSERT_FALSE(pos.is_connected(Color::White));
  const CliRun r = run({"show", "--position", kWhiteSplit});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("split"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("reconnect"), std::string::npos) << r.out;
}

TEST(CliShow, RepetitionEndsTheGame) {
  Game game(Position::start(Variant::Classic));
  std::istringstream moves(kRepeatingMoves);
  for (std::string m; moves >> m;) game.play(m);
  ASSERT_TRUE(game.result().over());
  const CliRun r = run({"show", "--moves", kRepeatingMoves});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find(describe(game.result())), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("house rule"), std::string::npos);
}

TEST(CliPlay, ScriptedGameSavesARecordThatReadsBack) {
  const std::string path = temp_file("game.txt");
  std::remove(path.c_str());
  const std::vector<std::string> script = {
      "c2-c4", "c7-c5", "undo",
      "zz9",    // not a square: explained, then asked again
      "c2-c3",  // not Black's piece
      "moves", "c7-c6", "save " + path, "quit",
      "d2-d3",  // never read
  };
  std::string input;
  for (const std::string& line : script) input += line + '\n';
  const CliRun r = run({"play", "--white", "Ada", "--black", "Ben"}, input);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("White to move (move 1) >"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Black to move (move 1) >"), std::string::npos);
  EXPECT_NE(r.out.find("White to move (move 2) >"), std::string::npos);
  EXPECT_NE(r.err.find("zz9"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("c2-c3"), std::string::npos) << r.err;

  // `moves` listed Black's legal moves after c2-c4.
  Game after(Position::start(Variant::Classic));
  after.play("c2-c4");
  for (const std::string& m : sorted_legal(after.position())) {
    EXPECT_NE(r.out.find(m), std::string::npos) << m;
  }

  const Record record = read_record(read_file(path));
  EXPECT_EQ(move_texts(record.game), (std::vector<std::string>{"c2-c4", "c7-c6"}));
  EXPECT_EQ(record.tags.at("White"), "Ada");
  EXPECT_EQ(record.tags.at("Black"), "Ben");
  EXPECT_FALSE(record.game.result().over());

  // Load it again and finish by resignation; end of input leaves cleanly.
  const std::string finished = temp_file("finished.txt");
  const CliRun again = run({"play"}, "load " + path + "\nd2-d3\nresign\nsave " + finished + "\n");
  EXPECT_EQ(again.code, 0) << again.err;
  const Result resigned{Outcome::WhiteWins, Termination::Resignation};
  EXPECT_NE(again.out.find(describe(resigned)), std::string::npos) << again.out;
  const Record done = read_record(read_file(finished));
  EXPECT_EQ(move_texts(done.game), (std::vector<std::string>{"c2-c4", "c7-c6", "d2-d3"}));
  EXPECT_EQ(done.game.result(), resigned);
  std::remove(path.c_str());
  std::remove(finished.c_str());
}

TEST(CliPlay, GameEndAndBadCommands) {
  const CliRun r = run({"play", "--move-limit", "2"},
                       "save\nload /nonexistent/dir/x\nundo\nc2-c4\nc7-c5\nc4-c5\ndraw\n");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.err.find("Nothing to undo"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("/nonexistent/dir/x"), std::string::npos) << r.err;
  const Result limit{Outcome::Draw, Termination::MoveLimit};
  EXPECT_NE(r.out.find(describe(limit)), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("save"), std::string::npos);
  EXPECT_NE(r.err.find("over"), std::string::npos) << r.err;  // no move, no draw after the end
}

// Times and speeds are printed with a decimal point; counts without.
std::string without_timings(const std::string& text) {
  const std::string blanked = std::regex_replace(text, std::regex("[0-9][0-9,]*\\.[0-9]+"), "#");
  return std::regex_replace(blanked, std::regex(" +"), " ");
}

TEST(CliBench, QuickCountsAreTheSameEveryRun) {
  const CliRun first = run({"bench", "--quick"});
  const CliRun second = run({"bench", "--quick"});
  ASSERT_EQ(first.code, 0) << first.err;
  ASSERT_EQ(second.code, 0) << second.err;
  EXPECT_EQ(without_timings(first.out), without_timings(second.out));
  EXPECT_NE(first.out.find("total"), std::string::npos);
  EXPECT_NE(first.out.find("games"), std::string::npos);
  EXPECT_NE(first.out.find("plies"), std::string::npos);

  Position start = Position::start(Variant::Classic);
  const std::string plain =
      std::regex_replace(std::regex_replace(first.out, std::regex(","), ""), std::regex(" +"), " ");
  EXPECT_NE(plain.find("start 10x8 2 " + std::to_string(perft(start, 2))), std::string::npos)
      << first.out;

  const CliRun few = run({"bench", "--quick", "--games", "3"});
  EXPECT_NE(without_timings(few.out).find("games 3\n"), std::string::npos) << few.out;
}

TEST(CliOrdoX, MovesAreWholeTurnsFromTheCore) {
  const CliRun r = run({"moves", "--rules", "x", "--size", "8x8", "--moves", "b1-a1,d3-d4"});
  ASSERT_EQ(r.code, 0) << r.err;
  Game game(Position::start(Variant::X, 8, 8));
  game.play("b1-a1,d3-d4");
  EXPECT_EQ(lines_of(r.out), sorted_legal(game.position()));
  const CliRun half = run({"moves", "--rules", "x", "--moves", "c1-b1"});
  EXPECT_EQ(half.code, 1);
  EXPECT_NE(half.err.find("followed by a forward step"), std::string::npos) << half.err;
}

TEST(CliOrdoX, PlayAcceptsATwoStepTurnAndSavesAnXRecord) {
  const std::string path = temp_file("x.ordo");
  const CliRun r =
      run({"play", "--rules", "x"}, "c1-b1,b1-b2x\nc1-b1,c2-c3\nsave " + path + "\nquit\n");
  EXPECT_EQ(r.code, 0) << r.err;
  const Record record = read_record(read_file(path));
  EXPECT_EQ(record.variant, Variant::X);
  ASSERT_EQ(move_texts(record.game), std::vector<std::string>{"c1-b1,c2-c3"});
}

TEST(CliBestmove, FindsTheWinningMoveAndReportsEachDepth) {
  // White c7 can step onto rank 8 and stay joined through d7; the engine must see it.
  const std::string position = "bb8/2ww6/2w7/10/10/10/10/10 w";
  const CliRun r = run({"bestmove", "--position", position, "--depth", "2"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("info depth 1 ", 0), 0u) << lines[0];
  const std::string last = lines.back();
  ASSERT_EQ(last.rfind("bestmove ", 0), 0u) << last;
  Position pos = Position::parse(position, Variant::Classic);
  pos.make(parse_move(pos, last.substr(9)));
  EXPECT_EQ(pos.decided_winner(), Color::White) << last;
  EXPECT_NE(r.out.find("score mate 1"), std::string::npos) << r.out;
}

TEST(CliBestmove, FinishedGameIsAnError) {
  const CliRun r = run({"bestmove", "--moves", kRepeatingMoves});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("no move"), std::string::npos) << r.err;
}

TEST(CliUsage, ErrorsAreExitTwoAndHelpListsCommands) {
  EXPECT_EQ(run({"frobnicate"}).code, 2);
  EXPECT_EQ(run({}).code, 2);
  EXPECT_EQ(run({"perft"}).code, 2);  // depth missing
  EXPECT_EQ(run({"perft", "x"}).code, 2);
  EXPECT_EQ(run({"moves", "--rules", "chess"}).code, 2);
  EXPECT_EQ(run({"moves", "--size", "9x9"}).code, 2);
  EXPECT_EQ(run({"moves", "--bogus"}).code, 2);

  const CliRun help = run({"--help"});
  EXPECT_EQ(help.code, 0);
  for (const char* command : {"perft", "moves", "show", "play", "bench"}) {
    EXPECT_NE(help.out.find(command), std::string::npos) << command;
  }
  const CliRun perft_help = run({"perft", "--help"});
  EXPECT_EQ(perft_help.code, 0);
  EXPECT_NE(perft_help.out.find("--divide"), std::string::npos);
}

// One row per book position (its ply and piece count, both rates), then the medians and
// the budgets they give; a bad book names its line.
TEST(CliCalibrate, MeasuresBothPlayersOnEachPositionOfTheBook) {
  const std::string book = temp_file("book.txt");
  std::ofstream(book) << "# two positions\n\nd3-d4\nd3-d4 d6-d5 a2-b3\n";
  const CliRun r = run({"calibrate", "--size", "8x8", "--openings", book, "--nodes", "2000",
                        "--iterations", "200", "--uct-seconds", "2"});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 6u) << r.out;
  std::istringstream first(lines[2]), second(lines[3]);
  int plies = 0, pieces = 0;
  first >> plies >> pieces;
  EXPECT_EQ(plies, 1);
  EXPECT_EQ(pieces, 32);
  second >> plies >> pieces;
  EXPECT_EQ(plies, 3);
  EXPECT_NE(lines[4].find("over 2 positions"), std::string::npos) << lines[4];
  EXPECT_NE(lines[5].find("bot 2.0 s = "), std::string::npos) << lines[5];

  std::ofstream(book) << "d3-d4\nd3-d4 d6-d5 d3-d2\n";
  const CliRun bad = run({"calibrate", "--size", "8x8", "--openings", book});
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.err.find("line 2, move 3"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("d3-d2"), std::string::npos) << bad.err;
  std::ofstream(book) << "# nothing but a comment\n";
  const CliRun empty = run({"calibrate", "--size", "8x8", "--openings", book});
  EXPECT_EQ(empty.code, 1);
  EXPECT_NE(empty.err.find("no openings"), std::string::npos) << empty.err;
}

// calibrate runs through the game's registry entry; a game without the hook (no reference
// bot) is refused by name, with the games that have it.
TEST(CliCalibrate, AGameWithoutTheHookIsRefusedByName) {
  const std::string book = temp_file("oc-book.txt");
  std::ofstream(book) << "Xc3\n";
  const CliRun r = run({"calibrate", "--openings", book, "--game", "orderchaos"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("Order and Chaos has not; it is for --game ordo"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");
}

// tune runs the game's own tuner through its registry entry, which parses the subcommand;
// a game without one is refused by name, with the games that have it.
TEST(CliTune, TheGamesTunerParsesItsSubcommandsAndAGameWithoutOneIsRefused) {
  const CliRun help = run({"tune", "fit", "--help"});
  EXPECT_EQ(help.code, 0) << help.err;
  EXPECT_NE(help.out.find("--held-out"), std::string::npos) << help.out;
  EXPECT_EQ(run({"tune"}).code, 2);  // no subcommand
  const CliRun unknown = run({"tune", "polish"});
  EXPECT_EQ(unknown.code, 2);
  const CliRun refused = run({"tune", "--game", "orderchaos", "fit", "--data", "any.txt"});
  EXPECT_EQ(refused.code, 1);
  EXPECT_NE(refused.err.find("tune is not available for Order and Chaos, which has no "
                             "evaluation tuner; it is for --game ordo"),
            std::string::npos)
      << refused.err;
}

}  // namespace
}  // namespace ordo
