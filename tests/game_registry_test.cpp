// The one registry of games (engine/game_registry.h): every entry makes its game, reads
// its records back and plays with its engine, all through the seam, so that a new entry
// is checked the moment it is added.
#include "engine/game_registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "match/match.h"
#include "server/storage/stored_game.h"

namespace games {
namespace {

int line_count(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// A game of the entry at its start, past the referee's first roll where it has dice (the
// first chance outcome), so that a player is to move.
std::unique_ptr<AnyGame> game_at_a_decision(const GameEntry& entry) {
  auto game = make_game({entry.info.name, {}});
  if (game->is_chance_node()) game->play(game->chance_outcomes().front().text);
  return game;
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
    const auto game = game_at_a_decision(entry);
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
    const auto game = game_at_a_decision(entry);
    const auto engine = make_engine(*game, EngineSettings{});
    engine->new_game();
    engine->set_position(game->start_position(), game->moves());
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
    // At a chance node a row per outcome, else per legal move.
    ASSERT_EQ(rows.size(),
              game->is_chance_node() ? game->chance_outcomes().size() : game->legal_moves().size());
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

// The chance seam (any_game.h) for every entry: a game with chance says so in its info,
// has a chance node with outcomes that sum to 1 and no legal moves there, takes an outcome
// as a step that moves() lists and undo() takes back, and draws outcomes in play_random;
// a game without chance never has a chance node.
TEST(GameRegistry, EveryEntryKeepsTheChanceSeam) {
  for (const GameEntry& entry : game_registry()) {
    SCOPED_TRACE(entry.info.name);
    auto game = make_game({entry.info.name, {}});
    std::uint64_t random = 0x9E3779B97F4A7C15ULL;
    int chance_nodes = 0;
    for (int step = 0; step < 400 && !game->result().over(); ++step) {
      const std::vector<std::string> before = game->moves();
      if (game->is_chance_node()) {
        ++chance_nodes;
        EXPECT_TRUE(game->legal_moves().empty());
        EXPECT_EQ(game->legal_move_count(), 0u);
        double sum = 0;
        for (const ChanceOutcome& outcome : game->chance_outcomes()) sum += outcome.probability;
        EXPECT_NEAR(sum, 1.0, 1e-12);
        // An outcome is a step of its own, taken back by undo().
        const std::string outcome = game->chance_outcomes().back().text;
        EXPECT_EQ(game->play(outcome), outcome);
        EXPECT_FALSE(game->is_chance_node());
        ASSERT_TRUE(game->undo());
        EXPECT_TRUE(game->is_chance_node());
        EXPECT_EQ(game->moves(), before);
      } else {
        EXPECT_TRUE(game->chance_outcomes().empty());
      }
      random = random * 6364136223846793005ULL + 1442695040888963407ULL;
      game->play_random(random);
      ASSERT_EQ(game->moves().size(), before.size() + 1);
    }
    EXPECT_EQ(chance_nodes > 0, entry.info.chance);
    // The steps, outcomes included, remake the game from its start.
    auto again = make_game({entry.info.name, {}});
    play_moves(*again, game->moves());
    EXPECT_EQ(again->position(), game->position());
    EXPECT_EQ(again->positions_after(), game->positions_after());
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
