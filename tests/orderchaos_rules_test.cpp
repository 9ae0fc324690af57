// Order and Chaos rules (docs/rules.md, Order and Chaos 1-5) with positions written by hand.
#include <gtest/gtest.h>

#include <string>

#include "orderchaos/movegen.h"
#include "orderchaos/notation.h"
#include "orderchaos/position.h"

namespace orderchaos {
namespace {

constexpr auto kOriginal = RuleVersion::Original;
constexpr auto kExactFive = RuleVersion::ExactFive;

Outcome after(const std::string& position, const std::string& move,
              RuleVersion version = kOriginal) {
  Position pos = Position::parse(position, version);
  pos.play(parse_move(pos, move));
  return pos.outcome();
}

TEST(OrderChaosRules, StartIsEmptyWithOrderToMoveAndEveryPlacementLegal) {
  const Position pos = Position::start();
  EXPECT_EQ(pos.to_string(), "6/6/6/6/6/6 order");
  EXPECT_EQ(pos.to_move(), Role::Order);
  EXPECT_EQ(pos.outcome(), Outcome::Ongoing);
  MoveList list;
  generate_legal(pos, list);
  EXPECT_EQ(list.size, 72);  // X or O on each of 36 squares
  EXPECT_EQ(count_legal(pos), 72);
}

TEST(OrderChaosRules, PlayersAlternateAndPiecesStay) {
  Position pos = Position::start();
  pos.play(parse_move(pos, "Xc3"));
  EXPECT_EQ(pos.to_move(), Role::Chaos);
  pos.play(parse_move(pos, "Xd4"));  // Chaos may place either symbol too
  EXPECT_EQ(pos.to_move(), Role::Order);
  EXPECT_EQ(pos.to_string(), "6/6/3x2/2x3/6/6 order");
}

TEST(OrderChaosRules, FiveInARowWinsForOrderInEveryDirection) {
  EXPECT_EQ(after("xxxx2/6/6/6/6/6 order", "Xe6"), Outcome::OrderWins);      // row
  EXPECT_EQ(after("6/o5/o5/o5/o5/6 order", "Oa1"), Outcome::OrderWins);      // column
  EXPECT_EQ(after("6/4x1/3x2/2x3/1x4/6 order", "Xf6"), Outcome::OrderWins);  // diagonal
  EXPECT_EQ(after("6/o5/1o4/2o3/3o2/6 order", "Oe1"), Outcome::OrderWins);   // anti-diagonal
  EXPECT_EQ(after("6/6/6/6/6/1oooo1 order", "Of1"), Outcome::OrderWins);     // ends at the edge
}

TEST(OrderChaosRules, ALineMadeByChaosStillWinsForOrder) {
  EXPECT_EQ(after("xxxx2/6/6/6/6/6 chaos", "Xe6"), Outcome::OrderWins);
}

TEST(OrderChaosRules, FourOrMixedSymbolsDoNotWin) {
  EXPECT_EQ(after("xxx3/6/6/6/6/6 order", "Xd6"), Outcome::Ongoing);
  EXPECT_EQ(after("xxxx2/6/6/6/6/6 order", "Oe6"), Outcome::Ongoing);
  EXPECT_EQ(after("xxxx2/6/6/6/6/6 order", "Xf6"), Outcome::Ongoing);  // gap at e6
  // e1 f1 a2 b2 c2 are five consecutive square numbers, but no line.
  EXPECT_EQ(after("6/6/6/6/xx4/4xx order", "Xc2"), Outcome::Ongoing);
}

TEST(OrderChaosRules, SixInARowWinsUnderTheOriginalRules) {
  EXPECT_EQ(after("xxx1xx/6/6/6/6/6 order", "Xd6"), Outcome::OrderWins);
}

TEST(OrderChaosRules, SixInARowDoesNotCountUnderExactFive) {
  EXPECT_EQ(after("xxx1xx/6/6/6/6/6 order", "Xd6", kExactFive), Outcome::Ongoing);
  EXPECT_EQ(after("x5/x5/x5/6/x5/x5 order", "Xa3", kExactFive), Outcome::Ongoing);
  EXPECT_EQ(after("x5/1x4/2x3/3x2/6/5x order", "Xe2", kExactFive), Outcome::Ongoing);
}

TEST(OrderChaosRules, ExactlyFiveWinsUnderExactFive) {
  EXPECT_EQ(after("xxxx2/6/6/6/6/6 order", "Xe6", kExactFive), Outcome::OrderWins);
  // The sixth square holds the other symbol: still exactly five.
  EXPECT_EQ(after("oxxx1x/6/6/6/6/6 order", "Xe6", kExactFive), Outcome::OrderWins);
  // Five on a diagonal six long, its sixth square empty.
  EXPECT_EQ(after("6/4x1/3x2/2x3/1x4/6 order", "Xf6", kExactFive), Outcome::OrderWins);
  // A diagonal only five squares long (a2-e6).
  EXPECT_EQ(after("4x1/3x2/2x3/1x4/6/6 order", "Xa2", kExactFive), Outcome::OrderWins);
}

TEST(OrderChaosRules, SixOfOneSymbolBesideFiveOfAnotherLineStillWinsUnderExactFive) {
  // d6 completes a six in rank 6 (no win) and a five in file d (a win).
  EXPECT_EQ(after("xxx1xx/3x2/3x2/3x2/3x2/6 order", "Xd6", kExactFive), Outcome::OrderWins);
}

// A full board without five in a row, found by a search and checked by both
// implementations (tests/orderchaos_agreement_test.cpp checks it with the reference).
constexpr const char* kFullNoLine = "xoooxo/oxoxox/oooxxx/xoxooo/xxxooo/ooxxxo chaos";
constexpr const char* kOneEmptyNoLine = "xoooxo/oxoxox/oooxxx/xoxooo/xxxooo/1oxxxo chaos";

TEST(OrderChaosRules, AFullBoardWithoutALineWinsForChaos) {
  EXPECT_EQ(Position::parse(kFullNoLine).outcome(), Outcome::ChaosWins);
  EXPECT_EQ(after(kOneEmptyNoLine, "Xa1"), Outcome::ChaosWins);
  EXPECT_EQ(after(kOneEmptyNoLine, "Oa1"), Outcome::ChaosWins);
}

TEST(OrderChaosRules, TheLastSquareMakingALineWinsForOrder) {
  // a3 fills the column a1-a6 with x: six, a line under the original rules only.
  const std::string pos = "xoooox/xxoxox/xxoxxx/1xxoxx/xoxooo/xxxooo chaos";
  EXPECT_EQ(after(pos, "Xa3"), Outcome::OrderWins);
  EXPECT_EQ(after(pos, "Oa3"), Outcome::ChaosWins);
  EXPECT_EQ(after(pos, "Xa3", kExactFive), Outcome::ChaosWins);
}

TEST(OrderChaosRules, AFinishedGameHasNoMoves) {
  const Position pos = Position::parse("xxxxx1/6/6/6/6/6 chaos");
  EXPECT_EQ(pos.outcome(), Outcome::OrderWins);
  EXPECT_EQ(count_legal(pos), 0);
  MoveList list;
  generate_legal(pos, list);
  EXPECT_EQ(list.size, 0);
  EXPECT_THROW(parse_move(pos, "Xf6"), MoveError);
}

TEST(OrderChaosRules, UndoRestoresEverything) {
  Position pos = Position::parse("xxxx2/6/6/6/6/6 chaos");
  const Position before = pos;
  const Move move = parse_move(pos, "Xe6");
  pos.play(move);
  ASSERT_EQ(pos.outcome(), Outcome::OrderWins);
  pos.undo(move);
  EXPECT_EQ(pos, before);
  EXPECT_EQ(pos.hash(), before.hash());
  EXPECT_EQ(pos.outcome(), Outcome::Ongoing);
}

}  // namespace
}  // namespace orderchaos
