// Details of a game the page shows or exports: the record's Date tag and the house rules
// listed for each rule set.
#include <gtest/gtest.h>

#include "server/game_service.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

class GameDetailsTest : public testing::ServiceFixture {
 protected:
  GameDetailsTest() { open(); }
};

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
  auto mentions_repetition = [](const json& state) {
    for (const auto& rule : state["house_rules"])
      if (rule.get<std::string>().find("repetition") != std::string::npos) return true;
    return false;
  };
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

}  // namespace
}  // namespace ordo::server
