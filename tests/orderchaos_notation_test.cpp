// Order and Chaos notation and position strings: formatting, round trips, and errors
// that say what is wrong.
#include <gtest/gtest.h>

#include <string>

#include "orderchaos/notation.h"
#include "orderchaos/position.h"

namespace orderchaos {
namespace {

std::string parse_error(const Position& pos, const std::string& text) {
  try {
    parse_move(pos, text);
  } catch (const MoveError& e) {
    return e.what();
  }
  return "(accepted)";
}

std::string position_error(const std::string& text) {
  try {
    Position::parse(text);
  } catch (const PositionError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(OrderChaosNotation, SquaresAndMovesRoundTrip) {
  EXPECT_EQ(square_name(0), "a1");
  EXPECT_EQ(square_name(35), "f6");
  EXPECT_EQ(parse_square("c3"), 14);
  EXPECT_EQ(parse_square("g1"), std::nullopt);
  EXPECT_EQ(parse_square("a0"), std::nullopt);
  const Position pos = Position::start();
  for (int sq = 0; sq < kSquares; ++sq)
    for (const Symbol s : {Symbol::X, Symbol::O}) {
      const Move move{static_cast<std::uint8_t>(sq), s};
      EXPECT_EQ(parse_move(pos, format_move(move)), move);
    }
  EXPECT_EQ(format_move(Move{14, Symbol::X}), "Xc3");
  EXPECT_EQ(format_move(Move{30, Symbol::O}), "Oa6");
}

TEST(OrderChaosNotation, BadMovesSayWhy) {
  const Position pos = Position::parse("6/6/6/6/6/2x3 order");
  EXPECT_NE(parse_error(pos, "").find("empty"), std::string::npos);
  EXPECT_NE(parse_error(pos, "Zc3").find("symbol X or O"), std::string::npos);
  EXPECT_NE(parse_error(pos, "xc3").find("capital"), std::string::npos);
  EXPECT_NE(parse_error(pos, "Xg3").find("not a square"), std::string::npos);
  EXPECT_NE(parse_error(pos, "Xc3 ").find("not a square"), std::string::npos);
  EXPECT_NE(parse_error(pos, "Oc1").find("c1 is taken (X stands there)"), std::string::npos);
}

TEST(OrderChaosNotation, PositionStringsRoundTrip) {
  for (const char* text : {"6/6/6/6/6/6 order", "x5/1o4/6/3xo1/6/ooxxoo chaos",
                           "xoooxo/oxoxox/oooxxx/xoxooo/xxxooo/ooxxxo chaos"}) {
    EXPECT_EQ(Position::parse(text).to_string(), text);
  }
}

TEST(OrderChaosNotation, BadPositionStringsSayWhy) {
  EXPECT_NE(position_error("6/6/6/6/6/6").find("'order' or 'chaos'"), std::string::npos);
  EXPECT_NE(position_error("6/6/6/6/6/6 white").find("'order' or 'chaos'"), std::string::npos);
  EXPECT_NE(position_error("6/6/6/6/6 order").find("6 ranks"), std::string::npos);
  EXPECT_NE(position_error("6/6/6/6/6/6/6 order").find("more than 6 ranks"), std::string::npos);
  EXPECT_NE(position_error("7/6/6/6/6/6 order").find("more than 6 squares"), std::string::npos);
  EXPECT_NE(position_error("5/6/6/6/6/6 order").find("rank 6 has 5 squares"), std::string::npos);
  EXPECT_NE(position_error("xxxxxxx/6/6/6/6/6 order").find("more than 6"), std::string::npos);
  EXPECT_NE(position_error("6/6/6/6/6/5w order").find("'w' is not"), std::string::npos);
  EXPECT_NE(position_error("6/6/6/6/6/06 order").find("at least 1"), std::string::npos);
}

TEST(OrderChaosNotation, RuleVersionsHaveNames) {
  EXPECT_EQ(version_name(RuleVersion::Original), "original");
  EXPECT_EQ(version_name(RuleVersion::ExactFive), "exact-five");
  EXPECT_EQ(role_name(Role::Order), "Order");
  EXPECT_EQ(role_name(Role::Chaos), "Chaos");
}

}  // namespace
}  // namespace orderchaos
