// Every rule of docs/rules.md (Mughrabieh) with a hand-made position: the set-up, chance,
// movement, blocking, the first-piece rule, bearing off, the house rules on dice, passes,
// the end and its score, and where the ludii rule set differs.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "mughrabieh/notation.h"
#include "mughrabieh/turns.h"

namespace mughrabieh {
namespace {

// The legal turns of a position string (with its roll), as sorted notation, one per
// distinct resulting position, and the number of step sequences.
struct Listed {
  std::vector<std::string> turns;
  std::uint64_t sequences = 0;
};

Listed listed(const std::string& text, RuleSet rules = RuleSet::House) {
  Position pos = Position::parse(text, rules);
  auto list = std::make_unique<TurnList>();
  generate_turns(pos, *list);
  Listed out;
  for (const Turn& turn : *list) out.turns.push_back(format_turn(turn));
  std::sort(out.turns.begin(), out.turns.end());
  out.sequences = list->sequences;
  return out;
}

std::string after(const std::string& text, const std::string& turn,
                  RuleSet rules = RuleSet::House) {
  Position pos = Position::parse(text, rules);
  pos.play(parse_turn(pos, turn));
  return pos.to_string();
}

void expect_refused(const std::string& text, const std::string& turn, const std::string& why,
                    RuleSet rules = RuleSet::House) {
  const Position pos = Position::parse(text, rules);
  try {
    parse_turn(pos, turn);
    ADD_FAILURE() << turn << " was accepted in " << text;
  } catch (const MoveError& e) {
    EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
  }
}

TEST(MughrabiehRules, FifteenPiecesEachOnTheFirstPointOfTheirTrack) {
  const Position start = Position::start();
  EXPECT_EQ(start.to_string(), "24x15/24x15 w -");
  EXPECT_EQ(start.count(Side::White, 0), 15);
  EXPECT_EQ(start.count(Side::Black, 0), 15);
  // Each side's first point is the other's last point: the tracks run opposite ways.
  EXPECT_EQ(start.blocked(Side::White), 1u << 23);
  EXPECT_EQ(start.blocked(Side::Black), 1u << 23);
  EXPECT_EQ(start.pips(Side::White), 15 * 24);
  EXPECT_EQ(Position::start(RuleSet::House, Side::Black).to_string(), "24x15/24x15 b -");
}

TEST(MughrabiehRules, TheRollIsAChanceNodeWithTwentyOneOutcomes) {
  Position pos = Position::start();
  EXPECT_TRUE(pos.is_chance_node());
  EXPECT_FALSE(pos.roll());
  double total = 0;
  std::set<int> seen;
  for (const ChanceOutcome& o : chance_outcomes()) {
    total += o.probability;
    EXPECT_DOUBLE_EQ(o.probability, o.roll.is_double() ? 1.0 / 36 : 2.0 / 36);
    EXPECT_GE(o.roll.high, o.roll.low);
    seen.insert(o.roll.high * 10 + o.roll.low);
  }
  EXPECT_EQ(seen.size(), 21u);
  EXPECT_NEAR(total, 1.0, 1e-12);
  const std::uint64_t before = pos.hash();
  pos.set_roll(make_roll(2, 5));
  EXPECT_FALSE(pos.is_chance_node());
  EXPECT_EQ(pos.to_string(), "24x15/24x15 w 52");
  EXPECT_NE(pos.hash(), before);
  pos.clear_roll();
  EXPECT_EQ(pos.hash(), before);
}

TEST(MughrabiehRules, EachDieMovesOnePieceOrOnePieceTakesBoth) {
  // The first-piece rule leaves one piece to move at the start: both dice on it, in
  // either order.
  const Listed start = listed("24x15/24x15 w 52");
  EXPECT_EQ(start.turns, std::vector<std::string>{"52: 24/19 19/17"});
  EXPECT_EQ(start.sequences, 2u);
  // Later, two pieces may take one die each.
  const Listed two = listed("24x13,6,4/24x15 w 21");
  EXPECT_NE(std::find(two.turns.begin(), two.turns.end(), "21: 24/22 24/23"), two.turns.end());
  EXPECT_NE(std::find(two.turns.begin(), two.turns.end(), "21: 6/4 4/3"), two.turns.end());
}

TEST(MughrabiehRules, DoublesArePlayedFourTimes) {
  EXPECT_EQ(listed("24x15/24x15 w 33").turns,
            std::vector<std::string>{"33: 24/21 21/18 18/15 15/12"});
  EXPECT_EQ(after("24x15/24x15 w 33", "33: 24/21 21/18 18/15 15/12"), "24x14,12/24x15 b -");
}

TEST(MughrabiehRules, NoLandingOnAnOpposingPieceButPassingOverIsAllowed) {
  // Black's 8-point is White's 17-point.
  const std::string pos = "24x14,20/24x14,8 w 31";
  EXPECT_EQ(listed(pos).turns, std::vector<std::string>{"31: 20/19 19/16"});
  EXPECT_EQ(listed(pos).sequences, 1u);
  expect_refused(pos, "31: 20/17 17/16", "holds opposing pieces");
}

TEST(MughrabiehRules, OwnPiecesStackWithoutLimit) {
  EXPECT_EQ(after("6,2x14/6x15 w 41", "41: 6/2 2/1"), "2x14,1/6x15 b -");
  EXPECT_EQ(after("3x14,2/24x15 w 11", "11: 3/2 3/2 3/2 3/2"), "3x10,2x5/24x15 b -");
}

TEST(MughrabiehRules, OnePieceReachesTheFinalSixBeforeAnotherLeavesTheStart) {
  const std::string pos = "24x14,20/24x15 w 21";
  EXPECT_EQ(listed(pos).turns, std::vector<std::string>{"21: 20/18 18/17"});
  expect_refused(pos, "21: 24/22 20/19", "starting point");
  // Once the runner is in, the others may leave in the same turn.
  EXPECT_EQ(after("24x14,8/24x15 w 64", "64: 8/2 24/20"), "24x13,20,2/24x15 b -");
  expect_refused("24x14,8/24x15 w 64", "64: 24/20 8/2", "starting point");
}

TEST(MughrabiehRules, BearingOffOnlyOnceAllFifteenAreInTheFinalSix) {
  EXPECT_EQ(after("8,6x14/24x15 w 64", "64: 8/4 6/off"), "6x13,4/24x15 b -");
  expect_refused("8,6x14/24x15 w 64", "64: 6/off 8/4", "final six");
}

TEST(MughrabiehRules, HouseRuleALargerNumberBearsOffFromTheFarthestPointOnly) {
  EXPECT_EQ(listed("3x2,1x13/6x15 w 65").turns, std::vector<std::string>{"65: 3/off 3/off"});
  // A piece on the 5-point: a 4 must move it, not bear off from the 2-point.
  expect_refused("5,2x14/6x15 w 43", "43: 2/off 2/off", "farthest");
  EXPECT_EQ(listed("5,2x14/6x15 w 43").turns,
            (std::vector<std::string>{"43: 5/1 2/off", "43: 5/2 2/off"}));
}

TEST(MughrabiehRules, HouseRuleBothDiceWhenPossibleAndTheLargerWhenOnlyOne) {
  // Black's 19-point is White's 6-point. Either die alone can move the runner, but then
  // the other is blocked: only the 6 is played.
  const std::string pos = "24x14,13/24x14,19 w 61";
  EXPECT_EQ(listed(pos).turns, std::vector<std::string>{"61: 13/7"});
  expect_refused(pos, "61: 13/12", "larger");
  // Two dice when two can be played.
  expect_refused("24x14,13/24x15 w 62", "62: 13/7", "2 dice");
}

TEST(MughrabiehRules, HouseRuleATurnWithNoLegalMovePasses) {
  // Black's runner on its 18-point is on White's 7-point: White's runner on 13 cannot
  // move a 6, and no other White piece may move.
  const std::string text = "24x14,13/24x14,18 w 66";
  EXPECT_EQ(listed(text).turns, std::vector<std::string>{"66:"});
  EXPECT_EQ(after(text, "66:"), "24x14,13/24x14,18 b -");
  expect_refused("24x15/24x15 w 64", "64:", "cannot pass");
}

TEST(MughrabiehRules, TheFirstToBearOffAllWinsTheOpponentsPiecesLeftOnTheBoard) {
  Position pos = Position::parse("1/6x12 w 21");
  const Turn turn = parse_turn(pos, "21: 1/off");
  EXPECT_EQ(turn.steps[0].die, 2);  // the larger die, as the house rules want
  pos.play(turn);
  EXPECT_EQ(pos.outcome(), Outcome::WhiteWins);
  EXPECT_EQ(pos.points(), 12);
  EXPECT_FALSE(pos.is_chance_node());
  EXPECT_EQ(pos.to_string(), "-/6x12 b -");
}

TEST(MughrabiehRules, LudiiLeavesADieUnplayedFreely) {
  const std::string pos = "24x14,13/24x14,19 w 61";
  EXPECT_EQ(listed(pos, RuleSet::Ludii).turns, (std::vector<std::string>{"61: 13/12", "61: 13/7"}));
  EXPECT_EQ(listed(pos, RuleSet::Ludii).sequences, 2u);
}

TEST(MughrabiehRules, LudiiBearsOffWithALargerNumberWhenTheFartherPieceIsBlocked) {
  // White's 1-point holds Black's start: the piece on 5 cannot move 4. Ludii's model bears
  // off from the 2-point instead, and (its defect removed) the turn goes on.
  const std::string pos = "5,2x14/24x15 w 44";
  EXPECT_EQ(listed(pos).turns, std::vector<std::string>{"44:"});
  EXPECT_EQ(listed(pos, RuleSet::Ludii).turns,
            std::vector<std::string>{"44: 2/off 2/off 2/off 2/off"});
}

TEST(MughrabiehRules, LudiiDrawsWhenBothSidesPassInTurn) {
  // Neither runner can move a 6: each lands on the other's runner.
  Position pos = Position::parse("24x14,13/24x14,18 w 66", RuleSet::Ludii);
  pos.play(parse_turn(pos, "66:"));
  EXPECT_TRUE(pos.previous_passed());
  EXPECT_EQ(pos.to_string(), "24x14,13/24x14,18 b - pass");
  pos.set_roll(make_roll(6, 6));
  const auto list = std::make_unique<TurnList>();
  generate_turns(pos, *list);
  ASSERT_EQ(list->size, 1);
  ASSERT_EQ(list->turns[0].size, 0) << format_turn(list->turns[0]);
  pos.play(list->turns[0]);
  EXPECT_EQ(pos.outcome(), Outcome::Draw);
  EXPECT_EQ(pos.points(), 0);
  // The house rules have no such draw.
  Position house = Position::parse("24x14,13/24x14,18 w 66");
  house.play(parse_turn(house, "66:"));
  house.set_roll(make_roll(6, 6));
  house.play(parse_turn(house, "66:"));
  EXPECT_FALSE(house.over());
}

TEST(MughrabiehRules, PlayAndUndoRestoreEverything) {
  Position pos = Position::parse("24x13,6,4/24x14,20 w 21");
  const Position before = pos;
  const Turn turn = parse_turn(pos, "21: 6/4 4/3");
  const auto token = pos.play(turn);
  EXPECT_EQ(pos.pips(Side::White), before.pips(Side::White) - 3);
  pos.undo(turn, token);
  EXPECT_EQ(pos, before);
  EXPECT_EQ(pos.hash(), before.hash());
}

}  // namespace
}  // namespace mughrabieh
