// Mughrabieh behind the seam (src/mughrabieh/entry): rolls as steps of their own, turns as
// one word, the counts and the board the command line shows, `solve` against the bear-off
// database, and the match referee that rolls and records every roll.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/any_game.h"
#include "engine/game_registry.h"
#include "match/match.h"
#include "mughrabieh/bearoff.h"
#include "mughrabieh/perft.h"
#include "mughrabieh/position.h"
#include "support/match_config.h"
#include "util/random.h"

namespace games {
namespace {

std::unique_ptr<AnyGame> mughrabieh(const std::string& position = "",
                                    const std::string& rules = "house") {
  std::map<std::string, std::string> options{{"rules", rules}};
  if (!position.empty()) options["position"] = position;
  return make_game({"mughrabieh", options});
}

std::string error_of(AnyGame& game, const std::string& text) {
  try {
    game.play(text);
  } catch (const MoveError& e) {
    return e.what();
  }
  return "";
}

TEST(MughrabiehEntry, ARollIsAStepAndATurnIsOneWord) {
  auto game = mughrabieh();
  ASSERT_TRUE(game->is_chance_node());
  const std::vector<ChanceOutcome> outcomes = game->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 21u);
  for (const ChanceOutcome& o : outcomes)
    EXPECT_DOUBLE_EQ(o.probability, o.text[0] == o.text[1] ? 1.0 / 36 : 1.0 / 18) << o.text;
  // At the roll a turn is refused with the reason; a roll may be written either way round.
  EXPECT_NE(error_of(*game, "24/22,22/17").find("roll"), std::string::npos);
  EXPECT_NE(error_of(*game, "70").find("two dice 1-6"), std::string::npos);
  EXPECT_EQ(game->play("25"), "52");
  EXPECT_EQ(game->moves(), std::vector<std::string>{"52"});
  EXPECT_EQ(game->position(), "24x15/24x15 w 52");
  const std::vector<std::string> legal = game->legal_moves();
  ASSERT_FALSE(legal.empty());
  EXPECT_EQ(legal.size(), game->legal_move_count());
  for (const std::string& word : legal) {
    EXPECT_EQ(word.find_first_of(" :"), std::string::npos) << word;
    auto copy = game->clone();
    EXPECT_EQ(copy->play(word), word);
    // The full notation with the roll names the same turn.
    auto full = game->clone();
    std::string spaced = word;
    for (char& c : spaced)
      if (c == ',') c = ' ';
    EXPECT_EQ(full->play("52: " + spaced), word);
    EXPECT_EQ(full->position(), copy->position());
    EXPECT_TRUE(copy->is_chance_node());
    EXPECT_EQ(copy->side_to_move(), Side::Second);
  }
  EXPECT_FALSE(error_of(*game, "pass").empty());  // the roll moves pieces
  // Undo takes back one step at a time: the turn, then the roll.
  game->play(legal.front());
  ASSERT_TRUE(game->undo());
  EXPECT_EQ(game->moves(), std::vector<std::string>{"52"});
  ASSERT_TRUE(game->undo());
  EXPECT_TRUE(game->is_chance_node());
  EXPECT_FALSE(game->undo());
}

TEST(MughrabiehEntry, APassIsAWordToo) {
  // White's runner on 13 finds Black's runner on its 12, and no other White piece may
  // leave the start yet (rule 5): double ones move nothing.
  auto game = mughrabieh("24x14,13/24x14,13 w 11");
  EXPECT_EQ(game->legal_moves(), std::vector<std::string>{"pass"});
  EXPECT_EQ(game->play("pass"), "pass");
  EXPECT_EQ(game->moves(), std::vector<std::string>{"pass"});  // the start's roll was given
  EXPECT_TRUE(game->is_chance_node());
  EXPECT_EQ(game->side_to_move(), Side::Second);
  const AnyRecord back = read_any_record(game->record({}));
  EXPECT_EQ(back.game->moves(), game->moves());
  // With a roll that moves, a pass is refused.
  auto moving = mughrabieh("24x14,13/24x14,13 w 21");
  EXPECT_FALSE(error_of(*moving, "pass").empty());
}

TEST(MughrabiehEntry, PerftThroughTheSeamIsTheCoresCount) {
  for (const std::string& text : {std::string("24x15/24x15 w -"), std::string("24x14,8/24x15 w 64"),
                                  std::string("6x3,5x2,4,3x4,2x3,1x2/6x4,5x4,4x3,3x2,2,1 w -")}) {
    SCOPED_TRACE(text);
    auto game = mughrabieh(text);
    const mughrabieh::Position pos = mughrabieh::Position::parse(text);
    for (int depth = 0; depth <= 2; ++depth)
      EXPECT_EQ(game->perft(depth), mughrabieh::perft(pos, depth).turns) << depth;
    // At a roll still to be made, one row per roll.
    const auto rows = game->perft_divide(1);
    EXPECT_EQ(rows.size(), pos.is_chance_node() ? 21u : game->legal_moves().size());
  }
}

TEST(MughrabiehEntry, ShowDrawsTheTwentyFourPoints) {
  auto game = mughrabieh();
  std::istringstream lines(game->diagram(""));
  std::string numbers_top, top, bottom, numbers_bottom;
  std::getline(lines, numbers_top);
  std::getline(lines, top);
  std::getline(lines, bottom);
  std::getline(lines, numbers_bottom);
  // White starts on its 24-point (top right), Black on its own 24, White's 1 (bottom right).
  EXPECT_TRUE(numbers_top.ends_with("24")) << numbers_top;
  EXPECT_TRUE(top.ends_with("W15")) << top;
  EXPECT_TRUE(bottom.ends_with("B15")) << bottom;
  EXPECT_TRUE(numbers_bottom.ends_with(" 1")) << numbers_bottom;
  EXPECT_NE(game->summary().find("White to roll"), std::string::npos) << game->summary();
}

TEST(MughrabiehEntry, SolveGivesTheBearoffDatabasesExpectation) {
  const GameEntry& entry = game_entry("mughrabieh");
  const std::string race = "6x3,5x2,1x4/6x4,5x4,4x3 w -";
  auto game = mughrabieh(race);
  std::ostringstream out, err;
  ASSERT_EQ(entry.solve(*game, {}, out, err), 0) << err.str();
  const mughrabieh::BearoffDatabase database;
  const mughrabieh::HomeCounts white{4, 0, 0, 0, 2, 3};  // points 1..6
  std::ostringstream expected;
  expected.precision(4);
  expected << std::fixed << database.expected_turns(white);
  EXPECT_NE(out.str().find(expected.str()), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Wins"), std::string::npos) << out.str();
  // Pieces outside the home: nothing the database knows.
  std::ostringstream none, why;
  EXPECT_EQ(entry.solve(*mughrabieh(), {}, none, why), 1);
  EXPECT_NE(why.str().find("nothing to solve"), std::string::npos);
}

TEST(MughrabiehEntry, TheMatchRefereeRollsAndRecordsEveryRoll) {
  ordo::match::MatchConfig config = ordo::testing::match_between(
      {"mughrabieh", {}}, "name=A,kind=ab,level=1", "name=B,kind=ab,level=1", 2);
  config.seed = 11;
  config.opening_plies = 0;
  const ordo::match::MatchResult result = ordo::match::run_match(config);
  ASSERT_EQ(result.games.size(), 2u);
  for (const auto& report : result.games) {
    const AnyGame& played = *report.played.game;
    EXPECT_TRUE(played.result().over());
    EXPECT_TRUE(report.played.reason.empty()) << report.played.reason;
    EXPECT_GT(played.result().points, 0);
    // Every roll is in the record: read back, the game is the same step for step.
    const AnyRecord back = read_any_record(report.played.record());
    EXPECT_EQ(back.game->moves(), played.moves());
    EXPECT_EQ(back.game->result().token, played.result().token);
  }
  // The pair rolls the same dice: the first roll of both games.
  EXPECT_EQ(result.games[0].played.game->moves().front(),
            result.games[1].played.game->moves().front());
}

// Rule 5 written out from the counts (not the masks the rules code uses): a piece has left
// the starting point, none stands in the final six, and a die could land a piece from the
// starting point on a point free of the opponent (own index d is the opponent's 23 - d).
bool first_piece_rule_holds_back(const mughrabieh::Position& pos) {
  namespace mg = mughrabieh;
  const mg::Side s = pos.to_move();
  const int at_start = pos.count(s, 0);
  if (at_start == 0 || at_start + pos.off(s) == mg::kPieces) return false;
  for (int point = mg::kHomeFirst; point < mg::kPoints; ++point)
    if (pos.count(s, point) > 0) return false;
  const mg::Roll roll = *pos.roll();
  for (const int die : {roll.high, roll.low})
    if (pos.count(mg::opponent(s), mg::kPoints - 1 - die) == 0) return true;
  return false;
}

TEST(MughrabiehEntry, TurnFactsCountPipsAndSayWhenTheFirstPieceRuleHeldAPieceBack) {
  const GameFacts facts = mughrabieh()->facts();
  EXPECT_EQ(facts.piece_measure, "pips");
  EXPECT_EQ(mughrabieh()->last_turn_facts().pieces, (std::array<int, 2>{360, 360}));
  const auto bit = std::find(facts.turn_kinds.begin(), facts.turn_kinds.end(), "first-piece rule");
  ASSERT_NE(bit, facts.turn_kinds.end());
  const std::uint32_t held = 1u << (bit - facts.turn_kinds.begin());
  std::uint64_t rng_state = 5;
  int turns_held = 0;
  for (int n = 0; n < 40; ++n) {
    auto game = mughrabieh();
    while (!game->result().over()) {
      if (game->is_chance_node()) {
        game->play_random(common::splitmix64(rng_state));
        continue;
      }
      const mughrabieh::Position before = mughrabieh::Position::parse(game->position());
      const bool expected = first_piece_rule_holds_back(before);
      if (expected) {
        // What the rule forbids is no step of any legal turn: none leaves the start ("24/").
        for (const std::string& turn : game->legal_moves())
          EXPECT_NE(turn.rfind("24/", 0), 0u) << game->position() << ' ' << turn;
      }
      game->play_random(common::splitmix64(rng_state));
      const TurnFacts after = game->last_turn_facts();
      EXPECT_EQ((after.kinds & held) != 0, expected) << before.to_string();
      // The pieces measured are pips: each piece's steps still to go, off the board at 24.
      const mughrabieh::Position now = mughrabieh::Position::parse(game->position());
      for (const mughrabieh::Side side : {mughrabieh::Side::White, mughrabieh::Side::Black}) {
        int pips = 0;
        for (int point = 0; point < mughrabieh::kPoints; ++point)
          pips += now.count(side, point) * (mughrabieh::kPoints - point);
        EXPECT_EQ(after.pieces[static_cast<std::size_t>(mughrabieh::index(side))], pips);
      }
      turns_held += expected;
    }
  }
  EXPECT_GT(turns_held, 40);  // about 4% of some 3,700 turns
}

}  // namespace
}  // namespace games
