// The Order and Chaos proof-number search: agreement with the exact solver on random
// positions of both rule sets, hand-made positions with known values, and values that
// the board symmetries and the X/O exchange never change.
#include <gtest/gtest.h>

#include <bit>
#include <string>
#include <utility>

#include "orderchaos/dfpn.h"
#include "orderchaos/movegen.h"
#include "orderchaos/solver.h"
#include "orderchaos/symmetry.h"
#include "orderchaos/threats.h"
#include "util/random.h"

namespace orderchaos {
namespace {

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

std::optional<Outcome> dfpn_value(const Position& pos) {
  Dfpn search(4);
  return search.solve(pos).value;
}

// `pos` with its pieces moved by geometric symmetry t, X and O swapped when `swap`.
Position image(const Position& pos, int t, bool swap) {
  Bitboard x = transform(pos.pieces(Symbol::X), t), o = transform(pos.pieces(Symbol::O), t);
  if (swap) std::swap(x, o);
  std::string text;
  for (int rank = kSide - 1; rank >= 0; --rank) {
    int run = 0;  // empty squares not yet written
    for (int file = 0; file < kSide; ++file) {
      const Bitboard b = bit(square_at(file, rank));
      if (!((x | o) & b)) {
        ++run;
        continue;
      }
      if (run) text += std::to_string(run);
      run = 0;
      text += (x & b) ? 'x' : 'o';
    }
    if (run) text += std::to_string(run);
    if (rank) text += '/';
  }
  text += pos.to_move() == Role::Order ? " order" : " chaos";
  return Position::parse(text, pos.version());
}

class DfpnAgreement : public ::testing::TestWithParam<RuleVersion> {};

TEST_P(DfpnAgreement, SameValueAsTheExactSolverOnRandomPositions) {
  common::SplitMix64 rng(2026);
  Solver solver(16);
  int order_wins = 0, chaos_wins = 0;
  for (int empties : {8, 10, 12}) {
    for (int i = 0; i < 40; ++i) {
      const Position pos = random_position(rng, GetParam(), empties);
      solver.clear();
      const auto expected = solver.solve(pos).value;
      ASSERT_TRUE(expected.has_value());
      ASSERT_EQ(dfpn_value(pos), expected) << pos.to_string();
      (*expected == Outcome::OrderWins ? order_wins : chaos_wins) += 1;
    }
  }
  // The sample holds both values, so that agreement means something.
  EXPECT_GT(order_wins, 5);
  EXPECT_GT(chaos_wins, 5);
}

TEST_P(DfpnAgreement, SymmetriesAndTheExchangeKeepTheValue) {
  common::SplitMix64 rng(77);
  for (int i = 0; i < 12; ++i) {
    const Position pos = random_position(rng, GetParam(), 10);
    const auto value = dfpn_value(pos);
    ASSERT_TRUE(value.has_value());
    for (int t = 0; t < 8; ++t)
      for (const bool swap : {false, true})
        ASSERT_EQ(dfpn_value(image(pos, t, swap)), value) << pos.to_string() << " t=" << t;
  }
}

INSTANTIATE_TEST_SUITE_P(BothRules, DfpnAgreement,
                         ::testing::Values(RuleVersion::Original, RuleVersion::ExactFive));

TEST(Dfpn, HandMadePositions) {
  // Four X in a row with the fifth square free: Order completes it.
  const Position open_four = Position::parse("6/6/6/6/6/xxxx2 order");
  EXPECT_EQ(dfpn_value(open_four), Outcome::OrderWins);
  // Chaos to move against two threats on different squares (rank 1 and file f).
  const Position two = Position::parse("6/5x/5x/5x/5x/xxxx2 chaos");
  EXPECT_EQ(dfpn_value(two), Outcome::OrderWins);
  // A full board without a line (x where (file + 2 * rank) % 4 < 2: runs of at most two
  // in every direction) but for f6: the last placement cannot make five.
  std::string text;
  for (int rank = kSide - 1; rank >= 0; --rank) {
    for (int file = 0; file < kSide; ++file)
      text += (rank == kSide - 1 && file == kSide - 1) ? '1'
              : (file + 2 * rank) % 4 < 2              ? 'x'
                                                       : 'o';
    if (rank) text += '/';
  }
  EXPECT_TRUE(lines_all_blocked(Position::parse(text + " chaos")));
  EXPECT_FALSE(lines_all_blocked(Position::start()));
  EXPECT_EQ(dfpn_value(Position::parse(text + " chaos")), Outcome::ChaosWins);
  EXPECT_EQ(dfpn_value(Position::parse(text + " order")), Outcome::ChaosWins);
}

TEST(Dfpn, ASixIsNoThreatUnderExactFive) {
  // Filling b1 makes six X in a row: a line under the original rules only.
  EXPECT_TRUE(line_completable(Position::parse("6/6/6/6/6/x1xxxx order")));
  EXPECT_FALSE(line_completable(Position::parse("6/6/6/6/6/x1xxxx order", RuleVersion::ExactFive)));
  EXPECT_EQ(dfpn_value(Position::parse("6/6/6/6/6/x1xxxx order")), Outcome::OrderWins);
}

TEST(Dfpn, ChaosOnlyTriesPlacementsThatHold) {
  Position pos = Position::parse("6/6/6/6/6/xxxx2 chaos");
  MoveList list;
  chaos_holding_moves(pos, list);
  ASSERT_EQ(list.size, 1);  // only O on e1 stops the line
  EXPECT_EQ(list.moves[0], (Move{4, Symbol::O}));
  Position exact = Position::parse("6/6/6/6/6/xxxx2 chaos", RuleVersion::ExactFive);
  chaos_holding_moves(exact, list);
  EXPECT_EQ(list.size, 2);  // or X on f1, which makes the line a six
}

TEST(Dfpn, StopsAtTheNodeLimitWithoutAValue) {
  Dfpn search(4);
  const DfpnResult r = search.solve(Position::start(), DfpnLimits{1000, nullptr, false});
  EXPECT_FALSE(r.value.has_value());
  EXPECT_LE(r.nodes, 1001u);
}

// Where Order's proved strategy is in force the search needs no more: the empty board in
// one node, and a Chaos position all of whose replies the strategy holds in one expansion.
TEST(Dfpn, OrdersProvedStrategySettlesPositionsAtOnce) {
  for (const RuleVersion v : {RuleVersion::Original, RuleVersion::ExactFive}) {
    Dfpn search(4);
    DfpnResult r = search.solve(Position::start(v));
    EXPECT_EQ(r.value, Outcome::OrderWins);
    EXPECT_EQ(r.nodes, 1u);
    r = search.solve(Position::parse("6/6/6/6/1x4/6 chaos", v));
    EXPECT_EQ(r.value, Outcome::OrderWins);
    EXPECT_EQ(r.nodes, 1u);
  }
}

}  // namespace
}  // namespace orderchaos
