// The command-line commands with --game orderchaos, checked against the Order and Chaos
// core directly.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.h"
#include "orderchaos/movegen.h"
#include "orderchaos/perft.h"
#include "orderchaos/position.h"
#include "orderchaos/record.h"
#include "support/cli_run.h"

namespace orderchaos {
namespace {

using ordo::testing::CliRun;

CliRun run(const std::vector<std::string>& args, const std::string& input = "") {
  return ordo::testing::run_cli_capturing(args, input);
}

TEST(CliOrderChaos, PerftCountsWhatTheCoreCounts) {
  const std::string position = "xo4/2x3/6/3o2/6/x5 chaos";
  const CliRun r = run({"perft", "3", "--game", "orderchaos", "--position", position});
  ASSERT_EQ(r.code, 0) << r.err;
  Position pos = Position::parse(position);
  EXPECT_NE(r.out.find("Nodes searched: " + std::to_string(perft(pos, 3))), std::string::npos)
      << r.out;
}

TEST(CliOrderChaos, PerftDivideSumsToTheTotal) {
  const CliRun r = run({"perft", "2", "--divide", "--game", "orderchaos", "--moves", "Xc3 Od4"});
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::uint64_t sum = 0;
  int rows = 0;
  for (std::string line; std::getline(lines, line);) {
    const auto colon = line.find(": ");
    if (colon == std::string::npos || line.rfind("Nodes", 0) == 0) continue;
    sum += std::stoull(line.substr(colon + 2));
    ++rows;
  }
  EXPECT_EQ(rows, 68);  // 34 empty squares, two symbols each
  EXPECT_NE(r.out.find("Nodes searched: " + std::to_string(sum)), std::string::npos);
}

TEST(CliOrderChaos, MovesListsEveryPlacementSorted) {
  const CliRun r = run({"moves", "--game", "orderchaos", "--position",
                        "xoooxo/oxoxox/oooxxx/xoxooo/xxxo2/ooxxxo order"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "Oe2\nOf2\nXe2\nXf2\n");
}

TEST(CliOrderChaos, ShowSaysWhoMovesAndTheResult) {
  CliRun r = run({"show", "--game", "orderchaos", "--moves", "Xa1"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find(" 1 X . . . . . 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Chaos to move (1 of 36 squares filled)"), std::string::npos) << r.out;
  r = run({"show", "--game", "orderchaos", "--rules", "exact-five", "--position",
           "xxxx2/6/6/6/6/6 chaos", "--moves", "Xe6"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("1-0 (Order wins: five in a row)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("rules: exact-five"), std::string::npos) << r.out;
}

TEST(CliOrderChaos, BadInputIsRefusedWithTheReason) {
  auto error_of = [](std::vector<std::string> args) {
    const CliRun r = run(std::move(args));
    EXPECT_EQ(r.code, 1);
    return r.err;
  };
  EXPECT_NE(error_of({"moves", "--game", "orderchaos", "--moves", "Xa1 Xa1"})
                .find("move 2 of 2 (Chaos) is illegal: 'Xa1': a1 is taken"),
            std::string::npos);
  EXPECT_NE(
      error_of({"moves", "--game", "orderchaos", "--rules", "x"}).find("original or exact-five"),
      std::string::npos);
  EXPECT_NE(error_of({"moves", "--game", "orderchaos", "--size", "8x8"}).find("6x6 only"),
            std::string::npos);
  EXPECT_NE(
      error_of({"show", "--game", "orderchaos", "--position", "6/6 order"}).find("--position"),
      std::string::npos);
  EXPECT_NE(error_of({"moves", "--rules", "exact-five"}).find("for Ordo; expected classic or x"),
            std::string::npos);
  EXPECT_NE(error_of({"play", "--game", "orderchaos", "--size", "8x8"}).find("6x6"),
            std::string::npos);
  EXPECT_NE(error_of({"moves", "--game", "orderchaos", "--no-repetition"})
                .find("Order and Chaos always ends by its rules"),
            std::string::npos);
}

std::string read_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

TEST(CliOrderChaos, PlayPlacesSymbolsUntilFiveInARowAndKeepsTheRecord) {
  const std::string path = ::testing::TempDir() + "cli_orderchaos_play.txt";
  std::remove(path.c_str());
  const std::string script =
      "Xa1\nOb1\nXa2\nOb2\nXa3\nZz9\nresign\nundo\ndraw\nXa4\nOb4\nXa5\nXa6\nsave " + path + "\n";
  const CliRun r = run({"play", "--game", "orderchaos", "--white", "Ann"}, script);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Order to move (move 1) >"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("Zz9"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("Took back the resignation."), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("no draws"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the game is over"), std::string::npos) << r.err;  // Xa6 after the end
  EXPECT_NE(r.out.find(describe(Result{Outcome::OrderWins, Termination::FiveInARow})),
            std::string::npos)
      << r.out;

  const Record record = read_record(read_file(path));
  EXPECT_EQ(record.tags.at("Order"), "Ann");
  EXPECT_EQ(record.game.result(), (Result{Outcome::OrderWins, Termination::FiveInARow}));
  ASSERT_EQ(record.game.moves().size(), 8u);

  // Loaded again, the last placement taken back: the game goes on from the position before.
  const CliRun again = run({"play"}, "load " + path + "\nundo\nmoves\n");
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find("Took back Xa5."), std::string::npos) << again.out;
  Position before = Position::start();
  for (std::size_t i = 0; i + 1 < record.game.moves().size(); ++i)
    before.play(record.game.moves()[i]);
  EXPECT_NE(again.out.find(std::to_string(count_legal(before)) + " legal moves:"),
            std::string::npos)
      << again.out;
  std::remove(path.c_str());
}

TEST(CliOrderChaos, BenchRunsBothVersions) {
  const CliRun r = run({"bench", "--game", "orderchaos", "--quick"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("depth 3         342,720"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Random games (Order and Chaos, original"), std::string::npos);
  EXPECT_NE(r.out.find("Random games (Order and Chaos, exact-five"), std::string::npos);
}

}  // namespace
}  // namespace orderchaos
