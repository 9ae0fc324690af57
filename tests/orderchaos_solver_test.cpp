// The Order and Chaos solver: symmetry classes, hand-made positions, and agreement with
// a plain minimax over the reference implementation on random near-full boards.
#include <gtest/gtest.h>

#include <bit>
#include <string>

#include "orderchaos/movegen.h"
#include "orderchaos/notation.h"
#include "orderchaos/solver.h"
#include "orderchaos/symmetry.h"
#include "reference/reference_orderchaos.h"
#include "util/random.h"

namespace orderchaos {
namespace {

// Plain minimax over the reference: true when Order wins with best play.
bool reference_order_wins(const reference_oc::Board& board) {
  const std::string outcome = reference_oc::outcome(board);
  if (outcome != "ongoing") return outcome == "order wins";
  for (const auto& move : reference_oc::legal_moves(board)) {
    reference_oc::Board next = board;
    reference_oc::play(next, move);
    if (reference_order_wins(next) == board.order_to_move) return board.order_to_move;
  }
  return !board.order_to_move;
}

// A random ongoing position with `empties` empty squares, reached by random play.
Position random_position(common::SplitMix64& rng, RuleVersion version, int empties) {
  while (true) {
    Position pos = Position::start(version);
    while (!pos.over() && std::popcount(pos.empty()) > empties) {
      MoveList list;
      generate_legal(pos, list);
      pos.play(list.moves[rng.below(static_cast<std::uint32_t>(list.size))]);
    }
    if (!pos.over()) return pos;
  }
}

TEST(OrderChaosSymmetry, AllSixteenImagesShareOneCanonicalForm) {
  common::SplitMix64 rng(11);
  for (int i = 0; i < 200; ++i) {
    const Position pos = random_position(rng, RuleVersion::Original, 20);
    const Bitboard x = pos.pieces(Symbol::X), o = pos.pieces(Symbol::O);
    const CanonicalBoards c = canonical(x, o);
    for (int t = 0; t < 8; ++t) {
      const Bitboard tx = transform(x, t), to = transform(o, t);
      ASSERT_EQ(std::popcount(tx), std::popcount(x));
      ASSERT_EQ(tx & to, 0u);
      ASSERT_EQ(canonical(tx, to), c);
      ASSERT_EQ(canonical(to, tx), c);
    }
  }
  // The eight geometric images of one corner square are the four corners.
  Bitboard corners = 0;
  for (int t = 0; t < 8; ++t) corners |= transform(bit(0), t);
  EXPECT_EQ(corners, bit(0) | bit(5) | bit(30) | bit(35));
}

TEST(OrderChaosSolver, AnImmediateLineWinsAndNamesTheMove) {
  Solver solver(1);
  const Position pos = Position::parse("xxxx2/6/6/6/6/6 order");
  const SolveResult r = solver.solve(pos);
  ASSERT_EQ(r.value, Outcome::OrderWins);
  ASSERT_TRUE(r.best);
  Position after = pos;
  after.play(*r.best);
  EXPECT_EQ(after.outcome(), Outcome::OrderWins);
}

TEST(OrderChaosSolver, AnOpenFourCannotBeStopped) {
  Solver solver(1);
  for (const auto version : {RuleVersion::Original, RuleVersion::ExactFive}) {
    const SolveResult r = solver.solve(Position::parse("1xxxx1/6/6/6/6/6 chaos", version));
    EXPECT_EQ(r.value, Outcome::OrderWins) << version_name(version);
  }
}

TEST(OrderChaosSolver, AFinishedGameHasItsValueAndNoMove) {
  Solver solver(1);
  const SolveResult r =
      solver.solve(Position::parse("xoooxo/oxoxox/oooxxx/xoxooo/xxxooo/ooxxxo chaos"));
  EXPECT_EQ(r.value, Outcome::ChaosWins);
  EXPECT_FALSE(r.best);
}

TEST(OrderChaosSolver, ANodeLimitStopsWithoutAValue) {
  Solver solver(1);
  SolveLimits limits;
  limits.nodes = 1000;
  const SolveResult r = solver.solve(Position::start(), limits);
  EXPECT_FALSE(r.value);
  EXPECT_LE(r.nodes, 1001u);
}

class OrderChaosSolverAgreement : public ::testing::TestWithParam<RuleVersion> {};

TEST_P(OrderChaosSolverAgreement, MatchesPlainMinimaxOnNearFullBoards) {
  const RuleVersion version = GetParam();
  common::SplitMix64 rng(version == RuleVersion::Original ? 31 : 37);
  Solver solver(4);
  int order = 0, chaos = 0;
  for (int i = 0; i < 60; ++i) {  // few enough for the sanitizer build too
    const Position pos = random_position(rng, version, 6);
    const bool expected = reference_order_wins(
        reference_oc::from_string(pos.to_string(), version == RuleVersion::ExactFive));
    const SolveResult r = solver.solve(pos);
    ASSERT_TRUE(r.value);
    ASSERT_EQ(*r.value == Outcome::OrderWins, expected) << pos.to_string();
    (expected ? order : chaos)++;
    // The move the winner is given keeps the win.
    if ((*r.value == Outcome::OrderWins) == (pos.to_move() == Role::Order)) {
      Position after = pos;
      after.play(*r.best);
      ASSERT_EQ(solver.solve(after).value, r.value) << pos.to_string();
    }
  }
  EXPECT_GT(order, 0);
  EXPECT_GT(chaos, 0);
}

INSTANTIATE_TEST_SUITE_P(BothVersions, OrderChaosSolverAgreement,
                         ::testing::Values(RuleVersion::Original, RuleVersion::ExactFive),
                         [](const auto& param_info) {
                           return param_info.param == RuleVersion::Original ? "Original"
                                                                            : "ExactFive";
                         });

}  // namespace
}  // namespace orderchaos
