// Mughrabieh notation and position strings (docs/rules.md, Mughrabieh 8): the written forms,
// round trips, and a clear error for each kind of bad text.
#include <gtest/gtest.h>

#include <string>

#include "mughrabieh/notation.h"

namespace mughrabieh {
namespace {

void expect_move_error(const std::string& position, const std::string& text,
                       const std::string& why) {
  const Position pos = Position::parse(position);
  try {
    parse_turn(pos, text);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const MoveError& e) {
    EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
  }
}

void expect_position_error(const std::string& text, const std::string& why,
                           RuleSet rules = RuleSet::House) {
  try {
    Position::parse(text, rules);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const PositionError& e) {
    EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
  }
}

TEST(MughrabiehNotation, TurnsAreTheRollThenEachStepInTheMoversPointNumbers) {
  const Position pos = Position::parse("24x14,8/24x15 w 64");
  const Turn turn = parse_turn(pos, "64: 8/2 24/20");
  EXPECT_EQ(turn.size, 2);
  EXPECT_EQ(turn.steps[0], (Step{16, 6}));
  EXPECT_EQ(turn.steps[1], (Step{0, 4}));
  EXPECT_EQ(format_turn(turn), "64: 8/2 24/20");
  EXPECT_EQ(format_turn_compact(turn), "64:8/2,24/20");
  EXPECT_EQ(parse_turn(pos, "64:8/2,24/20"), turn);
  EXPECT_EQ(format_step(Step{22, 5}), "2/off");
  EXPECT_EQ(format_roll(make_roll(2, 6)), "62");
}

TEST(MughrabiehNotation, AtAChanceNodeTheTurnMakesItsRoll) {
  const Position pos = Position::start();
  const Turn turn = parse_turn(pos, "31: 24/21 21/20");
  EXPECT_EQ(turn.roll, make_roll(3, 1));
  expect_move_error("24x15/24x15 w 52", "31: 24/21 21/20", "the roll is 52");
}

TEST(MughrabiehNotation, BadTextIsRefusedWithAReason) {
  const std::string start = "24x15/24x15 w 52";
  expect_move_error(start, "24/19 19/17", "starts with the roll");
  expect_move_error(start, "25: 24/22 22/17", "larger die first");
  expect_move_error(start, "72: 24/17", "two dice 1-6");
  expect_move_error(start, "52: 24-19 19/17", "not a step");
  expect_move_error(start, "52: 25/20 19/17", "not a point");
  expect_move_error(start, "52: 24/19 19/21", "backward");
  expect_move_error(start, "52: 24/17", "more than one die");
  expect_move_error(start, "52: 24/21 21/17", "no die left moves 3");
  expect_move_error(start, "52: 24/19 19/17 17/15", "at most 2 steps");
  expect_move_error(start, "52: 13/8 8/6", "no piece of yours on point 13");
  expect_move_error(start, "52: 24/19,,19/17", "comma");
  expect_move_error(start, "52: 24/19", "2 dice");
  expect_move_error("-/6x12 b -", "21: 6/4 6/5", "the game is over");
}

TEST(MughrabiehNotation, ABearOffStepTakesTheDieThatMakesTheTurnLegal) {
  // 3/off with the 5 or the 4: either way the same turn.
  const Position pos = Position::parse("3x2,1x13/6x15 w 54");
  const Turn turn = parse_turn(pos, "54: 3/off 3/off");
  EXPECT_EQ(turn.size, 2);
  EXPECT_NE(turn.steps[0].die, turn.steps[1].die);
}

TEST(MughrabiehPositionString, RoundTrips) {
  for (const char* text : {"24x15/24x15 w -", "24x14,8/24x15 w 64", "-/6x12 b -",
                           "24x13,20,2/24x14,3 b 66", "6x3,5,1x2/6x15 w 11"}) {
    EXPECT_EQ(Position::parse(text).to_string(), text);
  }
  EXPECT_EQ(Position::parse("24x14,13/24x14,18 b - pass", RuleSet::Ludii).to_string(),
            "24x14,13/24x14,18 b - pass");
  const Position drawn = Position::parse("24x14,13/24x14,18 b - draw", RuleSet::Ludii);
  EXPECT_EQ(drawn.outcome(), Outcome::Draw);
  EXPECT_EQ(drawn.to_string(), "24x14,13/24x14,18 b - draw");
}

TEST(MughrabiehPositionString, FromCountsIsCheckedAsParseIs) {
  Position::Counts counts{};
  counts[0][0] = 14;
  counts[0][7] = 1;
  counts[1][0] = 15;
  const Position pos = Position::from_counts(counts, Side::Black);
  EXPECT_EQ(pos, Position::parse("24x14,17/24x15 b -"));
  EXPECT_EQ(pos.hash(), Position::parse("24x14,17/24x15 b -").hash());
  counts[1][23 - 7] = 1;
  counts[1][0] = 14;
  EXPECT_THROW(Position::from_counts(counts, Side::White), PositionError);
  counts[1][23 - 7] = 0;
  counts[1][0] = 16;
  EXPECT_THROW(Position::from_counts(counts, Side::White), PositionError);
}

TEST(MughrabiehPositionString, EqualPositionsHashEqual) {
  const Position a = Position::parse("24x13,20,2/24x14,3 b 66");
  const Position b = Position::parse("24x13,20,2/24x14,3 b 66");
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_NE(a.hash(), Position::parse("24x13,20,2/24x14,3 w 66").hash());
  EXPECT_NE(a.hash(), Position::parse("24x13,20,2/24x14,3 b 65").hash());
  EXPECT_NE(a.hash(), Position::parse("24x13,20,2/24x14,3 b -").hash());
}

TEST(MughrabiehPositionString, BadStringsAreRefusedWithAReason) {
  expect_position_error("24x15/24x15 w", "a position is");
  expect_position_error("24x15 w -", "one '/'");
  expect_position_error("24x16/24x15 w -", "more than 15");
  expect_position_error("24x15/24x15 x -", "'w' or 'b'");
  expect_position_error("24x15/24x15 w 25", "larger die first");
  expect_position_error("24x15/24x15 w 7", "two dice");
  expect_position_error("13,24x14/24x15 w -", "high to low");
  expect_position_error("25x15/24x15 w -", "not 1-24");
  expect_position_error("24x0,3x15/24x15 w -", "at least 1");
  expect_position_error("24xa/24x15 w -", "not a number");
  expect_position_error("24x14,1/24x15 w -", "both sides");
  expect_position_error("24x13,13,12/24x15 w -", "more than one piece away");
  expect_position_error("7,6x10/24x15 w -", "borne pieces off");
  expect_position_error("-/- w -", "both sides have borne off");
  expect_position_error("-/6x3 b 21", "no roll");
  expect_position_error("24x15/24x15 w - pass", "only under the ludii rules");
  expect_position_error("24x15/24x15 w - maybe", "may only be");
}

}  // namespace
}  // namespace mughrabieh
