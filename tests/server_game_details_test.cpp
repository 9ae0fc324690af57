// Details of a game the page shows or exports: the record's Date tag, the house rules
// listed for each rule set and kept across a restart, and what the last move did.
#include <gtest/gtest.h>

#include "engine/game_registry.h"
#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/games/game_types.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

class GameDetailsTest : public testing::ServiceFixture {
 protected:
  GameDetailsTest() { open(); }
};

bool mentions_repetition(const json& state) {
  for (const auto& rule : state["house_rules"])
    if (rule.get<std::string>().find("repetition") != std::string::npos) return true;
  return false;
}

TEST_F(GameDetailsTest, TheExportedRecordIsDatedWhenTheGameWasCreated) {
  now_ = 1'700'000'000'000;  // 2023-11-14 22:13:20 UTC
  const json created = service().create({{"mode", "local"}});
  const std::string record = service().record(created["id"]);
  EXPECT_NE(record.find("[Date \"2023.11.14\"]"), std::string::npos) << record;
  EXPECT_EQ(record.find("????"), std::string::npos) << record;
}

TEST_F(GameDetailsTest, OrdoXListsNoRepetitionRuleItCannotReach) {
  const json classic = service().create({{"mode", "local"}, {"rules", "classic"}});
  const json x = service().create({{"mode", "local"}, {"rules", "x"}});
  EXPECT_TRUE(mentions_repetition(classic["state"]));
  EXPECT_FALSE(mentions_repetition(x["state"]));
  EXPECT_EQ(x["state"]["house_rules"].size(), 1u);
}

