// The game clock (server/common/chess_clock.h): time charged to the side whose turn runs,
// the increment after a move, and a delay that leaves each turn's first seconds free.
#include "server/common/chess_clock.h"

#include <gtest/gtest.h>

namespace ordo::server {
namespace {

TEST(ChessClock, ChargesTheRunningSideAndAddsTheIncrementAfterAMove) {
  ChessClock clock(60000, 2000);
  clock.start(0, 1000);
  EXPECT_EQ(clock.left_ms(0, 4000), 57000);
  EXPECT_EQ(clock.left_ms(1, 4000), 60000);
  EXPECT_EQ(clock.press(0, 4000), 59000);  // 3 s used, 2 s added
  EXPECT_EQ(clock.running(), 1);
  EXPECT_EQ(clock.falls_at(), 4000 + 60000);
  EXPECT_FALSE(clock.flagged(63999).has_value());
  EXPECT_EQ(clock.flagged(64000), 1);
}

TEST(ChessClock, ADelayLeavesEachTurnsFirstSecondsFree) {
  ChessClock clock(60000, 0, ChessClock::Kind::Total, 5000);
  EXPECT_EQ(clock.delay_ms(), 5000);
  EXPECT_EQ(clock.delay_left_ms(0), 0);  // no turn runs
  clock.start(0, 10000);
  EXPECT_EQ(clock.delay_left_ms(12000), 3000);
  EXPECT_EQ(clock.left_ms(0, 14000), 60000);  // within the delay: nothing charged
  EXPECT_EQ(clock.left_ms(0, 18000), 57000);  // 8 s passed, 3 s charged
  EXPECT_EQ(clock.delay_left_ms(18000), 0);
  EXPECT_EQ(clock.press(0, 13000), 60000);  // a move within the delay costs nothing
  EXPECT_EQ(clock.press(1, 20000), 58000);  // 7 s, of which 5 free
  // White's turn began at 20000: it falls after the delay and its whole time.
  EXPECT_EQ(clock.falls_at(), 20000 + 5000 + 60000);
  EXPECT_FALSE(clock.flagged(84999).has_value());
  EXPECT_EQ(clock.flagged(85000), 0);
  clock.stop(30000);
  EXPECT_EQ(clock.left_ms(0, 90000), 55000);  // stopped: 10 s, 5 free
  EXPECT_EQ(clock.falls_at(), 0);
}

}  // namespace
}  // namespace ordo::server
