// The one test of a turn that wins at once (ordo/ai/wins_at_once.h), as the search rules,
// the solver and the threat test ask it. Positions are position strings: ranks from the
// top (Black's home row) down to rank 1, then the side to move (docs/rules.md section 7).
#include "ordo/ai/wins_at_once.h"

#include <gtest/gtest.h>

#include <string>

#include "ordo/ai/ordo_rules.h"
#include "ordo/ai/solver.h"
#include "ordo/movegen.h"
#include "ordo/notation.h"

namespace ordo {
namespace {

// Ordo X: Black has two pieces, b3 and c4. White's c3 takes b3 sideways (c2 and d3 keep it
// connected), then d3 takes c4 diagonally forward: the turn takes Black's last two pieces
// (rules section 5.5), while no single capture could.
constexpr const char* kTwoCaptures = "8/8/8/8/2b5/1bww4/2w5/8 w";
constexpr const char* kTwoCaptureTurn = "c3xb3,d3xc4";

TEST(WinsAtOnce, OrdoXTurnTakingTheLastTwoPiecesWins) {
  Position pos = Position::parse(kTwoCaptures, Variant::X);
  const Move turn = parse_move(pos, kTwoCaptureTurn);
  EXPECT_TRUE(may_win_at_once(pos, turn));
  EXPECT_TRUE(wins_at_once(pos, turn));
  EXPECT_EQ(pos.to_string(), Position::parse(kTwoCaptures, Variant::X).to_string())
      << "the position is left as it was";
}

// The search's own question (it drifted from the solver's and missed this win).
TEST(WinsAtOnce, SearchRulesFindTheTwoCaptureWin) {
  Position pos = Position::parse(kTwoCaptures, Variant::X);
  MoveList list;
  list.push_back(parse_move(pos, kTwoCaptureTurn));
  EXPECT_EQ(OrdoRules::find_win(pos, list), 0);
}

// Every legal turn: the filter lets every real win through (it is only a filter), and
// wins_at_once agrees with playing the turn.
TEST(WinsAtOnce, AgreesWithPlayingEveryTurn) {
  for (const auto& [text, variant] :
       {std::pair{kTwoCaptures, Variant::X}, std::pair{"6/6/6/2b3/1ww3 w", Variant::Classic},
        std::pair{"5b/6/1ww3/6/6 w", Variant::Classic}}) {
    Position pos = Position::parse(text, variant);
    MoveList legal;
    generate_legal(pos, legal);
    int wins = 0;
    for (const Move& m : legal) {
      Position after = pos;
      after.make(m);
      const bool won = after.decided_winner() == pos.side_to_move();
      EXPECT_EQ(wins_at_once(pos, m), won) << text << " " << format_move(pos, m);
      if (won) {
        EXPECT_TRUE(may_win_at_once(pos, m));
      }
      wins += won ? 1 : 0;
    }
    EXPECT_GT(wins, 0) << text << " has a win at once";
  }
}

// A single capture does not end the game while the opponent keeps another piece.
TEST(WinsAtOnce, OneCaptureOfTwoPiecesIsNoWin) {
  const Position pos = Position::parse("8/8/8/8/2b5/1bww4/2w5/8 w", Variant::Classic);
  MoveList legal;
  generate_legal(pos, legal);
  int captures = 0;
  for (const Move& m : legal) {
    if (!is_capture(m)) continue;
    ++captures;
    EXPECT_FALSE(may_win_at_once(pos, m)) << format_move(pos, m);
  }
  EXPECT_GT(captures, 0);
}

// The solver proves the two-capture turn a win in one, as before.
TEST(WinsAtOnce, SolverFindsTheTwoCaptureWin) {
  Solver solver(1);
  const SolveResult r =
      solver.solve(Position::parse(kTwoCaptures, Variant::X), {}, {.max_turns = 1});
  ASSERT_EQ(r.status, SolveStatus::Win);
  EXPECT_EQ(r.turns, 1);
}

}  // namespace
}  // namespace ordo
