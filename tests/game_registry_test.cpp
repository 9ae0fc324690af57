// The one registry of games (engine/game_registry.h): every entry makes its game, reads
// its records back and plays with its engine, all through the seam, so that a new entry
// is checked the moment it is added.
#include "engine/game_registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

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
