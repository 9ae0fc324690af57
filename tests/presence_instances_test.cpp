// Whether a player is connected, with two server instances on one PostgreSQL database:
// a seat's event stream open on one instance shows on the other, a seat stays connected
// while a stream of it is open on either, and the streams of an instance that stops or
// dies stop counting, and count again if it lived on (presence_storage.h). One fake clock, no timer
// threads: the test calls what the timer calls. PostgreSQL only (ORDO_TEST_BACKEND=postgres, the
// full tier).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>

#include "server/games/game_service.h"
#include "server/storage/pg/pg_storage.h"
#include "support/instance_pair.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using Watch = GameService::Watch;
constexpr std::int64_t kLeaseMs = 3000;

struct Instance {
  Instance(const std::string& url, std::atomic<std::int64_t>& clock, const char* name)
      : storage(url) {
    service.emplace(storage, testing::instance_options(clock, name, kLeaseMs));
  }
  PgStorage storage;  // outlives the service and every watch of it
  std::optional<GameService> service;
};

// A spectator's event stream on one instance: the states it is sent.
struct Spectator {
  Spectator(GameService& instance, const std::string& id)
      : service(instance), watch(instance.watch(id)) {
    state = *service.next_state(watch, "", version, std::chrono::milliseconds(0));
  }
  // Waits for the state that shows `seat` connected (or not), as the stream would send
  // it; each state comes when the database's notification wakes the stream (nothing
  // polls). Gives up after 20 s, generous on a loaded machine; returns the last state.
  json until_connected(const std::string& seat, bool connected) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (state["connected"][seat] != connected && std::chrono::steady_clock::now() < give_up)
      if (auto next = service.next_state(watch, "", version, std::chrono::milliseconds(500)))
        state = *next;
    return state;
  }
  GameService& service;
  Watch watch;
  std::uint64_t version = 0;
  json state;
};

class PresenceOnTwoInstances : public testing::InstancePair<Instance> {
 protected:
  void SetUp() override {
    InstancePair::SetUp();
    if (IsSkipped()) return;
    const json created = a().create({{"mode", "network"}, {"size", "8x8"}});
    id_ = created["id"];
    white_ = created["tokens"]["white"];
    black_ = created["tokens"]["black"];
  }
  GameService& a() { return *a_->service; }
  GameService& b() { return *b_->service; }

  std::string id_, white_, black_;
};

TEST_F(PresenceOnTwoInstances, AStreamThroughOneInstanceShowsItsPlayerConnectedOnTheOther) {
  Spectator on_b(b(), id_);
  EXPECT_EQ(on_b.state["connected"], json({{"white", false}, {"black", false}}));
  std::optional<Watch> white_on_a = a().watch(id_, white_);
  EXPECT_EQ(on_b.until_connected("white", true)["connected"],
            json({{"white", true}, {"black", false}}));
  // A player reading the state through B (no stream) sees the opponent there too.
  EXPECT_EQ(b().state(id_, black_)["connected"]["white"], true);
  white_on_a.reset();
  EXPECT_EQ(on_b.until_connected("white", false)["connected"]["white"], false);
  EXPECT_EQ(b().state(id_, black_)["connected"]["white"], false);
}

TEST_F(PresenceOnTwoInstances, ASeatWithStreamsOnBothInstancesIsConnectedUntilBothClose) {
  Spectator on_a(a(), id_);
  std::optional<Watch> black_on_a = a().watch(id_, black_);
  std::optional<Watch> black_on_b = b().watch(id_, black_);
  black_on_a.reset();
  // A counts B's stream still (once B's opening reached it, it stays so).
  EXPECT_EQ(on_a.until_connected("black", true)["connected"]["black"], true);
  EXPECT_EQ(a().state(id_, white_)["connected"]["black"], true);
  black_on_b.reset();
  EXPECT_EQ(on_a.until_connected("black", false)["connected"]["black"], false);
}

TEST_F(PresenceOnTwoInstances, TheStreamsOfAnInstanceThatDiedCountUntilItsLeaseLapses) {
  Spectator on_b(b(), id_);
  std::optional<Watch> black_on_a = a().watch(id_, black_);
  ASSERT_EQ(on_b.until_connected("black", true)["connected"]["black"], true);
  // A stops renewing its lease from here on, as a dead instance would; B goes on.
  clock_ += kLeaseMs / 2;
  b().timer_round(true);
  EXPECT_EQ(b().state(id_, white_)["connected"]["black"], true);
  clock_ += kLeaseMs;
  b().timer_round(true);  // its housekeeping drops A's streams and says so
  EXPECT_EQ(on_b.until_connected("black", false)["connected"]["black"], false);
  EXPECT_EQ(b().state(id_, white_)["connected"]["black"], false);
}

TEST_F(PresenceOnTwoInstances, AnInstanceThatLivedOnPastItsLeaseShowsItsStreamsAgain) {
  Spectator on_b(b(), id_);
  std::optional<Watch> white_on_a = a().watch(id_, white_);
  ASSERT_EQ(on_b.until_connected("white", true)["connected"]["white"], true);
  // A's lease lapses (its database was out of reach, say) and B drops its streams...
  clock_ += kLeaseMs + 1;
  b().timer_round(true);
  ASSERT_EQ(on_b.until_connected("white", false)["connected"]["white"], false);
  // ...but A lived on: as it renews its lease, it stores its open streams again.
  a().timer_round(false);
  EXPECT_EQ(on_b.until_connected("white", true)["connected"]["white"], true);
  b().timer_round(true);  // A is live again: nothing of it is dropped
  EXPECT_EQ(b().state(id_, black_)["connected"]["white"], true);
}

TEST_F(PresenceOnTwoInstances, AnInstanceThatStopsShowsItsStreamsClosedAtOnce) {
  Spectator on_b(b(), id_);
  std::optional<Watch> white_on_a = a().watch(id_, white_);
  ASSERT_EQ(on_b.until_connected("white", true)["connected"]["white"], true);
  a_->service.reset();  // the stream itself is cut later, as an HTTP server's would be
  EXPECT_EQ(on_b.until_connected("white", false)["connected"]["white"], false);
}

TEST_F(PresenceOnTwoInstances, AnInstanceStartingUnderItsOldNameForgetsItsOldStreams) {
  Spectator on_b(b(), id_);
  std::optional<Watch> white_on_a = a().watch(id_, white_);
  ASSERT_EQ(on_b.until_connected("white", true)["connected"]["white"], true);
  // A restarts under the same name while its row is still there (it died; its lease is
  // live).
  Instance again(url_, clock_, "A");
  EXPECT_EQ(on_b.until_connected("white", false)["connected"]["white"], false);
}

}  // namespace
}  // namespace ordo::server
