// The bear-off database (src/mughrabieh/bearoff.h): its indexing, and its values against
// figures worked out by hand.
#include <gtest/gtest.h>

#include <set>

#include "mughrabieh/bearoff.h"

namespace mughrabieh {
namespace {

const BearoffDatabase& database() {
  static const BearoffDatabase db;
  return db;
}

TEST(MughrabiehBearoff, EveryPositionHasOneIndex) {
  std::set<HomeCounts> seen;
  for (int i = 0; i < kBearoffPositions; ++i) {
    const HomeCounts home = bearoff_position(i);
    int on = 0;
    for (const int c : home) on += c;
    ASSERT_LE(on, kPieces) << i;
    ASSERT_EQ(bearoff_index(home), i);
    seen.insert(home);
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(kBearoffPositions));
  EXPECT_THROW(bearoff_index(HomeCounts{15, 1, 0, 0, 0, 0}), std::invalid_argument);
}

TEST(MughrabiehBearoff, HandWorkedValues) {
  const BearoffDatabase& db = database();
  EXPECT_EQ(db.expected_turns(HomeCounts{}), 0);
  EXPECT_EQ(db.done_within(HomeCounts{}, 0), 1);
  // One or two pieces on the 1-point: any roll bears them off.
  EXPECT_NEAR(db.expected_turns(HomeCounts{1, 0, 0, 0, 0, 0}), 1, 1e-6);
  EXPECT_NEAR(db.expected_turns(HomeCounts{2, 0, 0, 0, 0, 0}), 1, 1e-6);
  // One piece on the 6-point: off at once with a total of 6 or more (27 of 36 rolls: 22
  // from eleven other rolls, five doubles from 2-2); else next turn.
  EXPECT_NEAR(db.done_within(HomeCounts{0, 0, 0, 0, 0, 1}, 1), 27.0 / 36, 1e-6);
  EXPECT_NEAR(db.expected_turns(HomeCounts{0, 0, 0, 0, 0, 1}), 1 + 9.0 / 36, 1e-6);
  // Three pieces on the 1-point: two a turn, four with a double.
  EXPECT_NEAR(db.expected_turns(HomeCounts{3, 0, 0, 0, 0, 0}), 1 + 30.0 / 36, 1e-6);
}

TEST(MughrabiehBearoff, MorePiecesNeverFinishSooner) {
  const BearoffDatabase& db = database();
  for (int i = 0; i < kBearoffPositions; i += 7) {
    HomeCounts home = bearoff_position(i);
    int on = 0;
    for (const int c : home) on += c;
    if (on == kPieces) continue;
    const double before = db.expected_turns(home);
    ++home[i % 6];
    EXPECT_GE(db.expected_turns(home) + 1e-5, before) << i;
  }
  EXPECT_GT(db.expected_turns(HomeCounts{0, 0, 0, 0, 0, 15}), 7);
}

TEST(MughrabiehBearoff, TheSideOnRollWinsAnEqualRaceMoreOften) {
  const BearoffDatabase& db = database();
  const HomeCounts one{1, 0, 0, 0, 0, 0};
  const HomeCounts many{3, 2, 2, 2, 2, 2};
  EXPECT_NEAR(db.win_probability(one, many), 1, 1e-6);
  EXPECT_GT(db.win_probability(many, many), 0.5);
  EXPECT_LT(db.win_probability(many, many), 1);
  EXPECT_NEAR(db.win_probability(many, one), 0, 1e-6);
}

}  // namespace
}  // namespace mughrabieh