TEST_F(GameDetailsTest, TheResultSaysWhenThePlayersDecidedIt) {
  const json created = service().create({{"mode", "local"}, {"size", "8x8"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  EXPECT_FALSE(created["state"]["result"]["by_players"].get<bool>());
  play(id, token, created["state"]["legal"][0]);
  const json resigned = service().resign(id, {{"token", token}});
  EXPECT_TRUE(resigned["result"]["by_players"].get<bool>());
  EXPECT_ANY_THROW(service().undo(id, {{"token", token}}));
}

// The settings column holds the game's house options (game_setup.h); a game imported with
// repetition off keeps it off when it is read back from storage.
TEST_F(GameDetailsTest, AnImportedGamesHouseRulesSurviveARestart) {
  const std::string record =
      "[Game \"Ordo\"]\n[Rules \"classic\"]\n[Size \"8x8\"]\n[Repetition \"off\"]\n\n"
      "1. c2-c4 *\n";
  const json imported = service().import_record({{"record", record}});
  EXPECT_FALSE(mentions_repetition(imported["state"]));
  const std::string id = imported["id"];
  open();  // a restart: the game comes back from storage
  const json reread = service().state(id, "");
  EXPECT_FALSE(mentions_repetition(reread));
  EXPECT_EQ(reread["house_rules"].size(), 1u);
  EXPECT_EQ(reread["moves"].size(), 1u);
  const json usual = service().create({{"mode", "local"}, {"size", "8x8"}});
  EXPECT_TRUE(mentions_repetition(service().state(usual["id"], "")));
}

TEST_F(GameDetailsTest, TheLastMoveSaysWhatItCaptured) {
  // White's c3 piece takes the black piece on c4; b3 and d5 stay.
  const json created = service().create(
      {{"mode", "local"}, {"position", "8/8/8/3b4/2b5/1ww5/8/8 w"}, {"size", "8x8"}});
  EXPECT_TRUE(created["state"]["last"].is_null());
  const json after = play(created["id"], created["tokens"]["white"], "c3xc4");
  EXPECT_EQ(after["last"]["from"], json({"c3"}));
  EXPECT_EQ(after["last"]["to"], json({"c4"}));
  EXPECT_EQ(after["last"]["captured"], json({"c4"}));
  EXPECT_EQ(after["last"]["placed"], json::array());
  EXPECT_EQ(after["line"], json::array());
  EXPECT_FALSE(after["split"].get<bool>());
}

// Issue 56: the page recomputed Ordo's captures and removals for earlier moves; each move
// of the state now carries its marks, so that replay shows what the server says.
TEST_F(GameDetailsTest, EachMoveSaysWhatItDidAsTheLastMoveSaidThen) {
  const json created = service().create({{"mode", "local"}, {"size", "8x8"}});
  const std::string id = created["id"];
  const std::string tokens[2] = {created["tokens"]["white"], created["tokens"]["black"]};
  std::vector<json> last_after;  // "last" as each move's answer gave it
  json state = created["state"];
  for (int ply = 0; ply < 12 && state["result"]["score"] == "*"; ++ply) {
    state = play(id, tokens[ply % 2], state["legal"][0]);
    last_after.push_back(state["last"]);
  }
  ASSERT_EQ(state["moves"].size(), last_after.size());
  for (std::size_t i = 0; i < last_after.size(); ++i) {
    EXPECT_EQ(state["moves"][i]["marks"], last_after[i]) << "move " << i + 1;
    EXPECT_FALSE(last_after[i]["from"].empty()) << "move " << i + 1;
  }
}

// The page draws and labels every game from what the server says (GET /api/game-types).
TEST_F(GameDetailsTest, TheGameTypesAreTheRegistrysGames) {
  const json& types = game_types().at("games");
  std::vector<const games::GameEntry*> served;
  for (const games::GameEntry& entry : games::game_registry()) served.push_back(&entry);
  ASSERT_EQ(types.size(), served.size());
  for (std::size_t i = 0; i < types.size(); ++i) {
    const games::GameEntry& entry = *served[i];
    EXPECT_EQ(types[i]["name"], entry.info.name);
    EXPECT_EQ(types[i]["rule_sets"].size(), entry.info.rule_sets.size());
    EXPECT_EQ(types[i]["rule_sets"][0]["name"], entry.info.rule_sets.front());
    EXPECT_EQ(types[i]["draws"], entry.info.draws);
    EXPECT_EQ(types[i]["chance"], entry.info.chance);
  }
  EXPECT_EQ(types[0]["rule_sets"][1]["title"], "Ordo X");
  // The forms show each rule set's house rules: Classic's repetition draw is not Ordo X's.
  const auto has_repetition = [&](std::size_t rule_set) {
    for (const json& rule : types[0]["rule_sets"][rule_set]["house_rules"])
      if (rule.get<std::string>().find("repetition") != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(has_repetition(0));
  EXPECT_FALSE(has_repetition(1));
  EXPECT_EQ(types[1]["rule_sets"][1]["note"], "only exactly five in a row wins; six do not count");
  EXPECT_EQ(types[1]["rule_sets"][1]["house_rules"], json::array());
  // Levels for every game with an engine (both, today).
  EXPECT_EQ(types[1]["levels"], json({{"min", games::kMinLevel}, {"max", games::kMaxLevel}}));
  EXPECT_EQ(types[0]["sides"], json({{"white", "White"}, {"black", "Black"}}));
  EXPECT_EQ(types[0]["move_style"], "steps");
  EXPECT_EQ(types[0]["board_has_sides"], true);
  const json created = service().create({{"mode", "local"}});
  EXPECT_EQ(created["state"]["about"], types[0]);
}

// Every game with dice is served with the server as the referee (generic: the registry's
// GameInfo::chance, no game named): a new game's first step is the server's roll, and an
// imported record's roll that nobody played yet is made again by the server.
TEST_F(GameDetailsTest, GamesWithChanceAreServedWithTheServersDice) {
  int chance_games = 0;
  for (const games::GameEntry& entry : games::game_registry()) {
    SCOPED_TRACE(entry.info.name);
    if (!entry.info.chance) continue;
    ++chance_games;
    const json created = service().create({{"mode", "local"}, {"game", entry.info.name}});
    const json& state = created["state"];
    EXPECT_EQ(state["about"]["chance"], true);
    ASSERT_GE(state["moves"].size(), 1u);
    EXPECT_EQ(state["moves"][0]["roll"], true);
    EXPECT_EQ(state["dice"]["roll"].is_null(), state["moves"].back()["roll"] == false);

    auto game = games::make_game({entry.info.name, {}});
    game->play_random(1);  // the first roll
    game->play_random(2);  // the first turn
    game->play_random(3);  // the second roll, not played yet
    const std::string record_roll = game->moves().back();
    const json imported = service().import_record({{"record", game->record({})}});
    EXPECT_EQ(imported["state"]["dice"]["from_ply"], 2);
    ASSERT_GE(imported["state"]["moves"].size(), 3u);
    EXPECT_EQ(imported["state"]["moves"][2]["roll"], true);
    EXPECT_EQ(imported["state"]["moves"][0]["move"], game->moves()[0]);
  }
  EXPECT_GE(chance_games, 1);  // Mughrabieh
}

}  // namespace
}  // namespace ordo::server
