// The computer's chance at the lower levels: games differ from one to the next, unless
// a fixed seed is asked for (tests, reproducible runs).
#include <gtest/gtest.h>

#include <set>

#include "server/games/game_service.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

class EngineSeedTest : public testing::ServiceFixture {
 protected:
  // The engine's (White's) first moves in `games` new games at level 1.
  std::set<std::string> first_moves(int games) {
    std::set<std::string> moves;
    for (int i = 0; i < games; ++i) {
      const json created = service().create(
          {{"mode", "ai"}, {"size", "8x8"}, {"ai", {{"level", 1}, {"color", "white"}}}});
      EXPECT_TRUE(service().wait_until_idle(std::chrono::seconds(60)));
      const json state = service().state(created["id"], created["tokens"]["black"]);
      EXPECT_EQ(state["ply"], 1);
      moves.insert(state["moves"][0]["move"].get<std::string>());
    }
    return moves;
  }
};

TEST_F(EngineSeedTest, NewGamesDoNotAllOpenTheSameWay) {
  open();
  // Level 1 picks among many near moves (and blunders a third of the time): twelve games
  // opening alike would be a fixed seed, not chance.
  EXPECT_GT(first_moves(12).size(), 1u);
}

TEST_F(EngineSeedTest, AFixedSeedMakesEveryGameTheSame) {
  ServiceOptions options = base_options();
  options.ai_seed = 42;
  open(options);
  EXPECT_EQ(first_moves(6).size(), 1u);
}

}  // namespace
}  // namespace ordo::server
