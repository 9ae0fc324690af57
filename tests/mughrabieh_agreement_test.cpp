// The fast core against the slow reference generator (tests/reference/mughrabieh_reference),
// written from the rules text with no shared code: for seeded random positions of every
// phase (the start, a lone runner with the rest held by the first-piece rule, spread
// pieces, bearing off) and the 21 rolls, under both rule sets, the same number of step
// sequences and the same set of resulting positions.
#include <gtest/gtest.h>

#include <memory>
#include <numeric>
#include <set>
#include <string>

#include "mughrabieh/playout.h"
#include "mughrabieh/position.h"
#include "mughrabieh/turns.h"
#include "reference/mughrabieh_reference.h"

namespace mughrabieh {
namespace {

// One side's pieces in its own indices, by phase.
std::array<int, kPoints> random_side(common::SplitMix64& rng, std::uint32_t forbidden) {
  std::array<int, kPoints> counts{};
  const auto free_point = [&](int low, int high) {
    for (int tries = 0; tries < 50; ++tries) {
      const int i = low + static_cast<int>(rng.below(static_cast<std::uint32_t>(high - low + 1)));
      if (!(forbidden & (1u << i))) return i;
    }
    return -1;
  };
  switch (rng.below(4)) {
    case 0:  // the start, or a lone runner
      counts[0] = 14;
      if (const int i = free_point(1, 23); i >= 0)
        counts[i] = 1;
      else
        counts[0] = 15;
      break;
    case 1: {  // spread over a few points, one at least in the final six
      const int home = free_point(kHomeFirst, kPoints - 1);
      if (home < 0) return random_side(rng, forbidden);
      counts[home] = 1;
      const int points = 1 + static_cast<int>(rng.below(6));
      int chosen[6];
      for (int p = 0; p < points; ++p) chosen[p] = free_point(0, kPoints - 1);
      for (int piece = 1; piece < kPieces; ++piece) {
        const int i = chosen[rng.below(static_cast<std::uint32_t>(points))];
        if (i >= 0)
          ++counts[i];
        else
          ++counts[home];
      }
      break;
    }
    default: {  // bearing off: all in the final six, some borne off
      const int on = 1 + static_cast<int>(rng.below(kPieces));
      for (int piece = 0; piece < on; ++piece) {
        const int i = free_point(kHomeFirst, kPoints - 1);
        if (i >= 0) ++counts[i];
      }
      if (std::accumulate(counts.begin(), counts.end(), 0) == 0) return random_side(rng, forbidden);
      break;
    }
  }
  return counts;
}

std::string side_text(const std::array<int, kPoints>& counts) {
  std::string out;
  for (int i = 0; i < kPoints; ++i) {
    if (!counts[i]) continue;
    if (!out.empty()) out += ',';
    out += std::to_string(kPoints - i);
    if (counts[i] > 1) out += 'x' + std::to_string(counts[i]);
  }
  return out.empty() ? "-" : out;
}

// A valid random position (a chance node), built or reached by random play.
Position random_position(common::SplitMix64& rng, RuleSet rules, TurnList& list) {
  if (rng.below(3) == 0) {
    Position pos = Position::start(rules);
    const int turns = static_cast<int>(rng.below(120));
    for (int t = 0; t < turns && !pos.over(); ++t) {
      pos.set_roll(random_roll(rng));
      pos.play(random_turn(pos, list, Uniform::Positions, rng));
    }
    if (!pos.over()) return pos;
  }
  while (true) {
    const auto white = random_side(rng, 0);
    std::uint32_t taken = 0;  // White's points in Black's indices
    for (int i = 0; i < kPoints; ++i)
      if (white[i]) taken |= 1u << (kPoints - 1 - i);
    const auto black = random_side(rng, taken);
    const std::string text =
        side_text(white) + '/' + side_text(black) + (rng.below(2) ? " w -" : " b -");
    try {
      Position pos = Position::parse(text, rules);
      if (!pos.over()) return pos;
    } catch (const PositionError&) {
    }
  }
}

void check_agreement(int positions, std::uint64_t seed) {
  auto list = std::make_unique<TurnList>();
  auto scratch = std::make_unique<TurnList>();
  common::SplitMix64 rng(seed);
  int checked = 0;
  int with_bear_off = 0;
  int with_pass = 0;
  for (int n = 0; n < positions; ++n) {
    const RuleSet rules = n % 2 ? RuleSet::Ludii : RuleSet::House;
    Position pos = random_position(rng, rules, *scratch);
    const auto board = reference_mughrabieh::from_string(pos.to_string(), rules == RuleSet::Ludii);
    for (const ChanceOutcome& outcome : chance_outcomes()) {
      pos.set_roll(outcome.roll);
      generate_turns(pos, *list);
      const auto expected = reference_mughrabieh::turns(board, outcome.roll.high, outcome.roll.low);
      std::set<std::string> ends;
      for (const Turn& turn : *list) {
        Position next = pos;
        next.play(turn);
        const std::string text = next.to_string();
        ends.insert(text.substr(0, text.find(' ')));
        if (next.off(pos.to_move()) > pos.off(pos.to_move())) ++with_bear_off;
        if (turn.size == 0) ++with_pass;
      }
      ASSERT_EQ(ends, expected.ends()) << pos.to_string() << " (" << rule_set_name(rules) << ")";
      ASSERT_EQ(ends.size(), static_cast<std::size_t>(list->size)) << pos.to_string();
      ASSERT_EQ(list->sequences, expected.sequences)
          << pos.to_string() << " (" << rule_set_name(rules) << ")";
      pos.clear_roll();
      ++checked;
    }
  }
  EXPECT_EQ(checked, positions * kRolls);
  EXPECT_GT(with_bear_off, 0);
  EXPECT_GT(with_pass, 0);
}

TEST(MughrabiehAgreement, RandomPositionsEveryRollQuick) {
  check_agreement(150, 1);
}

TEST(MughrabiehAgreement, ThousandsOfRandomPositionsEveryRoll) {
  check_agreement(3000, 2);
}

TEST(MughrabiehAgreement, HandPositionsOfEachRule) {
  // Blocked runners, the first-piece rule part way through a turn, bearing off with larger
  // numbers (also past a blocked piece, where the rule sets differ), doubles.
  for (const char* text :
       {"24x14,13/24x14,18 w -", "24x14,8/24x15 w -", "8,6x14/24x15 w -", "5,2x14/24x15 w -",
        "24x14,13/24x14,19 w -", "3x2,1x13/6x15 w -", "24x13,6,4/24x14,20 b -"}) {
    for (const RuleSet rules : {RuleSet::House, RuleSet::Ludii}) {
      Position pos = Position::parse(text, rules);
      const auto board = reference_mughrabieh::from_string(text, rules == RuleSet::Ludii);
      auto list = std::make_unique<TurnList>();
      for (const ChanceOutcome& outcome : chance_outcomes()) {
        pos.set_roll(outcome.roll);
        generate_turns(pos, *list);
        const auto expected =
            reference_mughrabieh::turns(board, outcome.roll.high, outcome.roll.low);
        EXPECT_EQ(static_cast<std::size_t>(list->size), expected.end_positions.size()) << text;
        EXPECT_EQ(list->sequences, expected.sequences) << text;
        pos.clear_roll();
      }
    }
  }
}

}  // namespace
}  // namespace mughrabieh
