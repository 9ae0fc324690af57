// Quiescence's move generator for Classic: the captures and the moves onto the opponent's
// home row, checked on a hand-made position and against filtering every legal move.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "support/random_positions.h"

namespace ordo {
namespace {

bool lands_on_goal(const Position& pos, const Move& m) {
  const Step& s = m.last();
  const Bitboard landing = shift_by(pos.moved_squares(s), s.to - s.from);
  return (landing & pos.geometry().home_row(opponent(pos.side_to_move()))) != 0;
}

std::vector<std::string> sorted_names(const Position& pos, const MoveList& list) {
  std::vector<std::string> names;
  for (const Move& m : list) names.push_back(format_move(pos, m));
  std::sort(names.begin(), names.end());
  return names;
}

// The reference: every legal move, filtered.
std::vector<std::string> forcing_by_filter(const Position& pos) {
  auto all = std::make_unique<MoveList>();
  generate_legal(pos, *all);
  auto kept = std::make_unique<MoveList>();
  for (const Move& m : *all)
    if (m.first().capture || lands_on_goal(pos, m)) kept->push_back(m);
  return sorted_names(pos, *kept);
}

std::vector<std::string> forcing(const Position& pos) {
  auto list = std::make_unique<MoveList>();
  generate_forcing(pos, *list);
  return sorted_names(pos, *list);
}

TEST(ForcingMoves, TheMovesOntoTheHomeRowAndTheCaptureButNoOtherQuietMove) {
  // White b7 c7 d7 c6, Black b6 a3. Every White move but c6-d6 and c6-e6 lands on rank 8
  // (singletons and two ordos) or captures (c6xb6).
  const Position pos = Position::parse("8/1www4/1bw5/8/8/b7/8/8 w", Variant::Classic);
  const std::vector<std::string> expected = {"b7-b8", "b7-c8", "b7:c7-b8", "c6xb6", "c7-b8",
                                             "c7-c8", "c7-d8", "c7:d7-c8", "d7-c8", "d7-d8"};
  EXPECT_EQ(forcing(pos), expected);
  EXPECT_EQ(forcing_by_filter(pos), expected);
}

TEST(ForcingMoves, ClassicOnly) {
  auto list = std::make_unique<MoveList>();
  EXPECT_THROW(generate_forcing(Position::start(Variant::X, 10, 8), *list), std::invalid_argument);
}

TEST(ForcingMoves, MatchEveryLegalMoveFilteredOnRandomPositions) {
  std::mt19937_64 rng(20261126);
  int captures = 0, goal_ordos = 0;
  for (int i = 0; i < 1500; ++i) {
    const Position pos = i % 2 ? testing::random_game_position(rng, Variant::Classic, 100)
                               : testing::random_placement(rng, Variant::Classic);
    const std::vector<std::string> expected = forcing_by_filter(pos);
    ASSERT_EQ(forcing(pos), expected) << pos.to_string();
    for (const std::string& name : expected) {
      captures += name.find('x') != std::string::npos;
      goal_ordos += name.find(':') != std::string::npos;
    }
  }
  // The sample holds both kinds, not only quiet positions.
  EXPECT_GT(captures, 1000);
  EXPECT_GT(goal_ordos, 5);
}

// The search orders the captures of either list by the same keys, ties by list position:
// in the same order in both, its captures stage searches them as the full list would.
std::vector<std::string> captures_in_order(const Position& pos, bool forcing_only) {
  auto list = std::make_unique<MoveList>();
  if (forcing_only) {
    generate_forcing(pos, *list);
  } else {
    generate_legal(pos, *list);
  }
  std::vector<std::string> names;
  for (const Move& m : *list)
    if (m.first().capture) names.push_back(format_move(pos, m));
  return names;
}

TEST(ForcingMoves, CapturesComeInTheOrderOfEveryLegalMove) {
  std::mt19937_64 rng(20261127);
  for (int i = 0; i < 1500; ++i) {
    const Position pos = i % 2 ? testing::random_game_position(rng, Variant::Classic, 100)
                               : testing::random_placement(rng, Variant::Classic);
    ASSERT_EQ(captures_in_order(pos, true), captures_in_order(pos, false)) << pos.to_string();
  }
}

}  // namespace
}  // namespace ordo
