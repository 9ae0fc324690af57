// The moves a waiting player may queue in a timed game (`premoves` in the state).
#include <gtest/gtest.h>

#include <algorithm>

#include "server/games/game_service.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

class PremoveTest : public testing::ServiceFixture {
 protected:
  PremoveTest() { open(); }
};

TEST_F(PremoveTest, OnlyTheWaitingPlayerOfATimedGameGetsItsOwnMoves) {
  const json created =
      service().create({{"mode", "network"}, {"size", "8x8"}, {"clock", {{"initial_ms", 60000}}}});
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"], black = created["tokens"]["black"];
  EXPECT_FALSE(service().state(id, white).contains("premoves"));  // White is to move
  EXPECT_FALSE(service().state(id, "").contains("premoves"));     // a spectator
  const json waiting = service().state(id, black);
  ASSERT_TRUE(waiting.contains("premoves"));
  const json& premoves = waiting["premoves"];
  ASSERT_FALSE(premoves.empty());
  for (const json& move : premoves)
    EXPECT_EQ(std::count(waiting["legal"].begin(), waiting["legal"].end(), move), 0);

  // White moves; a queued move of Black that is still legal is then simply played.
  const json after = play(id, white, waiting["legal"][0]);
  const json& legal = after["legal"];
  auto still = std::find_if(premoves.begin(), premoves.end(), [&](const json& move) {
    return std::find(legal.begin(), legal.end(), move) != legal.end();
  });
  ASSERT_NE(still, premoves.end());
  EXPECT_EQ(play(id, black, *still)["ply"], 2);
}

TEST_F(PremoveTest, UntimedGamesHaveNoPremoves) {
  const json created = service().create({{"mode", "network"}});
  EXPECT_FALSE(service().state(created["id"], created["tokens"]["black"]).contains("premoves"));
}

TEST_F(PremoveTest, OrderAndChaosPremovesAreTheSamePlacements) {
  const json created = service().create(
      {{"mode", "network"}, {"game", "orderchaos"}, {"clock", {{"initial_ms", 60000}}}});
  const json waiting = service().state(created["id"], created["tokens"]["black"]);
  EXPECT_EQ(waiting["premoves"], waiting["legal"]);
}

}  // namespace
}  // namespace ordo::server
