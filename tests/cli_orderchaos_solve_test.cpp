// `solve --game orderchaos`: the value it prints and the sampled positions it solves,
// checked against a plain minimax written here (no table, no symmetry, no pruning), and
// the options it refuses.
#include <gtest/gtest.h>

#include <bit>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.h"
#include "orderchaos/movegen.h"
#include "orderchaos/notation.h"
#include "orderchaos/position.h"
#include "support/cli_run.h"

namespace orderchaos {
namespace {

using ordo::testing::CliRun;

CliRun run(const std::vector<std::string>& args) {
  return ordo::testing::run_cli_capturing(args);
}

bool order_wins_by_minimax(Position& pos) {
  if (pos.over()) return pos.outcome() == Outcome::OrderWins;
  MoveList list;
  generate_legal(pos, list);
  const bool order_to_move = pos.to_move() == Role::Order;
  for (const Move m : list) {
    pos.play(m);
    const bool order_wins = order_wins_by_minimax(pos);
    pos.undo(m);
    if (order_wins == order_to_move) return order_to_move;
  }
  return !order_to_move;
}

struct SampleRow {
  std::string position;
  std::string value;
};

std::vector<SampleRow> sample_rows(const std::string& out) {
  static const std::regex row(R"(^  (\S+ (?:order|chaos))\s+(Order wins|Chaos wins|unknown)\s)");
  std::vector<SampleRow> rows;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, row)) rows.push_back({m[1], m[2]});
  }
  return rows;
}

TEST(CliOrderChaosSolve, SampledPositionsHaveTheirValueByMinimax) {
  for (const std::string rules : {"original", "exact-five"}) {
    const CliRun r = run({"solve", "--game", "orderchaos", "--rules", rules, "--sample", "12",
                          "--empty", "5", "--seed", "3"});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto rows = sample_rows(r.out);
    ASSERT_EQ(rows.size(), 12u) << r.out;
    const RuleVersion version =
        rules == "original" ? RuleVersion::Original : RuleVersion::ExactFive;
    int order_wins = 0;
    for (const SampleRow& row : rows) {
      Position pos = Position::parse(row.position, version);
      EXPECT_EQ(std::popcount(pos.empty()), 5) << row.position;
      EXPECT_FALSE(pos.over()) << row.position;
      const bool expected = order_wins_by_minimax(pos);
      EXPECT_EQ(row.value, expected ? "Order wins" : "Chaos wins") << row.position;
      order_wins += expected;
    }
    std::ostringstream summary;
    summary << "Order wins " << order_wins << ", Chaos wins " << 12 - order_wins << ", unknown 0";
    EXPECT_NE(r.out.find(summary.str()), std::string::npos) << r.out;
  }
}

TEST(CliOrderChaosSolve, TheSameSeedSamplesTheSamePositions) {
  const std::vector<std::string> args = {"solve",   "--game", "orderchaos", "--sample", "6",
                                         "--empty", "8",      "--seed",     "11"};
  const auto first = sample_rows(run(args).out);
  const auto second = sample_rows(run(args).out);
  ASSERT_EQ(first.size(), 6u);
  ASSERT_EQ(second.size(), 6u);
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].position, second[i].position);
    EXPECT_EQ(first[i].value, second[i].value);
  }
}

TEST(CliOrderChaosSolve, AWinningMoveNamedKeepsTheWin) {
  // Order to move: X on a1-d1, e1 and f1 empty; the other rows hold no line of five.
  const std::string position = "xooxxo/xxooox/ooxoxx/xooxxx/oxoooo/xxxx2 order";
  const CliRun r = run({"solve", "--game", "orderchaos", "--position", position});
  ASSERT_EQ(r.code, 0) << r.err;
  Position pos = Position::parse(position);
  ASSERT_TRUE(order_wins_by_minimax(pos));
  std::smatch m;
  ASSERT_TRUE(
      std::regex_search(r.out, m, std::regex("Order wins with best play; a winning move: (\\S+)")))
      << r.out;
  const Move move = parse_move(pos, m[1].str());
  ASSERT_TRUE(pos.is_legal(move));
  pos.play(move);
  EXPECT_TRUE(order_wins_by_minimax(pos)) << m[1];
}

TEST(CliOrderChaosSolve, AChaosWinIsReportedWithJson) {
  // Chaos to move, one empty square left and no line of five possible through it.
  const std::string position = "1xoxoo/ooxxox/ooxoox/xoxxxx/oxoxxo/oxoxxo chaos";
  Position pos = Position::parse(position);
  ASSERT_FALSE(order_wins_by_minimax(pos));
  const CliRun r = run({"solve", "--game", "orderchaos", "--position", position, "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\"value\":\"chaos\""), std::string::npos) << r.out;
}

TEST(CliOrderChaosSolve, RefusesWhatDoesNotFit) {
  const std::vector<std::vector<std::string>> cases = {
      {"solve", "--game", "orderchaos", "3"},
      {"solve", "2", "--sample", "3"},
      {"solve", "--game", "orderchaos", "--empty", "4"},
      {"solve", "--game", "orderchaos", "--sample", "2", "--json"},
      {"solve", "--game", "orderchaos", "--sample", "2", "--moves", "Xa1"},
      {"solve"},
  };
  for (const auto& args : cases) {
    const CliRun r = run(args);
    EXPECT_NE(r.code, 0) << args.size();
    EXPECT_NE(r.err.find("error"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST(CliOrderChaosSolve, AFinishedGameHasNothingToSolve) {
  const CliRun r = run({"solve", "--game", "orderchaos", "--position", "xxxxx1/6/6/6/6/6 chaos"});
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("nothing to solve"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace orderchaos
