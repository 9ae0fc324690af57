// The slow tier's test of the server's dice (docs/api.md, "Dice players can check"): over
// a million rolls derived as the server derives them (1,000 seeds, 1,000 steps each), the
// 21 rolls of two dice come as often as their probabilities say (a double 1/36, any other
// roll 1/18), by a chi-square test; and the 36 values of the index under them alike.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "engine/any_game.h"
#include "server/common/fair_dice.h"
#include "server/games/server_dice.h"

namespace ordo::server {
namespace {

// A seed of 64 hex digits for each number: the derivation's input, as a stored seed is.
std::string seed_number(int i) {
  char text[65];
  std::snprintf(text, sizeof text, "%064x", i * 2654435761u);
  return text;
}

// The upper 0.1% points of chi-square: with 20 degrees of freedom (21 rolls) 45.315, with
// 35 (36 values) 66.619 (standard tables). The seeds are fixed, so the test is repeatable.
constexpr double kChiSquare20 = 45.315;
constexpr double kChiSquare35 = 66.619;

TEST(FairDiceStats, AMillionRollsFitTheTwentyOneProbabilities) {
  const auto outcomes = games::make_game({"mughrabieh", {}})->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 21u);
  constexpr int kSeeds = 1000, kSteps = 1000;
  std::map<std::string, long> rolls;
  std::vector<long> values(36, 0);
  for (int s = 0; s < kSeeds; ++s) {
    const std::string seed = seed_number(s + 1);
    for (int ply = 0; ply < kSteps; ++ply) {
      ++rolls[derived_outcome(seed, ply, outcomes)];
      ++values[fair_index(seed, ply, 36)];
    }
  }
  const double total = double(kSeeds) * kSteps;
  double chi_rolls = 0;
  for (const games::ChanceOutcome& o : outcomes) {
    const double expected = total * (o.text[0] == o.text[1] ? 1.0 / 36 : 1.0 / 18);
    const double d = rolls[o.text] - expected;
    chi_rolls += d * d / expected;
  }
  double chi_values = 0;
  for (long count : values) {
    const double d = count - total / 36;
    chi_values += d * d / (total / 36);
  }
  std::printf("chi-square: 21 rolls %.2f (20 df), 36 values %.2f (35 df)\n", chi_rolls, chi_values);
  EXPECT_LT(chi_rolls, kChiSquare20);
  EXPECT_LT(chi_values, kChiSquare35);
  EXPECT_EQ(rolls.size(), 21u);
}

}  // namespace
}  // namespace ordo::server
