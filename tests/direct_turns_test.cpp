// The search's Ordo-specific threat test: whether the opponent of the side to move could win
// with its next move, checked by hand on positions built for it and against playing every
// legal move of the opponent on random positions.
#include "ordo/ai/direct_turns.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "ordo/ai/evaluation.h"
#include "ordo/movegen.h"
#include "support/random_positions.h"

namespace ordo {
namespace {

// The reference: hand the turn to the opponent and play each legal move.
bool opponent_wins_by_brute_force(const Position& pos) {
  const Color them = opponent(pos.side_to_move());
  Position theirs = pos;
  theirs.pass_turn();
  if (theirs.decided_winner()) return false;
  auto moves = std::make_unique<MoveList>();
  generate_legal(theirs, *moves);
  for (const Move& m : *moves) {
    Position after = theirs;
    after.make(m);
    if (after.decided_winner() == them) return true;
  }
  return false;
}

bool threatens(const Position& pos) {
  auto scratch = std::make_unique<MoveList>();
  return opponent_threatens_win(pos, *scratch);
}

// A position built by hand where an enemy piece has an open path: the test and the
// reference must both give `expected`.
void expect_open_path_threat(const Position& pos, bool expected) {
  EXPECT_NE(open_path_pieces(pos, opponent(pos.side_to_move())), 0u);
  EXPECT_EQ(threatens(pos), expected);
  EXPECT_EQ(opponent_wins_by_brute_force(pos), expected);
}

TEST(OpponentThreatensWin, AnOpenPathThatWouldSplitTheGroupIsNoThreat) {
  // Black's c2 has open slides to c1, b1 and d1, but it alone joins b3 and d3: each of
  // those slides would split Black, so no Black move wins. open_path_pieces() sees c2.
  expect_open_path_threat(Position::parse("8/8/8/8/8/1bwb4/1wbww3/8 w", Variant::Classic), false);
}

TEST(OpponentThreatensWin, AnOpenPathThatKeepsTheGroupIsAThreat) {
  // c2 -> c1 stays next to d2: Black wins with it (and with d2 -> d1).
  expect_open_path_threat(Position::parse("8/8/8/w7/8/8/2bb4/8 w", Variant::Classic), true);
}

TEST(OpponentThreatensWin, ALoneRunnerFarFromItsGroupIsNoThreat) {
  // Black's c4 slides freely to c1, but lands two ranks away from d5, its only neighbour:
  // no Black piece stands one rank short of the goal to keep it company.
  expect_open_path_threat(Position::parse("8/7w/7w/3b4/2b5/8/8/8 w", Variant::Classic), false);
}

TEST(OpponentThreatensWin, AnOrdoThatIsTheWholeGroupIsAThreat) {
  // Neither b3 nor c3 may go alone (it would land apart from the other), but the two
  // slide together onto the first rank: b3:c3-b1 wins.
  expect_open_path_threat(Position::parse("8/6ww/8/8/8/1bb5/8/8 w", Variant::Classic), true);
}

TEST(OpponentThreatensWin, NoThreatFromTheStart) {
  for (const Variant variant : {Variant::Classic, Variant::X}) {
    EXPECT_FALSE(threatens(Position::start(variant, 10, 8)));
    EXPECT_FALSE(threatens(Position::start(variant, 8, 8)));
  }
}

TEST(OpponentThreatensWin, AgreesWithPlayingEveryMoveOnRandomPositions) {
  std::mt19937_64 rng(20261122);
  int threats = 0;
  for (const Variant variant : {Variant::Classic, Variant::X}) {
    const int count = variant == Variant::Classic ? 300 : 40;
    for (int i = 0; i < count; ++i) {
      const Position pos = testing::random_game_position(rng, variant, 80);
      const bool expected = opponent_wins_by_brute_force(pos);
      threats += expected;
      ASSERT_EQ(threatens(pos), expected) << pos.to_string();
    }
  }
  EXPECT_GT(threats, 20);  // the sample holds threats, not only quiet positions
}

// Classic positions from games of every length, where open paths that are no threat
// (what the cheap necessary test rules out) are common.
TEST(OpponentThreatensWin, AgreesWithPlayingEveryMoveOverWholeClassicGames) {
  std::mt19937_64 rng(20261128);
  int with_threat = 0, open_path_without_threat = 0;
  for (int i = 0; i < 1000; ++i) {
    const Position pos = testing::random_game_position(rng, Variant::Classic, 160);
    const bool expected = opponent_wins_by_brute_force(pos);
    with_threat += expected;
    open_path_without_threat +=
        !expected && open_path_pieces(pos, opponent(pos.side_to_move())) != 0;
    ASSERT_EQ(threatens(pos), expected) << pos.to_string();
  }
  EXPECT_GT(with_threat, 30);
  EXPECT_GT(open_path_without_threat, 50);
}

}  // namespace
}  // namespace ordo
