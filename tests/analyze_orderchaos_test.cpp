// `analyze` for Order and Chaos through the registry: a position's best line and score, a
// record move by move (its Game tag picks the game), and what it refuses.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_run.h"

namespace {

using ordo::testing::CliRun;

CliRun run(const std::vector<std::string>& args) {
  return ordo::testing::run_cli_capturing(args);
}

std::string temp_path(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "ordo_analyze_oc_" + info->name() + "_" + name;
}

// X on a1-d1 and Order to move: Xe1 makes five in a row.
const std::string kOrderWinsAtOnce = "o3o1/2o3/6/1o4/6/xxxx2 order";

TEST(AnalyzeOrderChaos, APositionGivesOrdersWinningPlacement) {
  const CliRun r =
      run({"analyze", "--game", "orderchaos", "--position", kOrderWinsAtOnce, "--depth", "2"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("(Order to move, original)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("score #1 for Order"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bestmove Xe1"), std::string::npos) << r.out;

  const CliRun j =
      run({"analyze", "--game", "orderchaos", "--moves", "Xc3", "--depth", "1", "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  const auto answer = nlohmann::json::parse(j.out);
  EXPECT_EQ(answer["game"], "orderchaos");
  EXPECT_EQ(answer["side_to_move"], "Chaos");
  EXPECT_EQ(answer["pv"][0], answer["best_move"]);
}

// Order lets Chaos block the line at e1 although Xe1 won at once: a blunder of Order's.
TEST(AnalyzeOrderChaos, ARecordIsAnalysedMoveByMove) {
  const std::string path = temp_path("game.oc");
  std::ofstream(path) << "[Game \"Order and Chaos\"]\n[Rules \"original\"]\n\n"
                         "1. Xa1 Oa6 2. Xb1 Oc5 3. Xc1 Oe6 4. Xd1 Ob3 5. Of6 Oe1 *\n";
  const CliRun r = run({"analyze", "--record", path, "--depth", "2", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["game"], "orderchaos");
  EXPECT_EQ(j["rules"], "original");
  ASSERT_EQ(j["plies"].size(), 10u);
  const auto& missed = j["plies"][8];
  EXPECT_EQ(missed["mover"], "Order");
  EXPECT_EQ(missed["played"], "Of6");
  EXPECT_EQ(missed["best"], "Xe1");
  EXPECT_EQ(missed["score_before"]["mate"], 1);
  EXPECT_EQ(missed["mark"], "blunder");
  EXPECT_GE(j["summary"]["Order"]["blunders"], 1);

  const CliRun text = run({"analyze", "--record", path, "--depth", "1"});
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("Order: "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Chaos: "), std::string::npos) << text.out;
  std::remove(path.c_str());
}

TEST(AnalyzeOrderChaos, ErrorsSayWhatIsWrong) {
  const CliRun over =
      run({"analyze", "--game", "orderchaos", "--position", "o3o1/2o3/6/1o4/6/xxxxx1 chaos"});
  EXPECT_EQ(over.code, 1);
  EXPECT_NE(over.err.find("nothing to analyse"), std::string::npos) << over.err;
  const CliRun taken =
      run({"analyze", "--game", "orderchaos", "--moves", "Xa1 Oa1", "--depth", "1"});
  EXPECT_EQ(taken.code, 1);
  EXPECT_NE(taken.err.find("--moves: move 2"), std::string::npos) << taken.err;
  const CliRun rules = run({"analyze", "--game", "orderchaos", "--rules", "x"});
  EXPECT_EQ(rules.code, 1);
  EXPECT_NE(rules.err.find("original or exact-five"), std::string::npos) << rules.err;
}

}  // namespace
