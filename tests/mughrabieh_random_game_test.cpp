// Random Mughrabieh games with undo: at every turn the incremental hash, pips and masks
// against a position read back from its string, every legal turn written and read back
// and played and taken back, and the whole game undone to its start.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "mughrabieh/game.h"
#include "mughrabieh/notation.h"
#include "mughrabieh/playout.h"
#include "mughrabieh/sequences.h"

namespace mughrabieh {
namespace {

void check_position(const Position& pos) {
  const Position read = Position::parse(pos.to_string(), pos.rules());
  ASSERT_EQ(read, pos) << pos.to_string();
  ASSERT_EQ(read.hash(), pos.hash()) << pos.to_string();
  ASSERT_EQ(read.board_hash(), pos.board_hash()) << pos.to_string();
  for (const Side s : {Side::White, Side::Black}) {
    ASSERT_EQ(read.pips(s), pos.pips(s)) << pos.to_string();
    ASSERT_EQ(read.occupied(s), pos.occupied(s)) << pos.to_string();
    ASSERT_EQ(read.blocked(s), pos.blocked(s)) << pos.to_string();
    ASSERT_EQ(read.off(s), pos.off(s)) << pos.to_string();
  }
}

void play_random_games(int games, std::uint64_t seed) {
  auto list = std::make_unique<TurnList>();
  auto distinct = std::make_unique<TurnList>();
  auto groups = std::make_unique<TurnGroups>();
  std::array<int, 2> grouped{};  // positions the groups were checked on, by rule set
  common::SplitMix64 rng(seed);
  for (int g = 0; g < games; ++g) {
    const RuleSet rules = g % 2 ? RuleSet::Ludii : RuleSet::House;
    const Uniform uniform = g % 4 < 2 ? Uniform::Positions : Uniform::Sequences;
    Game game(Position::start(rules, g % 3 ? Side::White : Side::Black));
    std::vector<Position> before;
    while (!game.result().over()) {
      check_position(game.position());
      game.roll(random_roll(rng));
      Position pos = game.position();
      check_position(pos);
      generate_turns(pos, *list);
      // The fast distinct generator finds the same turns.
      generate_distinct_turns(pos, *distinct);
      ASSERT_EQ(distinct->size, list->size) << pos.to_string();
      std::set<std::uint64_t> all(list->board_hash.begin(), list->board_hash.begin() + list->size);
      std::set<std::uint64_t> fast;
      for (int i = 0; i < distinct->size; ++i) {
        Position after = pos;
        for (const Step step : distinct->turns[i]) after.apply_step(step);
        fast.insert(after.board_hash());
        const std::uint64_t kept = distinct->board_hash[i];
        ASSERT_TRUE(kept == 0 || kept == after.board_hash()) << format_turn(distinct->turns[i]);
      }
      ASSERT_EQ(fast, all) << pos.to_string();
      // So do the groups of the sorted walk, where it applies, each turn once.
      if (group_sorted_turns(pos, *groups)) {
        ++grouped[static_cast<int>(rules)];
        std::set<std::uint64_t> from_groups;
        const bool pass = list->size == 1 && list->turns[0].size == 0;
        ASSERT_EQ(groups->total, pass ? 0u : static_cast<std::uint32_t>(list->size))
            << pos.to_string();
        for (std::uint32_t k = 0; k < groups->total; ++k) {
          Position after = pos;
          for (const Step step : groups->turn(k)) after.apply_step(step);
          from_groups.insert(after.board_hash());
        }
        if (!pass) {
          ASSERT_EQ(from_groups, all) << pos.to_string();
        }
      }
      // The sequence walk counts the same sequences, and walks to each of them: every
      // turn as often as its sequences (all k where few, else a stride of them).
      const SequenceCount count = count_sequences(pos);
      const bool passes = list->size == 1 && list->turns[0].size == 0;
      ASSERT_EQ(count.total, passes ? 0u : list->sequences) << pos.to_string();
      if (!passes) {
        std::map<std::uint64_t, std::uint32_t> reached;
        const std::uint32_t stride = count.total <= 2000 ? 1 : count.total / 1000;
        for (std::uint32_t k = 0; k < count.total; k += stride) {
          Position after = pos;
          for (const Step step : sequence_at(pos, count, k)) after.apply_step(step);
          ++reached[after.board_hash()];
        }
        for (int i = 0; i < list->size; ++i) {
          const auto it = reached.find(list->board_hash[i]);
          if (stride == 1) {
            ASSERT_TRUE(it != reached.end() && it->second == list->sequences_of[i])
                << pos.to_string() << " " << format_turn(list->turns[i]);
          }
          if (it != reached.end()) reached.erase(it);
        }
        ASSERT_TRUE(reached.empty()) << pos.to_string();  // nothing but legal turns
      }
      for (int i = 0; i < list->size; ++i) {
        const Turn& turn = list->turns[i];
        const Turn read = parse_turn(pos, format_turn(turn));
        Position a = pos;
        Position b = pos;
        a.play(turn);
        b.play(read);
        ASSERT_EQ(a, b) << format_turn(turn);
        ASSERT_EQ(parse_turn(pos, format_turn_compact(turn)).size, turn.size);
        Position c = pos;
        const auto t = c.play(turn);
        c.undo(turn, t);
        ASSERT_EQ(c, pos) << format_turn(turn);
        ASSERT_EQ(c.hash(), pos.hash()) << format_turn(turn);
      }
      before.push_back(game.position());
      game.play(random_turn(pos, *list, uniform, rng));
    }
    check_position(game.position());
    // Back to the start, one event (a turn, then its roll) at a time.
    while (!game.turns().empty()) {
      ASSERT_TRUE(game.undo());
      ASSERT_EQ(game.position(), before.back());
      before.pop_back();
      ASSERT_TRUE(game.undo());
      ASSERT_TRUE(game.position().is_chance_node());
    }
    ASSERT_EQ(game.position(), game.start_position());
    ASSERT_FALSE(game.undo());
  }
  // Both rule sets' games reach the sorted walk.
  if (games > 1) {
    EXPECT_GT(grouped[0], 0);
    EXPECT_GT(grouped[1], 0);
  }
}

TEST(MughrabiehRandomGames, QuickFewGames) {
  play_random_games(4, 3);
}

TEST(MughrabiehRandomGames, ManyGamesWithUndo) {
  play_random_games(200, 4);
}

TEST(MughrabiehRandomGames, PlayoutsEndAndScoreTheLosersPieces) {
  auto list = std::make_unique<TurnList>();
  common::SplitMix64 rng(5);
  for (int g = 0; g < 200; ++g) {
    const RuleSet rules = g % 2 ? RuleSet::Ludii : RuleSet::House;
    const PlayoutResult r = random_playout(
        Position::start(rules), rng, g % 4 < 2 ? Uniform::Positions : Uniform::Sequences, *list);
    ASSERT_NE(r.outcome, Outcome::Ongoing);
    if (r.outcome == Outcome::Draw) {
      EXPECT_EQ(rules, RuleSet::Ludii);
      EXPECT_EQ(r.points, 0);
    } else {
      EXPECT_GE(r.points, 1);
      EXPECT_LE(r.points, kPieces);
    }
    EXPECT_GE(r.turns, 2 * 360 / 24 / 2);  // 360 pips, at most 24 a turn, each side
  }
}

TEST(MughrabiehRandomGames, UniformOverSequencesWeighsTurnsByTheirOrders) {
  // From "24x13,6,4/24x15 w 21" the turn 6/4 4/3 is reached three ways and 24/22 24/23
  // two ways, so uniform over sequences picks them in proportion.
  Position pos = Position::parse("24x13,6,4/24x15 w 21");
  auto list = std::make_unique<TurnList>();
  generate_turns(pos, *list);
  std::uint64_t three = 0, two = 0;
  std::uint64_t three_board = 0;  // the board after 6/4 4/3, whatever order reached it
  for (int i = 0; i < list->size; ++i) {
    const std::string text = format_turn(list->turns[i]);
    if (text == "21: 6/4 4/3") {
      three = list->sequences_of[i];
      three_board = list->board_hash[i];
    }
    if (text == "21: 24/22 24/23") two = list->sequences_of[i];
  }
  EXPECT_EQ(three, 3u);
  EXPECT_EQ(two, 2u);
  common::SplitMix64 rng(9);
  int picked_three = 0;
  const int draws = 20000;
  for (int d = 0; d < draws; ++d) {
    Position after = pos;
    for (const Step step : random_turn(pos, *list, Uniform::Sequences, rng)) after.apply_step(step);
    if (after.board_hash() == three_board) ++picked_three;
  }
  generate_turns(pos, *list);  // random_turn may use the list as scratch
  const double expected = draws * 3.0 / static_cast<double>(list->sequences);
  EXPECT_NEAR(picked_three, expected, 5 * std::sqrt(expected));
}

}  // namespace
}  // namespace mughrabieh
