// The one registry of games (engine/game_registry.h): every entry makes its game, reads
// its records back and plays with its engine, all through the seam, so that a new entry
// is checked the moment it is added.
#include "engine/game_registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

#include "match/match.h"
#include "server/storage/stored_game.h"

namespace games {
namespace {

int line_count(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

TEST(GameRegistry, EveryEntryMakesItsGameWithItsDefaults) {
  ASSERT_FALSE(game_registry().empty());
  for (const GameEntry& entry : game_registry()) {
    SCOPED_TRACE(entry.info.name);
    const auto game = make_game({entry.info.name, {}});
    EXPECT_EQ(game->game_name(), entry.info.name);
    EXPECT_EQ(game->game_title(), entry.info.title);
    ASSERT_FALSE(entry.info.rule_sets.empty());
    EXPECT_EQ(game->rules_name(), entry.info.rule_sets.front());
    const auto [width, height] = game->board_size();
    ASSERT_FALSE(entry.info.sizes.empty());
    EXPECT_EQ(entry.info.sizes.front(), std::to_string(width) + "x" + std::to_string(height));
    // A board line per rank, and the file letters above and below.
    EXPECT_EQ(line_count(game->diagram("  ")), height + 2);
    EXPECT_FALSE(game->notation_hint().empty());
  }
}

TEST(GameRegistry, EveryEntryReadsItsOwnRecords) {
  for (const GameEntry& entry : game_registry()) {
    SCOPED_TRACE(entry.info.name);
    const auto game = make_game({entry.info.name, {}});
    game->play(game->legal_moves().front());
    const std::string text = game->record({});
    EXPECT_NE(text.find("[Game \"" + entry.record_tag + "\"]"), std::string::npos) << text;
    const AnyRecord back = read_any_record(text);
    EXPECT_EQ(back.game->game_name(), entry.info.name);
    EXPECT_EQ(back.game->moves(), game->moves());
  }
}

TEST(GameRegistry, EveryEntryWithAnEngineFindsAMove) {
  for (const GameEntry& entry : game_registry()) {
    SCOPED_TRACE(entry.info.name);
    ASSERT_EQ(has_engine(entry.info.name), entry.make_engine != nullptr);
    if (!entry.make_engine) continue;
    const auto game = make_game({entry.info.name, {}});
    const auto engine = make_engine(*game, EngineSettings{});
    engine->new_game();
    engine->set_position(game->start_position(), {});
    std::optional<std::string> best;
    GoLimits limits;
    limits.depth = 1;
    EngineCallbacks callbacks;
    callbacks.on_best_move = [&](const std::optional<std::string>& move) { best = move; };
    engine->go(limits, callbacks);
    engine->wait();
    ASSERT_TRUE(best);
    const auto legal = game->legal_moves();
    EXPECT_NE(std::find(legal.begin(), legal.end(), *best), legal.end()) << *best;
  }
}

// What `perft --divide` and `show` print, through the seam: the rows sum to the count and
// come sorted; the summary names the position string.
TEST(GameRegistry, EveryEntrysPerftDivideSumsToItsPerft) {
  for (const GameEntry& entry : game_registry()) {
    SCOPED_TRACE(entry.info.name);
    const auto game = make_game({entry.info.name, {}});
    const auto rows = game->perft_divide(2);
    ASSERT_EQ(rows.size(), game->legal_moves().size());
    EXPECT_TRUE(std::is_sorted(rows.begin(), rows.end()));
    std::uint64_t sum = 0;
    for (const auto& [move, count] : rows) sum += count;
    EXPECT_EQ(sum, game->perft(2));
    EXPECT_TRUE(game->perft_divide(0).empty());
    EXPECT_NE(game->summary().find(game->position()), std::string::npos) << game->summary();
  }
}

// `bench` and `solve` reach every game through its entry; a bad rule set is refused.
TEST(GameRegistry, EveryEntryBenchesAndSolves) {
  for (const GameEntry& entry : game_registry()) {
    SCOPED_TRACE(entry.info.name);
    ASSERT_NE(entry.bench, nullptr);
    ASSERT_NE(entry.solve, nullptr);
    std::ostringstream out;
    EXPECT_THROW(entry.bench({.rules = "no-such-rules", .games = 1, .quick = true}, out),
                 GameError);
    entry.bench({.rules = "", .games = 2, .quick = true}, out);
    EXPECT_NE(out.str().find("nodes"), std::string::npos) << out.str();
    // A game that is over has nothing to solve (exit status 1, the reason on err).
    auto game = make_game({entry.info.name, {}});
    game->end(Ending::Resignation, Side::First);
    std::ostringstream report, err;
    EXPECT_EQ(entry.solve(*game, {.turns = entry.info.endless ? 1 : 0}, report, err), 1);
    EXPECT_NE(err.str().find("nothing to solve"), std::string::npos) << err.str();
  }
}

// Ordo's reference bot is its extra match player; Order and Chaos has none.
TEST(GameRegistry, ExtraPlayersAreTheEntrysOwn) {
  EXPECT_TRUE(has_extra_player("ordo", "uct"));
  EXPECT_FALSE(has_extra_player("orderchaos", "uct"));
  EXPECT_FALSE(has_extra_player("ordo", "ab"));
  EXPECT_EQ(games_with_extra_player("uct"), "Ordo");
  EXPECT_THROW(has_extra_player("chess", "uct"), GameError);
}

// What names no game plays the registry's first: a stored row, a match's rules and a
// request without "game" (game_setup.cpp) all take it from default_game().
TEST(GameRegistry, TheDefaultGameIsTheFirstEntry) {
  EXPECT_EQ(&default_game(), &game_registry().front());
  EXPECT_EQ(ordo::server::StoredGame{}.game, default_game().info.name);
  const ordo::match::MatchRules rules = ordo::match::MatchConfig{}.rules;
  EXPECT_EQ(rules.game, default_game().info.name);
  // A match's default game ends: an endless one gets a move limit.
  EXPECT_TRUE(make_game(rules)->always_ends());
  EXPECT_EQ(rules.options.count("move-limit"), default_game().info.endless ? 1u : 0u);
}

// A stored result reads back as the game's own sentence, for every game alike
// (engine/stored_result.h over each game's name tables).
TEST(GameRegistry, StoredResultsAreDescribedByTheirGame) {
  EXPECT_EQ(game_entry("ordo").describe_result("1-0", "home row"),
            "White wins: a piece reached Black's home row");
  EXPECT_EQ(game_entry("orderchaos").describe_result("0-1", "board full").substr(0, 11),
            "Chaos wins:");
  for (const GameEntry& entry : game_registry()) {
    EXPECT_EQ(entry.describe_result("*", ""), "") << entry.info.name;
    EXPECT_EQ(entry.describe_result("2-0", "home row"), "") << entry.info.name;
    // An unknown termination is a result without a reason, not an error.
    EXPECT_FALSE(entry.describe_result("1-0", "no such ending").empty()) << entry.info.name;
  }
}

TEST(GameRegistry, AnUnknownGameNamesEveryRegisteredOne) {
  try {
    make_game({"chess", {}});
    FAIL() << "chess is no game of ours";
  } catch (const GameError& e) {
    for (const GameEntry& entry : game_registry())
      EXPECT_NE(std::string(e.what()).find(entry.info.name), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace games
