// Whether each seat has an open event stream (a watch with its token), and that a change
// wakes the other player's stream.
#include <gtest/gtest.h>

#include <optional>

#include "server/games/game_service.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

class PresenceTest : public testing::ServiceFixture {
 protected:
  PresenceTest() { open(); }
};

TEST_F(PresenceTest, SeatsWithAnOpenStreamAreConnectedUntilItCloses) {
  const json created = service().create({{"mode", "network"}});
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"], black = created["tokens"]["black"];
  EXPECT_EQ(created["state"]["connected"], json({{"white", false}, {"black", false}}));

  GameService::Watch white_stream = service().watch(id, white);
  std::uint64_t seen = 0;
  json state = *service().next_state(white_stream, white, seen, std::chrono::milliseconds(0));
  EXPECT_EQ(state["connected"], json({{"white", true}, {"black", false}}));
  {
    std::optional<GameService::Watch> black_stream = service().watch(id, black);
    // White's stream wakes: Black arrived.
    auto woke = service().next_state(white_stream, white, seen, std::chrono::seconds(60));
    ASSERT_TRUE(woke);
    EXPECT_EQ((*woke)["connected"], json({{"white", true}, {"black", true}}));
    GameService::Watch spectator = service().watch(id, "");
    EXPECT_EQ(service().state(id, "")["connected"], json({{"white", true}, {"black", true}}));
    black_stream.reset();
    woke = service().next_state(white_stream, white, seen, std::chrono::seconds(60));
    ASSERT_TRUE(woke);
    EXPECT_EQ((*woke)["connected"], json({{"white", true}, {"black", false}}));
  }
  {
    // Two tabs of one player: still connected while either is open.
    GameService::Watch first = service().watch(id, black);
    std::optional<GameService::Watch> second = service().watch(id, black);
    second.reset();
    EXPECT_EQ(service().state(id, "")["connected"]["black"], true);
  }
  EXPECT_EQ(service().state(id, "")["connected"]["black"], false);
}

}  // namespace
}  // namespace ordo::server
