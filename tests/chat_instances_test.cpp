// Chat with two server instances on one PostgreSQL database (issue 60): a message sent
// through one reaches a player watching through the other at once, and the players'
// consent for spectators to read the chat, given through either, holds on both.
// PostgreSQL only (ORDO_TEST_BACKEND=postgres, the full tier).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>

#include "server/games/game_service.h"
#include "server/storage/pg/pg_storage.h"
#include "support/instance_pair.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using std::chrono::seconds;

class ChatOnTwoInstances : public testing::InstancePair<testing::ServiceInstance> {
 protected:
  void SetUp() override {
    InstancePair::SetUp();
    if (IsSkipped()) return;
    const json created = a().create({{"mode", "network"}, {"size", "8x8"}});
    id_ = created["id"];
    white_ = created["tokens"]["white"];
    black_ = created["tokens"]["black"];
  }
  GameService& a() { return a_->service; }
  GameService& b() { return b_->service; }
  // The next state a watcher of `instance` is sent that satisfies `wanted`, within 20 s
  // (generous on a loaded machine: the database's notification wakes it, nothing polls).
  template <class Wanted>
  json next_until(GameService& instance, const GameService::Watch& watch, const std::string& token,
                  std::uint64_t& version, Wanted wanted) {
    const auto deadline = std::chrono::steady_clock::now() + seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
      const auto state = instance.next_state(watch, token, version, seconds(1));
      if (state && wanted(*state)) return *state;
    }
    return nullptr;
  }
  std::string id_, white_, black_;
};

TEST_F(ChatOnTwoInstances, AMessageSentThroughOneReachesAWatcherOfTheOther) {
  const GameService::Watch watch = b().watch(id_, black_);
  std::uint64_t version = 0;
  ASSERT_TRUE(b().next_state(watch, black_, version, std::chrono::milliseconds(0)));
  a().chat(id_, {{"token", white_}, {"text", "hello from A"}});
  const json seen = next_until(b(), watch, black_, version, [](const json& state) {
    return !state["chat"]["messages"].empty();
  });
  ASSERT_FALSE(seen.is_null()) << "the message never reached the other instance's stream";
  EXPECT_EQ(seen["chat"]["messages"][0]["text"], "hello from A");
}

TEST_F(ChatOnTwoInstances, ConsentForSpectatorsGivenThroughEitherHoldsOnBoth) {
  const GameService::Watch on_a = a().watch(id_);
  const GameService::Watch on_b = b().watch(id_);
  std::uint64_t version_a = 0, version_b = 0;
  a().allow_spectator_chat(id_, {{"token", white_}, {"allow", true}});
  b().allow_spectator_chat(id_, {{"token", black_}, {"allow", true}});
  auto readable = [](const json& state) { return state["chat"]["readable"] == true; };
  EXPECT_FALSE(next_until(a(), on_a, "", version_a, readable).is_null());
  EXPECT_FALSE(next_until(b(), on_b, "", version_b, readable).is_null());
  EXPECT_TRUE(a().state(id_, "")["chat"]["readable"]);
  EXPECT_TRUE(b().state(id_, "")["chat"]["readable"]);
}

}  // namespace
}  // namespace ordo::server
