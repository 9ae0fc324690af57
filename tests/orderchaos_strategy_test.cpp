// Strategy files: what `prove --strategy` writes from a df-pn proof is accepted by the
// independent checker (tools/orderchaos_strategy_check), and a file with a wrong or a
// missing move, or a false claim, is refused.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "orderchaos/dfpn.h"
#include "orderchaos/proof_strategy.h"
#include "strategy_check.h"
#include "support/cli_run.h"

namespace orderchaos {
namespace {

// Random positions with 10 empty squares (solve --game orderchaos --sample 8 --empty 10
// --seed 5): Order wins the first under exact-five, not at once (a six does not count);
// Chaos wins the second under both rules.
const char* const kOrderWins = "1oox1x/4ox/xx1xxx/xoxoxo/xxx1o1/o1xoox order";
const char* const kChaosWins = "o1oxx1/1oxoox/2oxoo/2oxxx/oo1ox1/o1ooxo order";

std::string strategy_text(const Position& root) {
  Dfpn search(16);
  const DfpnResult r = search.solve(root);
  EXPECT_TRUE(r.value.has_value());
  const Role winner = r.value == Outcome::OrderWins ? Role::Order : Role::Chaos;
  const auto strategy = extract_strategy(search, root, winner, {}, 100000);
  EXPECT_TRUE(strategy.has_value());
  return strategy ? format_strategy(*strategy) : "";
}

TEST(StrategyFile, OrderWinIsVerified) {
  const std::string text = strategy_text(Position::parse(kOrderWins, RuleVersion::ExactFive));
  const auto v = strategy_check::check_strategy(text);
  EXPECT_TRUE(v.ok) << v.reason;
  EXPECT_GT(v.positions, 0u);
}

TEST(StrategyFile, ChaosWinIsVerifiedUnderBothRules) {
  for (const RuleVersion version : {RuleVersion::Original, RuleVersion::ExactFive}) {
    const Position root = Position::parse(kChaosWins, version);
    Dfpn search(16);
    const DfpnResult r = search.solve(root);
    ASSERT_TRUE(r.value.has_value());
    const Role winner = r.value == Outcome::OrderWins ? Role::Order : Role::Chaos;
    const auto strategy = extract_strategy(search, root, winner, {}, 1000000);
    ASSERT_TRUE(strategy.has_value());
    const auto v = strategy_check::check_strategy(format_strategy(*strategy));
    EXPECT_TRUE(v.ok) << v.reason;
    // The same moves claimed for the other side are refused.
    std::string flipped = format_strategy(*strategy);
    const bool order = winner == Role::Order;
    flipped.replace(flipped.find(order ? "winner order" : "winner chaos"), 12,
                    order ? "winner chaos" : "winner order");
    EXPECT_FALSE(strategy_check::check_strategy(flipped).ok);
  }
}

TEST(StrategyFile, AMissingOrChangedMoveIsRefused) {
  const std::string text = strategy_text(Position::parse(kOrderWins, RuleVersion::ExactFive));
  // Drop the last line: a position the winner reaches has no move.
  std::string dropped = text.substr(0, text.size() - 1);
  dropped = dropped.substr(0, dropped.rfind('\n') + 1);
  const auto missing = strategy_check::check_strategy(dropped);
  EXPECT_FALSE(missing.ok);
  // The root's move sent to an occupied square (a1 holds a piece).
  const std::size_t first_move = text.find('\n', text.find("root ")) + 1;
  std::string changed = text;
  const std::size_t move_at = changed.find('\n', first_move) - 3;
  changed.replace(move_at, 3, "Oa1");
  const auto bad = strategy_check::check_strategy(changed);
  EXPECT_FALSE(bad.ok);
  EXPECT_FALSE(strategy_check::check_strategy("orderchaos-strategy 2\n").ok);
}

TEST(StrategyFile, ProveCommandWritesAFileTheCheckerAccepts) {
  const std::string path = ::testing::TempDir() + "oc_strategy.txt";
  const auto run =
      ordo::testing::run_cli_capturing({"prove", "--rules", "exact-five", "--position", kOrderWins,
                                        "--strategy", path, "--hash", "16"});
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("Order wins"), std::string::npos) << run.out;
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  const auto v = strategy_check::check_strategy(text.str());
  EXPECT_TRUE(v.ok) << v.reason;
  std::remove(path.c_str());
}

TEST(ProveCommand, FrontierCountsEveryClassOnce) {
  // Chaos wins the root, so every placement of Order leaves a position Chaos wins: 20
  // placements, of which those that make a line do not go on.
  const auto run = ordo::testing::run_cli_capturing(
      {"prove", "--position", kChaosWins, "--frontier", "1", "--hash", "16", "--list"});
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("after 1 placements"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Order wins 0, Chaos wins"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("unknown 0"), std::string::npos) << run.out;
  const auto refused =
      ordo::testing::run_cli_capturing({"prove", "--frontier", "1", "--strategy", "x.txt"});
  EXPECT_EQ(refused.code, 1);
  EXPECT_NE(refused.err.find("--strategy is for one position"), std::string::npos) << refused.err;
}

TEST(ProveCommand, GamesWithoutAProofSearchAreRefusedByName) {
  const auto run = ordo::testing::run_cli_capturing({"prove", "--game", "ordo"});
  EXPECT_EQ(run.code, 1);
  EXPECT_NE(run.err.find("prove is not available for ordo"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("--game orderchaos"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace orderchaos
