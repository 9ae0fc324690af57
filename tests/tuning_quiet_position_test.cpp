// Quiet positions for the fit (`tune records --quiet`): positions written out by hand, and
// the filter checked over random games against every legal move of both sides.
#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "ordo/game.h"
#include "ordo/movegen.h"
#include "ordo/position.h"
#include "ordo/tuning/quiet_position.h"

namespace ordo {
namespace {

bool quiet(const char* text, Variant variant = Variant::Classic) {
  const auto scratch = std::make_unique<MoveList>();
  return is_quiet_position(Position::parse(text, variant), *scratch);
}

TEST(QuietPosition, TheStartIsQuiet) {
  const auto scratch = std::make_unique<MoveList>();
  EXPECT_TRUE(is_quiet_position(Position::start(Variant::Classic, 8, 8), *scratch));
  EXPECT_TRUE(is_quiet_position(Position::start(Variant::Classic), *scratch));
  EXPECT_TRUE(is_quiet_position(Position::start(Variant::X), *scratch));
}

TEST(QuietPosition, TwoPairsFacingEachOtherAreQuietForEitherSide) {
  // Neither pair can pass the other, and a lone runner would leave its partner behind.
  EXPECT_TRUE(quiet("8/8/3bb3/8/3ww3/8/8/8 w"));
  EXPECT_TRUE(quiet("8/8/3bb3/8/3ww3/8/8/8 b"));
}

TEST(QuietPosition, ASideThatCanWinAtOnceIsNotQuiet) {
  // d7-d8 (and e7-e8) keeps White's pair connected and reaches Black's home row.
  EXPECT_FALSE(quiet("bb6/3ww3/8/8/8/8/8/8 w"));
  // Black's pair on its own row slides down the open a- and b-files as an ordo.
  EXPECT_FALSE(quiet("bb6/8/8/8/8/8/8/3ww3 b"));
}

TEST(QuietPosition, ASideWhoseOpponentCouldWinAtOnceIsNotQuiet) {
  // Black (to move) has no winning move; White threatens d7-d8.
  EXPECT_FALSE(quiet("b7/b2ww3/8/8/8/8/8/8 b"));
}

TEST(QuietPosition, ASplitSideToMoveIsNotQuiet) {
  EXPECT_FALSE(quiet("8/8/3bb3/8/3w1w2/8/8/8 w"));
}

// Whether the side to move of `pos` has a legal move that decides the game for it, found
// by playing every legal move.
bool wins_with_some_move(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  for (const Move& m : moves) {
    Position after = pos;
    after.make(m);
    if (after.decided_winner() == pos.side_to_move()) return true;
  }
  return false;
}

TEST(QuietPosition, AgreesWithEveryLegalMoveOfBothSidesOverRandomGames) {
  std::mt19937_64 rng(20261128);
  const auto scratch = std::make_unique<MoveList>();
  int quiet_seen = 0, not_quiet_seen = 0;
  // Mostly Classic; a few Ordo X games (thousands of turns a position) as well.
  for (int g = 0; g < 34; ++g) {
    const Variant variant = g < 30 ? Variant::Classic : Variant::X;
    Game game(Position::start(variant, g % 2 ? 8 : 10, 8));
    while (!game.result().over()) {
      const Position& pos = game.position();
      Position theirs = pos;
      theirs.pass_turn();
      const bool expected = pos.is_connected(pos.side_to_move()) && !wins_with_some_move(pos) &&
                            !wins_with_some_move(theirs);
      ASSERT_EQ(is_quiet_position(pos, *scratch), expected) << pos.to_string();
      (expected ? quiet_seen : not_quiet_seen)++;
      MoveList moves;
      game.legal_moves(moves);
      game.play(moves[rng() % moves.size()]);
    }
  }
  // Both kinds came up, so the comparison above tested each answer.
  EXPECT_GT(quiet_seen, 100);
  EXPECT_GT(not_quiet_seen, 100);
}

}  // namespace
}  // namespace ordo
