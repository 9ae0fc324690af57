// Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system", 2013,
// the figures to the paper's own precision) and values worked by hand.
#include "server/storage/glicko2.h"

#include <gtest/gtest.h>

#include <array>

namespace ordo::server {
namespace {

TEST(Glicko2, ReproducesGlickmansWorkedExample) {
  const Glicko2Rating player{1500, 200, 0.06};
  const std::array<Glicko2Game, 3> games{{
      {{1400, 30, 0.06}, 1.0},
      {{1550, 100, 0.06}, 0.0},
      {{1700, 300, 0.06}, 0.0},
  }};
  const Glicko2Rating after = glicko2_update(player, games, 0.5);
  // The paper's Glicko-2 scale figures, to its four decimals: mu' = -0.2069,
  // phi' = 0.8722, sigma' = 0.05999.
  EXPECT_NEAR((after.rating - 1500) / 173.7178, -0.2069, 0.00005);
  EXPECT_NEAR(after.deviation / 173.7178, 0.8722, 0.00005);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
  // Its final figures, 1464.06 and 151.52, are converted from those rounded values; the
  // unrounded ones are 1464.05 and 151.52.
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.005);
}

TEST(Glicko2, APeriodWithoutGamesOnlyWidensTheDeviation) {
  // Step 6 alone: sqrt(200^2 + (0.06 * 173.7178)^2) = 200.27.
  const Glicko2Rating after = glicko2_update({1500, 200, 0.06}, {});
  EXPECT_DOUBLE_EQ(after.rating, 1500);
  EXPECT_NEAR(after.deviation, 200.27, 0.005);
  EXPECT_DOUBLE_EQ(after.volatility, 0.06);
  // Never past a new player's.
  EXPECT_DOUBLE_EQ(glicko2_update({1500, 350, 0.06}, {}).deviation, 350);
}

TEST(Glicko2, ADrawBetweenEqualsMovesNoRating) {
  const std::array<Glicko2Game, 1> draw{{{{1500, 350, 0.06}, 0.5}}};
  const Glicko2Rating after = glicko2_update({1500, 350, 0.06}, draw);
  EXPECT_NEAR(after.rating, 1500, 1e-9);
  EXPECT_LT(after.deviation, 350);
}

TEST(Glicko2, NewPlayersWinAndLoseSymmetrically) {
  const std::array<Glicko2Game, 1> win{{{{1500, 350, 0.06}, 1.0}}};
  const std::array<Glicko2Game, 1> loss{{{{1500, 350, 0.06}, 0.0}}};
  const Glicko2Rating winner = glicko2_update({1500, 350, 0.06}, win);
  const Glicko2Rating loser = glicko2_update({1500, 350, 0.06}, loss);
  // Worked with the paper's steps: 1662.31 and 1337.69, deviation 290.32.
  EXPECT_NEAR(winner.rating, 1662.31, 0.005);
  EXPECT_NEAR(loser.rating, 1337.69, 0.005);
  EXPECT_NEAR(winner.deviation, 290.32, 0.005);
  EXPECT_NEAR(loser.deviation, 290.32, 0.005);
}

// "1500?" on the pages: a new player's rating is provisional, and stops being so after a
// run of games against settled players, as the deviation falls below 110.
TEST(Glicko2, ARatingIsProvisionalUntilItsDeviationFallsBelow110) {
  Glicko2Rating player;
  EXPECT_TRUE(provisional(player.deviation));
  int games = 0;
  while (provisional(player.deviation) && games < 100) {
    const Glicko2Game game[] = {{{1500, 60, 0.06}, games % 2 ? 1.0 : 0.0}};
    player = glicko2_update(player, game);
    ++games;
  }
  EXPECT_FALSE(provisional(player.deviation));
  EXPECT_LE(player.deviation, kProvisionalDeviation);
  EXPECT_GT(games, 5) << "a handful of games leaves a rating uncertain";
  EXPECT_LT(games, 30);
}

}  // namespace
}  // namespace ordo::server
