// Two server instances on one PostgreSQL database (each its own storage, connection pool,
// listener and game service, as two processes would have): any instance serves any
// request for any game, a move is serialised per game in the database (of the same move
// sent to both at once exactly one is accepted, the other gets the 409 one server gives),
// and a watcher on one instance sees a move made on the other. PostgreSQL runs only
// (ORDO_TEST_BACKEND=postgres, the full tier).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <latch>
#include <memory>
#include <thread>

#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/storage/pg/pg_storage.h"
#include "support/pg_cluster.h"
#include "support/test_storage.h"

namespace ordo::server {
namespace {

using nlohmann::json;

struct Instance {
  explicit Instance(const std::string& url) : storage(url), service(storage, options()) {}
  static ServiceOptions options() {
    ServiceOptions o;
    o.clock_tick_ms = 0;
    o.fixed_ai_depth = 1;
    o.engine_hash_mib = 1;
    return o;
  }
  PgStorage storage;
  GameService service;
};

class TwoInstances : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing::testing_on_postgres()) GTEST_SKIP() << "PostgreSQL only";
    const std::string url = testing::test_cluster().new_database();
    a_ = std::make_unique<Instance>(url);
    b_ = std::make_unique<Instance>(url);
  }
  GameService& a() { return a_->service; }
  GameService& b() { return b_->service; }

  std::unique_ptr<Instance> a_, b_;
};

// The ApiError's code of `action`, or "" if it succeeds.
template <class Action>
std::string error_of(Action&& action) {
  try {
    action();
  } catch (const ApiError& e) {
    return e.code();
  }
  return "";
}

TEST_F(TwoInstances, ANetworkGamePlayedWithAlternateRequestsToEach) {
  const json created = a().create({{"mode", "network"}, {"size", "8x8"}});
  const std::string id = created["id"];
  const std::string tokens[2] = {created["tokens"]["white"], created["tokens"]["black"]};
  json state = created["state"];
  for (int ply = 0; ply < 12 && !state["legal"].empty(); ++ply) {
    GameService& instance = ply % 2 == 0 ? b() : a();  // the other one than before
    // Each instance holds the game in memory once it has served it: it must not act on
    // its old copy.
    const std::string token = tokens[ply % 2];
    state = instance.play(id, {{"token", token}, {"move", state["legal"][0]}});
    ASSERT_EQ(state["ply"], ply + 1);
  }
  EXPECT_EQ(a().state(id, "")["moves"], b().state(id, "")["moves"]);
  EXPECT_EQ(a().state(id, "")["position"], state["position"]);
  // A move the other instance already answered is refused as one server refuses it.
  EXPECT_EQ(error_of([&] {
              a().play(id, {{"token", tokens[1 - state["ply"].get<int>() % 2]},
                            {"move", state["legal"][0]}});
            }),
            "not_your_turn");
}

TEST_F(TwoInstances, OfTheSameMoveSentToBothAtOnceExactlyOneIsAccepted) {
  const json created = a().create({{"mode", "network"}, {"size", "8x8"}});
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"], black = created["tokens"]["black"];
  b().state(id, "");  // both hold it in memory
  json state = created["state"];
  for (int round = 0; round < 8 && !state["legal"].empty(); ++round) {
    const std::string token = round % 2 == 0 ? white : black;
    const json move = state["legal"][0];
    std::latch start(2);
    std::atomic<int> accepted{0};
    std::string codes[2];
    auto send = [&](GameService& instance, std::string& code) {
      start.arrive_and_wait();
      code = error_of([&] { instance.play(id, {{"token", token}, {"move", move}}); });
      if (code.empty()) ++accepted;
    };
    std::thread first(send, std::ref(a()), std::ref(codes[0]));
    std::thread second(send, std::ref(b()), std::ref(codes[1]));
    first.join();
    second.join();
    EXPECT_EQ(accepted.load(), 1) << "round " << round;
    // The loser's answer is what one server gives to the same move sent twice.
    EXPECT_EQ(codes[0] + codes[1], "not_your_turn") << "round " << round;
    state = a().state(id, token);
    ASSERT_EQ(state["ply"], round + 1);
  }
  EXPECT_EQ(b().state(id, "")["moves"], a().state(id, "")["moves"]);
}

TEST_F(TwoInstances, AWatcherOnOneInstanceSeesAMoveMadeOnTheOther) {
  const json created = a().create({{"mode", "network"}, {"size", "8x8"}});
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"];
  const GameService::Watch watch = a().watch(id);
  std::uint64_t version = 0;
  ASSERT_TRUE(a().next_state(watch, "", version, std::chrono::milliseconds(0)));  // the start
  const auto before = std::chrono::steady_clock::now();
  const json moved = b().play(id, {{"token", white}, {"move", created["state"]["legal"][0]}});
  // Woken by the database's notification (nothing polls); 20 s is generous on a loaded
  // machine, and the time it took is reported.
  const auto seen = a().next_state(watch, "", version, std::chrono::seconds(20));
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["ply"], 1);
  EXPECT_EQ((*seen)["position"], moved["position"]);
  std::cout << "[ relay    ] a move on B reached A's watcher in "
            << std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - before)
                   .count()
            << " ms (with the move's own request)\n";
}

}  // namespace
}  // namespace ordo::server
