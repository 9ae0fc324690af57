// The alpha-beta search instantiated for Order and Chaos (orderchaos/ai/orderchaos_search.h):
// tactics written from the rules (a win in one and in three placements, a four blocked),
// mate distances, agreement with the exact solver on random near-full boards, and
// determinism.
#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <string>

#include "orderchaos/ai/orderchaos_evaluation.h"
#include "orderchaos/ai/orderchaos_search.h"
#include "orderchaos/movegen.h"
#include "orderchaos/notation.h"
#include "orderchaos/solver.h"
#include "util/random.h"

namespace ordo {
namespace {

namespace oc = orderchaos;

OrderChaosSearchResult search(const oc::Position& pos, int depth) {
  OrderChaosAlphaBeta searcher(4);
  const std::atomic<bool> stop{false};
  return searcher.search(pos, {}, {.depth = depth}, stop);
}

std::string best(const OrderChaosSearchResult& result) {
  return result.best_move ? oc::format_move(*result.best_move) : "-";
}

TEST(OrderChaosSearch, CompletesAFourAtOnce) {
  // X on a1..d1: Xe1 wins (and nothing else does).
  for (const auto version : {oc::RuleVersion::Original, oc::RuleVersion::ExactFive}) {
    const auto pos = oc::Position::parse("o5/6/6/5o/6/xxxx2 order", version);
    const auto result = search(pos, 3);
    EXPECT_EQ(best(result), "Xe1");
    ASSERT_TRUE(result.mate);
    EXPECT_EQ(*result.mate, 1);
    EXPECT_EQ(result.score, kMateScore - 1);
  }
}

TEST(OrderChaosSearch, MakesAnOpenFourToWinInThree) {
  // X on b1..d1 with a1, e1 and f1 empty: Xe1 makes two winning squares, a1 and f1;
  // Chaos blocks one, Order takes the other. A win in three placements: Order's second
  // turn. (Xa1 would leave only e1.)
  const auto pos = oc::Position::parse("o5/6/6/6/6/1xxx2 order");
  const auto result = search(pos, 5);
  EXPECT_EQ(best(result), "Xe1");
  ASSERT_TRUE(result.mate);
  EXPECT_EQ(*result.mate, 2);
  EXPECT_EQ(result.score, kMateScore - 3);
}

TEST(OrderChaosSearch, ExactFiveRefusesALineOfSix) {
  // X on a1..d1 and f1: Xe1 completes the rank, which wins under the original rules and
  // is a line of six, no win, under exact-five.
  const auto original = oc::Position::parse("o5/6/6/6/6/xxxx1x order");
  const auto original_result = search(original, 3);
  EXPECT_EQ(best(original_result), "Xe1");
  ASSERT_TRUE(original_result.mate);
  EXPECT_EQ(*original_result.mate, 1);

  const auto exact = oc::Position::parse("o5/6/6/6/6/xxxx1x order", oc::RuleVersion::ExactFive);
  EXPECT_EQ(oc::winning_squares(exact, oc::Symbol::X), 0u);
  const auto exact_result = search(exact, 3);
  EXPECT_FALSE(exact_result.mate && *exact_result.mate > 0) << "score " << exact_result.score;
}

TEST(OrderChaosSearch, ChaosBlocksAFour) {
  // X on a1..d1 and Chaos to move: only Oe1 keeps the game going (Xe1 completes the line).
  for (const auto version : {oc::RuleVersion::Original, oc::RuleVersion::ExactFive}) {
    const auto pos = oc::Position::parse("o5/6/6/6/6/xxxx2 chaos", version);
    const auto result = search(pos, 4);
    EXPECT_EQ(best(result), "Oe1");
    EXPECT_FALSE(result.mate && *result.mate < 0) << "score " << result.score;
  }
}

TEST(OrderChaosSearch, ChaosLosesToTwoFours) {
  // Two winning squares on different lines (a rank and a file): Chaos can block one.
  const auto pos = oc::Position::parse("o5/x5/x5/x5/x5/1xxxx1 chaos");
  const auto result = search(pos, 3);
  ASSERT_TRUE(result.mate);
  EXPECT_EQ(*result.mate, -1);  // Order wins with its next placement
}

// A random ongoing position with `empties` empty squares, reached by random play.
oc::Position random_position(common::SplitMix64& rng, oc::RuleVersion version, int empties) {
  while (true) {
    oc::Position pos = oc::Position::start(version);
    while (!pos.over() && std::popcount(pos.empty()) > empties) {
      oc::MoveList list;
      oc::generate_legal(pos, list);
      pos.play(list.moves[rng.below(static_cast<std::uint32_t>(list.size))]);
    }
    if (!pos.over()) return pos;
  }
}

// With a depth that reaches the full board every line ends in a decided position, so the
// score is a mate score whose sign must be the solver's value.
void expect_agreement_with_solver(const PruningOptions& pruning, std::uint64_t seed) {
  common::SplitMix64 rng(seed);
  oc::Solver solver(4);
  int order_wins = 0;
  for (const auto version : {oc::RuleVersion::Original, oc::RuleVersion::ExactFive}) {
    for (int i = 0; i < 30; ++i) {
      const int empties = 6 + static_cast<int>(rng.below(5));  // 6..10
      const oc::Position pos = random_position(rng, version, empties);
      OrderChaosAlphaBeta searcher(4);
      searcher.set_pruning(pruning);
      const std::atomic<bool> stop{false};
      const auto result = searcher.search(pos, {}, {.depth = empties}, stop);
      const auto solved = solver.solve(pos);
      ASSERT_TRUE(solved.value);
      ASSERT_TRUE(result.mate) << pos.to_string() << " score " << result.score;
      const bool mover_wins = *result.mate > 0;
      const bool order_wins_here = mover_wins == (pos.to_move() == oc::Role::Order);
      EXPECT_EQ(order_wins_here, *solved.value == oc::Outcome::OrderWins)
          << pos.to_string() << " (" << oc::version_name(version) << ") score " << result.score;
      order_wins += order_wins_here;
    }
  }
  // Both values occur, or the comparison would prove little.
  EXPECT_GT(order_wins, 0);
  EXPECT_LT(order_wins, 60);
}

TEST(OrderChaosSearch, AgreesWithTheSolverWithoutReductions) {
  expect_agreement_with_solver({.null_move = false, .late_move_reductions = false}, 6001);
}

TEST(OrderChaosSearch, AgreesWithTheSolverWithDefaultPruning) {
  expect_agreement_with_solver({}, 6002);
}

TEST(OrderChaosSearch, FixedDepthSearchIsDeterministic) {
  const auto pos = oc::Position::parse("6/2x3/2o3/3x2/6/6 order");
  const auto first = search(pos, 5);
  const auto second = search(pos, 5);
  EXPECT_GT(first.nodes, 0u);
  EXPECT_EQ(first.nodes, second.nodes);
  EXPECT_EQ(best(first), best(second));
  EXPECT_EQ(first.score, second.score);
}

TEST(OrderChaosMctsSearch, NodeLimitedSearchIsDeterministicAndSeesTheFour) {
  const auto pos = oc::Position::parse("o5/6/6/6/6/xxxx2 chaos");
  const std::atomic<bool> stop{false};
  OrderChaosMcts first(orderchaos_mcts_config()), second(orderchaos_mcts_config());
  const auto a = first.search(pos, {}, {.nodes = 1500}, stop);
  const auto b = second.search(pos, {}, {.nodes = 1500}, stop);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(best(a), best(b));
  EXPECT_EQ(best(a), "Oe1");  // every other placement loses at once
  // Order to move with the four: proven at once.
  const auto win = first.search(oc::Position::parse("o5/6/6/5o/6/xxxx2 order"), {}, {}, stop);
  EXPECT_EQ(best(win), "Xe1");
  ASSERT_TRUE(win.mate);
  EXPECT_EQ(*win.mate, 1);
}

TEST(OrderChaosEvaluation, SeesOpenLinesFoursAndDeadBoards) {
  const auto empty = oc::Position::start();
  const auto one_x = oc::Position::parse("6/6/6/2x3/6/6 chaos");
  // An X in the centre opens more for Order than the empty board had.
  EXPECT_GT(oc::evaluate_for_order(one_x), oc::evaluate_for_order(empty));
  // Order to move with a four: as good as won; Chaos to move facing two: nearly lost.
  EXPECT_GE(oc::evaluate_for_order(oc::Position::parse("o5/6/6/6/6/xxxx2 order")), 5000);
  EXPECT_GT(oc::evaluate_for_order(oc::Position::parse("o5/x5/x5/x5/x5/1xxxx1 chaos")), 1000);
  // Every window holds both symbols: Chaos has won whatever is played.
  const auto blocked = oc::Position::parse("1xooxx/ooxxoo/xxooxx/ooxxoo/xxooxx/ooxxo1 order");
  EXPECT_LE(oc::evaluate_for_order(blocked), -3000);
  // The side to move's view is Order's, negated for Chaos.
  EXPECT_EQ(oc::evaluate(one_x), -oc::evaluate_for_order(one_x));
}

}  // namespace
}  // namespace ordo
