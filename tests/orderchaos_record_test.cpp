// Order and Chaos games and records: results by the rules and by the players, round
// trips over random games, and errors that say what is wrong.
#include <gtest/gtest.h>

#include <string>

#include "orderchaos/game.h"
#include "orderchaos/notation.h"
#include "orderchaos/record.h"
#include "util/random.h"

namespace orderchaos {
namespace {

std::string record_error(const std::string& text) {
  try {
    read_record(text);
  } catch (const RecordError& e) {
    return e.what();
  }
  return "(accepted)";
}

constexpr const char* kHeader = "[Game \"Order and Chaos\"]\n[Rules \"original\"]\n\n";

TEST(OrderChaosGame, ResultsComeFromTheRules) {
  Game game(Position::parse("xxxx2/6/6/6/6/6 order"));
  EXPECT_FALSE(game.result().over());
  game.play("Xe6");
  EXPECT_EQ(game.result(), (Result{Outcome::OrderWins, Termination::FiveInARow}));
  EXPECT_EQ(describe(game.result()), "Order wins: five in a row");
  EXPECT_THROW(game.play("Xf6"), MoveError);
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.result().over());
  EXPECT_FALSE(Game(Position::start()).undo());
}

TEST(OrderChaosRecord, RandomGamesRoundTrip) {
  common::SplitMix64 rng(8);
  for (int i = 0; i < 200; ++i) {
    const auto version = i % 2 ? RuleVersion::ExactFive : RuleVersion::Original;
    Record record{Game(Position::start(version)),
                  {{"Order", "Ada"}, {"Chaos", "Ben"}, {"Date", "2026.11.22"}, {"Event", "test"}}};
    const int stop_after = i % 5 == 0 ? static_cast<int>(rng.below(20)) : 99;
    while (!record.game.result().over() &&
           static_cast<int>(record.game.moves().size()) < stop_after) {
      MoveList list;
      generate_legal(record.game.position(), list);
      record.game.play(list.moves[rng.below(static_cast<std::uint32_t>(list.size))]);
    }
    if (i % 10 == 0 && !record.game.result().over())
      record.game.set_result({Outcome::ChaosWins, Termination::Resignation});
    const std::string text = write_record(record);
    const Record back = read_record(text);
    ASSERT_EQ(back.game.moves(), record.game.moves()) << text;
    ASSERT_EQ(back.game.result(), record.game.result()) << text;
    ASSERT_EQ(back.tags, record.tags) << text;
    ASSERT_EQ(write_record(back), text);
  }
}

TEST(OrderChaosRecord, AStartPositionWithChaosToMoveNumbersFromOneEllipsis) {
  Record record{Game(Position::parse("6/6/6/6/6/2x3 chaos")), {}};
  record.game.play("Od4");
  record.game.play("Xa1");
  const std::string text = write_record(record);
  EXPECT_NE(text.find("1... Od4 2. Xa1 *"), std::string::npos) << text;
  EXPECT_EQ(read_record(text).game.moves(), record.game.moves());
}

TEST(OrderChaosRecord, ErrorsSayWhatIsWrong) {
  const std::string h = kHeader;
  EXPECT_NE(record_error("[Game \"Ordo\"]\n\n*").find("is not Order and Chaos"), std::string::npos);
  EXPECT_NE(record_error("\n1. Xa1 *").find("needs the tag"), std::string::npos);
  EXPECT_NE(record_error("[Game \"Order and Chaos\"]\n[Rules \"six\"]\n\n*").find("exact-five"),
            std::string::npos);
  EXPECT_NE(record_error(h + "1. Xa1 Xa1 *").find("move 1 (Chaos)"), std::string::npos);
  EXPECT_NE(record_error(h + "1. Xa1 Oa2 3. Xa3 *").find("move number 3"), std::string::npos);
  EXPECT_NE(record_error(h + "1. Xa1").find("must end with a result"), std::string::npos);
  EXPECT_NE(record_error(h + "1. Xa1 1-0 Oa2 *").find("before the end"), std::string::npos);
  EXPECT_NE(record_error(h + "1. Xa1 Oa2 1/2-1/2").find("must end with a result"),
            std::string::npos);
  EXPECT_NE(record_error("[Game \"Order and Chaos\"]\n[Position \"xxxx2/6/6/6/6/6 order\"]\n\n"
                         "1. Xe6 0-1")
                .find("by the rules: Order wins"),
            std::string::npos);
  EXPECT_NE(record_error("[Game \"Order and Chaos\"]\n[Position \"7/6/6/6/6/6 order\"]\n\n*")
                .find("Position tag"),
            std::string::npos);
  EXPECT_NE(record_error("[Game \"Order and Chaos\"]\n[Termination \"board full\"]\n\n1. Xa1 1-0")
                .find("does not fit"),
            std::string::npos);
}

}  // namespace
}  // namespace orderchaos
