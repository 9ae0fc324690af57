// Mughrabieh's AI (src/mughrabieh/ai): its choices are legal and complete, its equities
// bounded, it takes a win and a forced turn, agrees with the bear-off database in the pure
// race, repeats itself for a seed, and beats random play by a margin luck cannot give.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <vector>

#include "mughrabieh/ai/evaluation.h"
#include "mughrabieh/ai/mughrabieh_player.h"
#include "mughrabieh/ai/opponents.h"
#include "mughrabieh/ai/td_training.h"
#include "mughrabieh/playout.h"

namespace mughrabieh::ai {
namespace {

// Decision nodes met in random games from the start, every `every`-th turn.
std::vector<Position> random_positions(int games, int every, std::uint64_t seed,
                                       RuleSet rules = RuleSet::House) {
  auto list = std::make_unique<TurnList>();
  common::SplitMix64 rng(seed);
  std::vector<Position> out;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start(rules);
    for (int t = 0; !pos.over(); ++t) {
      pos.set_roll(random_roll(rng));
      if (t % every == every - 1) out.push_back(pos);
      pos.play(random_turn(pos, *list, Uniform::Positions, rng));
    }
  }
  return out;
}

std::uint64_t board_after(Position pos, const Turn& turn) {
  pos.play(turn);
  return pos.board_hash();
}

HomeCounts home_of(const Position& pos, Side s) {
  HomeCounts home{};
  for (int k = 0; k < 6; ++k) home[k] = static_cast<std::uint8_t>(pos.count(s, kPoints - 1 - k));
  return home;
}

TEST(MughrabiehAi, RanksEveryDistinctLegalTurnOnce) {
  auto list = std::make_unique<TurnList>();
  for (const RuleSet rules : {RuleSet::House, RuleSet::Ludii}) {
    for (Position pos : random_positions(3, 9, 7, rules)) {
      generate_distinct_turns(pos, *list);
      std::set<std::uint64_t> legal;
      for (const Turn& t : *list) legal.insert(board_after(pos, t));
      for (const int level : {1, 6, 8}) {
        const TurnChoice choice = choose_turn(pos, SearchLimits{level, 0, 0, 3});
        ASSERT_EQ(choice.ranked.size(), legal.size()) << pos.to_string();
        std::set<std::uint64_t> ranked;
        for (const RankedTurn& r : choice.ranked) {
          ASSERT_TRUE(r.turn.roll == *pos.roll()) << pos.to_string();
          ranked.insert(board_after(pos, r.turn));
        }
        EXPECT_EQ(ranked, legal) << pos.to_string() << " level " << level;
      }
    }
  }
}

TEST(MughrabiehAi, EquitiesLieWithinTheirBounds) {
  for (Position pos : random_positions(4, 3, 11)) {
    const double e = evaluate(pos);
    ASSERT_GE(e, -1.0);
    ASSERT_LE(e, 1.0);
    const TurnChoice choice = choose_turn(pos, SearchLimits{8, 0, 0, 1});
    for (const RankedTurn& r : choice.ranked) {
      ASSERT_GE(r.equity, -1.0) << pos.to_string();
      ASSERT_LE(r.equity, 1.0) << pos.to_string();
    }
  }
  // A game over is lost for the side to move (the winner has just moved).
  Position won = Position::parse("1/6x15 w 11");
  won.play(Turn{make_roll(1, 1), 1, {Step{23, 1}}});
  ASSERT_TRUE(won.over());
  EXPECT_EQ(evaluate(won), -1.0);
}

TEST(MughrabiehAi, TakesTheTurnThatBearsOffTheLastPieces) {
  // 65 with pieces on the 6- and 5-points: only 6/off 5/off wins now; the other turn
  // leaves a piece, and Black bears off its last two with any roll.
  const Position pos = Position::parse("6,5/1x2 w 65");
  for (const int level : {6, 7, 10}) {
    const TurnChoice choice = choose_turn(pos, SearchLimits{level, 0, 0, 1});
    ASSERT_GT(choice.ranked.size(), 1u);
    Position after = pos;
    after.play(choice.ranked.front().turn);
    EXPECT_TRUE(after.over()) << "level " << level;
    EXPECT_EQ(choice.ranked.front().equity, 1.0);
    EXPECT_LT(choice.ranked[1].equity, 0.0);
  }
}

TEST(MughrabiehAi, ReturnsTheOnlyLegalTurn) {
  auto list = std::make_unique<TurnList>();
  int checked = 0;
  for (Position pos : random_positions(20, 1, 5)) {
    generate_distinct_turns(pos, *list);
    if (list->size != 1) continue;
    const TurnChoice choice = choose_turn(pos, SearchLimits{10, 0, 0, 1});
    ASSERT_EQ(choice.ranked.size(), 1u);
    EXPECT_EQ(choice.depth, 0);  // nothing to search
    EXPECT_EQ(board_after(pos, choice.ranked.front().turn), board_after(pos, list->turns[0]));
    ++checked;
  }
  EXPECT_GT(checked, 10);  // passes and forced turns are common enough
}

TEST(MughrabiehAi, PureRaceRankingFollowsTheBearoffDatabase) {
  // Random bear-offs of both sides (each home with 8 to 15 pieces) against each other.
  const BearoffDatabase& db = bearoff_database();
  common::SplitMix64 rng(17);
  auto list = std::make_unique<TurnList>();
  int compared = 0;
  for (int n = 0; n < 40; ++n) {
    Position::Counts counts{};
    for (int s = 0; s < 2; ++s) {
      const int pieces = 8 + static_cast<int>(rng.below(8));
      for (int k = 0; k < pieces; ++k) ++counts[s][kHomeFirst + rng.below(6)];
    }
    Position pos = Position::from_counts(counts, Side::White);
    pos.set_roll(random_roll(rng));
    const TurnChoice choice = choose_turn(pos, SearchLimits{6, 0, 0, 1});
    std::vector<double> expected;  // the mover's expected turns left after each ranked turn
    for (const RankedTurn& r : choice.ranked) {
      Position after = pos;
      after.play(r.turn);
      expected.push_back(after.over() ? 0.0 : db.expected_turns(home_of(after, Side::White)));
    }
    // The best turn leaves (within rounding) the fewest expected turns, and any two turns
    // whose expected turns differ by a quarter of a turn (win chances, not expected turns, rank
    // them, so near ties may part) are ranked in that order.
    EXPECT_LE(expected.front(), *std::min_element(expected.begin(), expected.end()) + 0.02)
        << pos.to_string();
    for (std::size_t i = 0; i < expected.size(); ++i)
      for (std::size_t j = i + 1; j < expected.size(); ++j) {
        EXPECT_LE(expected[i], expected[j] + 0.25) << pos.to_string();
        ++compared;
      }
  }
  EXPECT_GT(compared, 100);
}

TEST(MughrabiehAi, TheSameSeedPlaysTheSameTurns) {
  const std::vector<Position> positions = random_positions(2, 4, 23);
  int differs = 0;
  for (const Position& pos : positions) {
    for (const int level : {2, 8}) {
      const TurnChoice a = choose_turn(pos, SearchLimits{level, 0, 0, 42});
      const TurnChoice b = choose_turn(pos, SearchLimits{level, 0, 0, 42});
      ASSERT_EQ(a.ranked.size(), b.ranked.size());
      for (std::size_t i = 0; i < a.ranked.size(); ++i)
        ASSERT_TRUE(a.ranked[i].turn == b.ranked[i].turn) << pos.to_string();
      EXPECT_EQ(a.nodes, b.nodes);
    }
    const TurnChoice other = choose_turn(pos, SearchLimits{2, 0, 0, 43});
    const TurnChoice first = choose_turn(pos, SearchLimits{2, 0, 0, 42});
    if (!(other.ranked.front().turn == first.ranked.front().turn)) ++differs;
  }
  EXPECT_GT(differs, 0) << "level 2's noise should follow its seed";
}

TEST(MughrabiehAi, LimitsStopTheSearchAtACompletedDepth) {
  for (const Position& pos : random_positions(1, 5, 29)) {
    const TurnChoice full = choose_turn(pos, SearchLimits{10, 0, 0, 1});
    const TurnChoice cut = choose_turn(pos, SearchLimits{10, 50, 0, 1});
    EXPECT_LE(cut.depth, full.depth);
    EXPECT_EQ(cut.ranked.size(), full.ranked.size());
    const std::atomic<bool> stop{true};
    EXPECT_EQ(choose_turn(pos, SearchLimits{10, 0, 0, 1}, &stop).depth, 0);
  }
}

TEST(MughrabiehAi, TrainingIsRepeatableForASeed) {
  TrainingOptions options;
  options.games = 30;
  const Weights a = train_td(options), b = train_td(options);
  EXPECT_EQ(a.contact, b.contact);
  EXPECT_EQ(a.race, b.race);
  EXPECT_NE(a.contact, Weights{}.contact);  // it learnt something
}

TEST(MughrabiehAi, TopLevelBeatsRandomPlay) {
  // Six dice sequences, each played with both sides: a player no better than random play
  // wins 11 or more of 12 games 13 times in 4,096.
  const PairResult r =
      play_mirrored({Opponent::Kind::Level, 10}, {Opponent::Kind::Random, 0}, 6, 3);
  EXPECT_EQ(r.games, 12);
  EXPECT_GE(r.first_wins, 11);
}

}  // namespace
}  // namespace mughrabieh::ai
