// The tests every registered game gets without writing them, as OpenSpiel runs the same
// simulation tests over every game: for each registry entry and rule set, seeded random
// games through the run-time seam (engine/any_game.h) must undo back to the start meeting
// the same positions, clone faithfully, round-trip their position strings, records and
// every legal move's notation, and mark each move as the page shows it; each rule set has a
// published count table that matches; `stats` plays a few games; and the strict UGI client
// plays whole games (ugi_conformance_test.cpp). A new game starts with these green or
// visibly red.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <memory>
#include <ostream>
#include <regex>
#include <string>
#include <vector>

#include "engine/game_registry.h"
#include "support/cli_run.h"
#include "support/perft_tables.h"
#include "util/random.h"

namespace games {
namespace {

struct GameRules {
  std::string game;
  std::string rules;
  friend void PrintTo(const GameRules& g, std::ostream* out) { *out << g.game << " " << g.rules; }
};

std::vector<GameRules> every_game_and_rule_set() {
  std::vector<GameRules> all;
  for (const GameEntry& entry : game_registry())
    for (const std::string& rules : entry.info.rule_sets) all.push_back({entry.info.name, rules});
  return all;
}

std::string name_of(const ::testing::TestParamInfo<GameRules>& info) {
  std::string name = info.param.game + "_" + info.param.rules;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

// Where a random game stops if it has not ended: games that may go on forever (Ordo with
// repetition off) and long race games alike stay quick.
constexpr int kMaxPlies = 400;
constexpr int kGames = 3;

class GameConformance : public ::testing::TestWithParam<GameRules> {
 protected:
  std::unique_ptr<AnyGame> fresh() const {
    return make_game({GetParam().game, {{"rules", GetParam().rules}}});
  }

  // A seeded random game: play_random draws chance outcomes by their probabilities and
  // moves uniformly, as the game defines it. Returns the position after every step.
  std::unique_ptr<AnyGame> random_game(std::uint64_t seed, std::vector<std::string>& positions) {
    auto game = fresh();
    common::SplitMix64 random(seed);
    positions = {game->position()};
    for (int ply = 0; ply < kMaxPlies && !game->result().over(); ++ply) {
      if (game->play_random(random.next()) == 0) break;  // nothing to play: the game says so
      positions.push_back(game->position());
    }
    return game;
  }
};

TEST_P(GameConformance, RandomGamesUndoToTheStartMeetingTheSamePositions) {
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
    std::vector<std::string> positions;
    const auto game = random_game(seed, positions);
    ASSERT_EQ(game->moves().size() + 1, positions.size()) << "seed " << seed;
    ASSERT_FALSE(game->moves().empty()) << "seed " << seed << ": the random game played nothing";
    EXPECT_EQ(game->positions_after().size(), game->moves().size());
    for (std::size_t ply = positions.size() - 1; ply > 0; --ply) {
      EXPECT_EQ(game->positions_after()[ply - 1], positions[ply]) << "seed " << seed;
      if (game->result().over()) game->reopen();  // only an ending outside the board stays
      ASSERT_TRUE(game->undo()) << "seed " << seed << " ply " << ply;
      ASSERT_EQ(game->position(), positions[ply - 1]) << "seed " << seed << " ply " << ply;
      EXPECT_FALSE(game->result().over()) << "seed " << seed << " ply " << ply;
    }
    EXPECT_EQ(game->position(), game->start_position());
    EXPECT_FALSE(game->undo()) << "nothing is left to take back";
  }
}

TEST_P(GameConformance, AClonePlaysOnAloneAndEqualsItsOriginal) {
  std::vector<std::string> positions;
  const auto game = random_game(7, positions);
  for (std::size_t ply = 0; ply + 1 < positions.size(); ply += 5) {
    auto copy = fresh();
    for (std::size_t i = 0; i < ply; ++i) copy->play(game->moves()[i]);
    const auto clone = copy->clone();
    EXPECT_EQ(clone->position(), copy->position());
    EXPECT_EQ(clone->moves(), copy->moves());
    EXPECT_EQ(clone->result().token, copy->result().token);
    EXPECT_EQ(clone->legal_moves(), copy->legal_moves());
    clone->play(game->moves()[ply]);
    EXPECT_EQ(clone->position(), positions[ply + 1]);
    EXPECT_EQ(copy->position(), positions[ply]) << "playing on the clone changed the original";
  }
}

TEST_P(GameConformance, EveryPositionStringReadsBackAsItself) {
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
    std::vector<std::string> positions;
    (void)random_game(seed, positions);
    for (const std::string& text : positions) {
      const auto game =
          make_game({GetParam().game, {{"rules", GetParam().rules}, {"position", text}}});
      ASSERT_EQ(game->position(), text) << "seed " << seed;
    }
  }
}

TEST_P(GameConformance, EveryRecordReadsBackAsTheSameGame) {
  std::vector<std::string> positions;
  const auto whole = random_game(11, positions);
  auto game = fresh();
  for (std::size_t ply = 0;; ++ply) {
    const AnyRecord back = read_any_record(game->record({{"Event", "conformance"}}));
    EXPECT_EQ(back.game->game_name(), game->game_name());
    EXPECT_EQ(back.game->rules_name(), game->rules_name());
    EXPECT_EQ(back.game->moves(), game->moves()) << "ply " << ply;
    EXPECT_EQ(back.game->position(), game->position()) << "ply " << ply;
    EXPECT_EQ(back.game->result().token, game->result().token) << "ply " << ply;
    EXPECT_EQ(back.tags.at("Event"), "conformance");
    if (ply == whole->moves().size()) break;
    game->play(whole->moves()[ply]);
  }
}

TEST_P(GameConformance, EveryLegalMoveIsWrittenAsItIsRead) {
  std::vector<std::string> positions;
  const auto whole = random_game(13, positions);
  auto game = fresh();
  for (std::size_t ply = 0; ply < whole->moves().size(); ++ply) {
    const std::vector<std::string> legal = game->legal_moves();
    EXPECT_EQ(game->legal_move_count(), legal.size()) << "ply " << ply;
    // Every move where there are few; an even spread of 64 where there are thousands
    // (Ordo X's whole turns), which keeps the suite in the quick tier.
    const std::size_t stride = std::max<std::size_t>(1, legal.size() / 64);
    for (std::size_t i = (ply * 7) % stride; i < legal.size(); i += stride) {
      const std::string& move = legal[i];
      auto after = game->clone();
      after->play(move);
      ASSERT_EQ(after->moves().back(), move) << "ply " << ply << ": written otherwise";
      auto again = game->clone();
      again->play(after->moves().back());
      ASSERT_EQ(again->position(), after->position()) << "ply " << ply << " " << move;
    }
    game->play(whole->moves()[ply]);
  }
}

TEST_P(GameConformance, EachMovesMarksAreWhatTheLastMoveSaidThen) {
  std::vector<std::string> positions;
  const auto whole = random_game(17, positions);
  const std::vector<MoveMarks> marks = whole->marks_after();
  ASSERT_EQ(marks.size(), whole->moves().size());
  auto game = fresh();
  for (std::size_t ply = 0; ply < marks.size(); ++ply) {
    game->play(whole->moves()[ply]);
    const MoveMarks last = game->last_move_marks();
    EXPECT_EQ(marks[ply].from, last.from) << "ply " << ply;
    EXPECT_EQ(marks[ply].to, last.to) << "ply " << ply;
    EXPECT_EQ(marks[ply].captured, last.captured) << "ply " << ply;
    EXPECT_EQ(marks[ply].removed, last.removed) << "ply " << ply;
    EXPECT_EQ(marks[ply].placed, last.placed) << "ply " << ply;
  }
}

TEST_P(GameConformance, ItsRuleSetHasAPublishedCountTableThatMatches) {
  const auto game = fresh();
  const std::vector<ordo::testing::PerftLine> lines =
      ordo::testing::published_counts(GetParam().game, GetParam().rules);
  ASSERT_FALSE(lines.empty()) << "no line of tests/perft/*.txt counts " << GetParam().game
                              << " under " << GetParam().rules;
  for (const ordo::testing::PerftLine& line : lines) {
    const auto start = make_game(line.spec);
    for (std::size_t depth = 1; depth <= line.counts.size(); ++depth)
      EXPECT_EQ(start->perft(static_cast<int>(depth)), line.counts[depth - 1])
          << line.where << " depth " << depth;
  }
}

TEST_P(GameConformance, StatsPlaysAFewGames) {
  const auto run = ordo::testing::run_cli_capturing(
      {"stats", "--game", GetParam().game, "--rules", GetParam().rules, "--games", "4", "--first",
       "random", "--second", "random", "--threads", "1", "--seed", "3"});
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  // The outcome lines ("first player (random) wins  3  75.0% ...") add up to the games.
  const std::regex outcome(R"((?:wins|draws)\s+(\d+)\s)");
  int games = 0;
  for (auto it = std::sregex_iterator(run.out.begin(), run.out.end(), outcome);
       it != std::sregex_iterator(); ++it)
    games += std::stoi((*it)[1].str());
  EXPECT_EQ(games, 4) << run.out;
}

INSTANTIATE_TEST_SUITE_P(EveryRegisteredGame, GameConformance,
                         ::testing::ValuesIn(every_game_and_rule_set()), name_of);

}  // namespace
}  // namespace games
