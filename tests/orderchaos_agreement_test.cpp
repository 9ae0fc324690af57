// The fast Order and Chaos core against the plain reference (tests/reference), over random
// games of both rule versions: legal moves, outcomes, hashes, position strings, undo and
// perft.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "orderchaos/movegen.h"
#include "orderchaos/notation.h"
#include "orderchaos/perft.h"
#include "orderchaos/position.h"
#include "reference/reference_orderchaos.h"
#include "support/scale.h"
#include "util/random.h"

namespace orderchaos {
namespace {

std::string outcome_name(Outcome o) {
  switch (o) {
    case Outcome::OrderWins:
      return "order wins";
    case Outcome::ChaosWins:
      return "chaos wins";
    case Outcome::Ongoing:
      break;
  }
  return "ongoing";
}

std::vector<std::string> fast_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<std::string> moves;
  for (const Move m : list) moves.push_back(format_move(m));
  std::sort(moves.begin(), moves.end());
  return moves;
}

class OrderChaosAgreement : public ::testing::TestWithParam<RuleVersion> {};

TEST_P(OrderChaosAgreement, RandomGamesAgreeMoveByMove) {
  const RuleVersion version = GetParam();
  const bool exact = version == RuleVersion::ExactFive;
  common::SplitMix64 rng(2026);
  int order_wins = 0, chaos_wins = 0;
  for (int game = 0; game < ordo::testing::scaled(400); ++game) {
    Position pos = Position::start(version);
    reference_oc::Board ref = reference_oc::empty_board(exact);
    std::vector<Move> played;
    while (true) {
      const auto moves = fast_moves(pos);
      ASSERT_EQ(moves, reference_oc::legal_moves(ref)) << pos.to_string();
      ASSERT_EQ(outcome_name(pos.outcome()), reference_oc::outcome(ref)) << pos.to_string();
      ASSERT_EQ(Position::parse(pos.to_string(), version), pos);
      ASSERT_EQ(Position::parse(pos.to_string(), version).hash(), pos.hash());
      if (moves.empty()) break;
      const std::string& text = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
      const Move move = parse_move(pos, text);
      pos.play(move);
      reference_oc::play(ref, text);
      played.push_back(move);
    }
    (pos.outcome() == Outcome::OrderWins ? order_wins : chaos_wins)++;
    const Position end = pos;
    for (auto it = played.rbegin(); it != played.rend(); ++it) pos.undo(*it);
    EXPECT_EQ(pos, Position::start(version));
    EXPECT_EQ(pos.hash(), Position::start(version).hash());
    EXPECT_NE(end.hash(), pos.hash());
  }
  // Random games end both ways, so both outcomes were compared above.
  EXPECT_GT(order_wins, 0);
  EXPECT_GT(chaos_wins, 0);
}

TEST_P(OrderChaosAgreement, PerftAgreesWithTheReference) {
  const RuleVersion version = GetParam();
  const bool exact = version == RuleVersion::ExactFive;
  common::SplitMix64 rng(77);
  // From the empty board and from random positions late in a game, where lines form.
  for (int sample = 0; sample < 6; ++sample) {
    Position pos = Position::start(version);
    const int plies = sample == 0 ? 0 : 20 + 2 * sample;
    for (int i = 0; i < plies && !pos.over(); ++i) {
      MoveList list;
      generate_legal(pos, list);
      pos.play(list.moves[rng.below(static_cast<std::uint32_t>(list.size))]);
    }
    const auto ref = reference_oc::from_string(pos.to_string(), exact);
    const int depth = plies == 0 ? 2 : 3;
    EXPECT_EQ(perft(pos, depth), reference_oc::perft(ref, depth)) << pos.to_string();
  }
}

TEST_P(OrderChaosAgreement, RandomPlayoutsFollowTheRules) {
  const RuleVersion version = GetParam();
  common::SplitMix64 rng(5);
  for (int game = 0; game < 1000; ++game) {
    const PlayoutResult r = random_playout(Position::start(version), rng);
    ASSERT_NE(r.outcome, Outcome::Ongoing);
    ASSERT_GE(r.plies, 5);   // five of one symbol, whoever places them
    ASSERT_LE(r.plies, 36);  // the board is full after 36
    if (r.outcome == Outcome::ChaosWins) {
      ASSERT_EQ(r.plies, 36);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(BothVersions, OrderChaosAgreement,
                         ::testing::Values(RuleVersion::Original, RuleVersion::ExactFive),
                         [](const auto& param_info) {
                           return param_info.param == RuleVersion::Original ? "Original"
                                                                            : "ExactFive";
                         });

TEST(OrderChaosReference, HandPositionsAgree) {
  EXPECT_EQ(reference_oc::outcome(reference_oc::from_string(
                "xoooxo/oxoxox/oooxxx/xoxooo/xxxooo/ooxxxo chaos", false)),
            "chaos wins");
  EXPECT_EQ(reference_oc::outcome(reference_oc::from_string("xxx1xx/6/6/6/6/6 order", true)),
            "ongoing");
  EXPECT_EQ(reference_oc::outcome(reference_oc::from_string("xxxxxx/6/6/6/6/6 order", false)),
            "order wins");
  EXPECT_EQ(reference_oc::outcome(reference_oc::from_string("xxxxxx/6/6/6/6/6 order", true)),
            "ongoing");
}

}  // namespace
}  // namespace orderchaos
