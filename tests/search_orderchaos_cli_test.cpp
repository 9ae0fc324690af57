// `bestmove` and the search part of `bench` with --game orderchaos.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.h"

namespace ordo {
namespace {

struct CliRun {
  int code = -1;
  std::string out, err;
};

CliRun run(std::vector<std::string> args) {
  std::istringstream in;
  std::ostringstream out, err;
  CliRun r;
  r.code = cli::run_cli(args, in, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// The search lines of a bench report without their speeds (printed with a decimal point).
std::string search_counts(const std::string& report) {
  const auto at = report.find("Search (alpha-beta");
  if (at == std::string::npos) return {};
  return std::regex_replace(report.substr(at), std::regex("[0-9][0-9,]*\\.[0-9]+"), "#");
}

TEST(CliOrderChaosSearch, BestmoveCompletesTheLine) {
  for (const char* rules : {"original", "exact-five"}) {
    const CliRun r = run({"bestmove", "--game", "orderchaos", "--rules", rules, "--position",
                          "o5/6/6/5o/6/xxxx2 order", "--depth", "3"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("score mate 1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("bestmove Xe1\n"), std::string::npos) << r.out;
  }
}

TEST(CliOrderChaosSearch, BestmoveBlocksWithMovetime) {
  const CliRun r = run({"bestmove", "--game", "orderchaos", "--position", "o5/6/6/6/6/xxxx2 chaos",
                        "--movetime", "300"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("bestmove Oe1\n"), std::string::npos) << r.out;
}

TEST(CliOrderChaosSearch, BestmoveWithMcts) {
  const CliRun r = run({"bestmove", "--game", "orderchaos", "--searcher", "mcts", "--position",
                        "o5/6/6/6/6/xxxx2 chaos", "--nodes", "2000"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("bestmove Oe1\n"), std::string::npos) << r.out;
}

TEST(CliOrderChaosSearch, BestmoveRefusesAFinishedGameAndOrdoOptions) {
  const CliRun size = run({"bestmove", "--game", "orderchaos", "--size", "8x8"});
  EXPECT_NE(size.code, 0);
  EXPECT_NE(size.err.find("6x6"), std::string::npos) << size.err;
  const CliRun over = run({"bestmove", "--game", "orderchaos", "--position",
                           "o5/6/6/6/6/xxxxx1 chaos", "--depth", "2"});
  EXPECT_NE(over.code, 0);
  EXPECT_NE(over.err.find("no move to find"), std::string::npos) << over.err;
}

TEST(CliOrderChaosSearch, BenchSearchCountsAreTheSameEveryRun) {
  const CliRun first = run({"bench", "--game", "orderchaos", "--quick", "--games", "10"});
  const CliRun second = run({"bench", "--game", "orderchaos", "--quick", "--games", "10"});
  ASSERT_EQ(first.code, 0) << first.err;
  ASSERT_EQ(second.code, 0) << second.err;
  const std::string counts = search_counts(first.out);
  ASSERT_FALSE(counts.empty()) << first.out;
  EXPECT_EQ(counts, search_counts(second.out));
  EXPECT_NE(counts.find("endgame"), std::string::npos) << counts;
  EXPECT_NE(counts.find(" nodes  best "), std::string::npos) << counts;
}

}  // namespace
}  // namespace ordo
