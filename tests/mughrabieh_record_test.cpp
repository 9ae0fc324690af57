// Mughrabieh records and match records (src/mughrabieh/record.h): random games and matches
// written and read back, and bad records refused with the turn or game that is wrong.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "mughrabieh/playout.h"
#include "mughrabieh/record.h"

namespace mughrabieh {
namespace {

Game random_game(common::SplitMix64& rng, Position start, TurnList& list) {
  Game game(start);
  while (!game.result().over()) {
    game.roll(random_roll(rng));
    Position pos = game.position();
    game.play(random_turn(pos, list, Uniform::Positions, rng));
  }
  return game;
}

void expect_record_error(const std::string& text, const std::string& why) {
  try {
    read_record(text);
    ADD_FAILURE() << "accepted:\n" << text;
  } catch (const RecordError& e) {
    EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
  }
}

TEST(MughrabiehRecord, RandomGamesRoundTripWithEveryRoll) {
  auto list = std::make_unique<TurnList>();
  common::SplitMix64 rng(7);
  for (const RuleSet rules : {RuleSet::House, RuleSet::Ludii}) {
    for (int g = 0; g < 6; ++g) {
      const Side first = g % 2 ? Side::Black : Side::White;
      Record record{random_game(rng, Position::start(rules, first), *list), {{"White", "Ada"}}};
      const std::string text = write_record(record);
      const Record back = read_record(text);
      ASSERT_EQ(back.game.turns().size(), record.game.turns().size());
      for (std::size_t i = 0; i < back.game.turns().size(); ++i)
        EXPECT_EQ(back.game.turns()[i].roll, record.game.turns()[i].roll);
      EXPECT_EQ(back.game.position(), record.game.position());
      EXPECT_EQ(back.game.result(), record.game.result());
      EXPECT_EQ(back.tags.at("White"), "Ada");
      EXPECT_EQ(write_record(back), text);
      if (first == Side::Black) {
        EXPECT_NE(text.find("1... "), std::string::npos);
      }
    }
  }
}

TEST(MughrabiehRecord, AHandWrittenGameIsRead) {
  const Record record = read_record(
      "[Game \"Mughrabieh\"]\n[Position \"1/6x12 w -\"]\n[Result \"1-0\"]\n[Points \"12\"]\n\n"
      "1. 21: 1/off 1-0\n");
  EXPECT_EQ(record.game.result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(record.game.points(), 12);
  const Record passes = read_record(
      "[Game \"Mughrabieh\"]\n[Position \"24x14,13/24x14,18 w -\"]\n\n1. 66: 55: 18/13 13/8 8/3 "
      "24/19 *\n");
  EXPECT_EQ(passes.game.turns().size(), 2u);
  EXPECT_EQ(passes.game.turns()[0].size, 0);
}

// A game saved between the roll and its turn (the server stores every step) keeps its roll.
TEST(MughrabiehRecord, APendingRollIsKept) {
  Game game(Position::start(RuleSet::House));
  game.play("52: 24/19 19/17");
  game.roll(make_roll(3, 1));
  const std::string text = write_record(Record{game, {}});
  EXPECT_NE(text.find("[Roll \"31\"]"), std::string::npos) << text;
  const Record back = read_record(text);
  EXPECT_EQ(back.game.position(), game.position());
  ASSERT_TRUE(back.game.position().roll());
  EXPECT_EQ(*back.game.position().roll(), make_roll(3, 1));
  const std::string head = "[Game \"Mughrabieh\"]\n";
  expect_record_error(head + "[Roll \"71\"]\n\n*\n", "Roll \"71\" is not two dice");
  expect_record_error(head + "[Roll \"3\"]\n\n*\n", "Roll \"3\" is not two dice");
}

// Found by fuzz_mughrabieh_record: a Position tag that already holds the roll, and no
// turn played, must not also be written as a Roll tag (reading it back would roll twice).
TEST(MughrabiehRecord, ARollInThePositionTagIsWrittenOnce) {
  const Record record = read_record(
      "[Game \"Mughrabieh\"]\n[Rules \"ludii\"]\n[Position \"24x14,13/24x14,13 w 11\"]\n\n*\n");
  const std::string text = write_record(record);
  EXPECT_EQ(text.find("[Roll "), std::string::npos) << text;
  const Record back = read_record(text);
  EXPECT_EQ(back.game.position(), record.game.position());
  ASSERT_TRUE(back.game.position().roll());
  EXPECT_EQ(*back.game.position().roll(), make_roll(1, 1));
}

TEST(MughrabiehRecord, BadRecordsSayWhatIsWrong) {
  const std::string head = "[Game \"Mughrabieh\"]\n";
  expect_record_error("[Game \"Ordo\"]\n\n*\n", "is not Mughrabieh");
  expect_record_error(head + "[Rules \"fast\"]\n\n*\n", "Rules must be");
  expect_record_error(head + "\n1. 52: 24/19 19/17\n", "must end with a result");
  expect_record_error(head + "\n1. 52: 24/19 24/22 *\n", "turn 1 (White)");
  expect_record_error(head + "\n1. 52: 24/19 19/17 2. 31: 24/21 21/20 *\n", "turn number 2");
  expect_record_error(head + "\n1. 24/19 *\n", "comes before any roll");
  expect_record_error(head + "\n1. 52: 24/19 19/17 banana *\n", "neither a roll");
  expect_record_error(head + "[Position \"1/6x12 w -\"]\n[Points \"3\"]\n\n1. 21: 1/off 1-0\n",
                      "Points \"3\"");
  expect_record_error(head + "[Position \"1/6x12 w -\"]\n\n1. 21: 1/off 0-1\n", "by the rules");
  expect_record_error(head + "\n1. 52: 24/19 19/17 1/2-1/2\n",
                      "only the rules end a game in a draw");
}

TEST(MughrabiehMatch, ScoresTheLosersPiecesAndTheWinnerBeginsTheNextGame) {
  auto list = std::make_unique<TurnList>();
  common::SplitMix64 rng(11);
  MatchRecord record{Match(), {{"White", "Ada"}, {"Black", "Ben"}}, {}};
  int games = 0;
  while (!record.match.over()) {
    const Side starter = record.match.next_starter();
    const Game game = random_game(rng, record.match.next_start(), *list);
    const Side winner = game.result().outcome == Outcome::WhiteWins ? Side::White : Side::Black;
    const int before = record.match.score(winner);
    record.match.add_game(game);
    EXPECT_EQ(record.match.score(winner), before + game.points());
    EXPECT_EQ(record.match.next_starter(), winner)
        << "game " << games << " begun by " << side_name(starter);
    ++games;
  }
  EXPECT_GE(std::max(record.match.score(Side::White), record.match.score(Side::Black)), 31);
  const std::string text = write_match_record(record);
  const MatchRecord back = read_match_record(text);
  EXPECT_EQ(back.match.games().size(), record.match.games().size());
  EXPECT_EQ(back.match.score(Side::White), record.match.score(Side::White));
  EXPECT_EQ(back.match.score(Side::Black), record.match.score(Side::Black));
  EXPECT_EQ(back.match.winner(), record.match.winner());
  EXPECT_EQ(write_match_record(back), text);
  // A wrong running score is refused.
  const auto at = text.find("[MatchScore \"", text.find("[MatchGame \"2\"]"));
  ASSERT_NE(at, std::string::npos);
  std::string broken = text;
  broken.replace(at, std::string("[MatchScore \"").size(), "[MatchScore \"9");
  try {
    read_match_record(broken);
    ADD_FAILURE() << "a wrong MatchScore was accepted";
  } catch (const RecordError& e) {
    EXPECT_NE(std::string(e.what()).find("game 2"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace mughrabieh
