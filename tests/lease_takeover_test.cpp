// Work that must happen once across two server instances on one PostgreSQL database
// (each its own storage, leases and game service, as two processes would have; one fake
// clock, no timer threads: the test calls what the timer calls). The engine thinks only
// on the instance holding the game's lease; when that instance stops renewing it (it
// died), the other takes the game over and its reply is the one stored, once. A fallen
// flag found by both is ended by one. PostgreSQL runs only (the full tier).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <latch>
#include <memory>
#include <pqxx/pqxx>
#include <thread>

#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/storage/pg/pg_storage.h"
#include "support/instance_pair.h"

namespace ordo::server {
namespace {

using nlohmann::json;
constexpr auto kWait = std::chrono::seconds(60);  // generous: the machine is loaded
constexpr std::int64_t kLeaseMs = 3000;

struct Instance {
  Instance(const std::string& url, std::atomic<std::int64_t>& clock, const char* name)
      : storage(url), service(storage, options(clock, name)) {}
  static ServiceOptions options(std::atomic<std::int64_t>& clock, const char* name) {
    ServiceOptions o = testing::instance_options(clock, name, kLeaseMs);
    o.ai_answers_when_stopped = true;  // the test, not the machine, says when it answers
    return o;
  }
  PgStorage storage;
  GameService service;
};

class LeaseTakeover : public testing::InstancePair<Instance> {
 protected:
  GameService& a() { return a_->service; }
  GameService& b() { return b_->service; }
};

// An instance that died leaves its lease rows; the living delete them after a grace
// period, not at once (issue 60: 18 of 20 rows were of instances long dead).
TEST_F(LeaseTakeover, TheLeasesOfAnInstanceThatDiedAreDeletedAfterAGracePeriod) {
  const std::int64_t grace = ServiceOptions{}.lapsed_lease_grace_ms;
  clock_ += kLeaseMs + 1;  // A renews no more: it died
  b().renew_leases();
  EXPECT_EQ(a_->storage.lease_holder(instance_lease_key("A"), clock_.load()), "");
  EXPECT_EQ(b().delete_lapsed_leases(), 0);  // lapsed, but lately
  clock_ += grace;
  b().renew_leases();
  EXPECT_EQ(b().delete_lapsed_leases(), 1);  // A's
  EXPECT_EQ(b_->storage.lease_holder(instance_lease_key("B"), clock_.load()), "B");
  pqxx::connection connection(url_);
  pqxx::work t(connection);
  EXPECT_EQ(t.exec1("SELECT count(*) FROM leases WHERE holder = 'A'")[0].as<int>(), 0);
  EXPECT_EQ(t.exec1("SELECT count(*) FROM leases WHERE holder = 'B'")[0].as<int>(), 1);
}

TEST_F(LeaseTakeover, TheEngineThinksOnOneInstanceAndAnotherTakesOverWhenItsLeaseLapses) {
  const json created = a().create({{"mode", "ai"}, {"ai", {{"color", "black"}}}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  const json moved = a().play(id, {{"token", token}, {"move", created["state"]["legal"][0]}});
  ASSERT_EQ(moved["ai"]["thinking"], true);
  EXPECT_EQ(a_->storage.lease_holder(game_lease_key(id), clock_.load()), "A");
  // A's lease is live: B leaves the game to it, though it sees the engine's turn.
  b().state(id, "");
  EXPECT_EQ(b().take_over_engine_turns(), 0);
  EXPECT_EQ(b().state(id, token)["ai"]["thinking"], false);

  // A renews while it lives ...
  clock_ += kLeaseMs / 2;
  a().renew_leases();
  clock_ += kLeaseMs / 2 + 1;
  EXPECT_EQ(b().take_over_engine_turns(), 0);
  // ... and stops (it hangs, or died): its lease lapses and B takes the game over.
  clock_ += kLeaseMs;
  EXPECT_EQ(b().take_over_engine_turns(), 1);
  EXPECT_EQ(b_->storage.lease_holder(game_lease_key(id), clock_.load()), "B");
  EXPECT_EQ(b().state(id, token)["ai"]["thinking"], true);
  EXPECT_EQ(b().take_over_engine_turns(), 0);  // once

  // A wakes: its renewal finds the lease gone and stops its engine; B's reply is stored.
  a().renew_leases();
  EXPECT_EQ(a().state(id, token)["ai"]["thinking"], false);
  EXPECT_EQ(b().move_now(id, {{"token", token}})["ply"], 1);
  ASSERT_TRUE(b().wait_until_idle(kWait));
  ASSERT_TRUE(a().wait_until_idle(kWait));
  const auto moves = b_->storage.moves_of(id);
  ASSERT_EQ(moves.size(), 2u);  // the player's move and one reply
  EXPECT_EQ(moves[1].by, "black");
  EXPECT_EQ(a().state(id, token)["ply"], 2);
  // The work is done: the lease is given up, so the next reply may be anyone's.
  EXPECT_EQ(b_->storage.lease_holder(game_lease_key(id), clock_.load()), "");
}

TEST_F(LeaseTakeover, MoveNowThroughTheOtherInstanceReachesTheEngineWhereItThinks) {
  const json created = a().create({{"mode", "ai"}, {"ai", {{"color", "black"}}}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  a().play(id, {{"token", token}, {"move", created["state"]["legal"][0]}});
  ASSERT_EQ(a_->storage.lease_holder(game_lease_key(id), clock_.load()), "A");
  // B, where the engine does not think, passes the request on through the database ...
  EXPECT_EQ(b().move_now(id, {{"token", token}})["ply"], 1);
  // ... and A's engine, which answers only when stopped, stops and moves.
  ASSERT_TRUE(a().wait_until_idle(kWait));
  EXPECT_EQ(b_->storage.moves_of(id).size(), 2u);
  EXPECT_EQ(b().state(id, token)["ply"], 2);
  EXPECT_EQ(a_->storage.lease_holder(game_lease_key(id), clock_.load()), "");
}

TEST_F(LeaseTakeover, AReplyStartedOnTheLapsedInstanceIsNotStoredTwice) {
  const json created = a().create({{"mode", "ai"}, {"ai", {{"color", "black"}}}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  a().play(id, {{"token", token}, {"move", created["state"]["legal"][0]}});
  clock_ += kLeaseMs + 1;
  ASSERT_EQ(b().take_over_engine_turns(), 1);
  // Both engines think now (A has not noticed); both are told to answer.
  EXPECT_EQ(b().move_now(id, {{"token", token}})["ply"], 1);
  ASSERT_TRUE(b().wait_until_idle(kWait));
  try {
    a().move_now(id, {{"token", token}});  // A reads the game again first, or is refused
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status(), 409) << e.what();
  }
  ASSERT_TRUE(a().wait_until_idle(kWait));
  EXPECT_EQ(b_->storage.moves_of(id).size(), 2u);
  EXPECT_EQ(a().state(id, token)["ply"], 2);
  EXPECT_EQ(b().state(id, token)["ply"], 2);
}

TEST_F(LeaseTakeover, AFlagFoundByBothInstancesIsEndedOnce) {
  const json created =
      a().create({{"mode", "network"}, {"clock", {{"initial_ms", 10000}, {"increment_ms", 0}}}});
  const std::string id = created["id"];
  // A move each, then White's: a flag before Black's first move would abort the game.
  json moved = created["state"];
  for (const char* seat : {"white", "black", "white"})
    moved = a().play(id, {{"token", created["tokens"][seat]}, {"move", moved["legal"][0]}});
  b().state(id, "");  // both hold it
  clock_ += 10001;    // black's flag falls
  std::latch start(2);
  std::atomic<int> ended{0};
  auto check = [&](GameService& instance) {
    start.arrive_and_wait();
    ended += instance.check_clocks();
  };
  std::thread first(check, std::ref(a())), second(check, std::ref(b()));
  first.join();
  second.join();
  EXPECT_EQ(ended.load(), 1);
  for (GameService* instance : {&a(), &b()}) {
    const json state = instance->state(id, "");
    EXPECT_EQ(state["result"]["winner"], "white");
    EXPECT_EQ(state["clock"]["black_ms"], 0);
  }
  EXPECT_EQ(a().check_clocks() + b().check_clocks(), 0);
}

TEST_F(LeaseTakeover, ATakeoverThatCannotReadTheDatabaseWaitsForTheNextRound) {
  auto execute = [&](const char* sql) {
    pqxx::connection connection(url_);
    pqxx::nontransaction t(connection);
    t.exec(sql);
  };
  execute("ALTER TABLE leases RENAME TO leases_away");
  // The timer's call: an error here must not leave its thread (that would end the process).
  EXPECT_EQ(b().take_over_engine_turns(), 0);
  execute("ALTER TABLE leases_away RENAME TO leases");
  EXPECT_EQ(b().take_over_engine_turns(), 0);
}

TEST_F(LeaseTakeover, TheTimersRoundOutlivesADatabaseOutOfReachAndThenDoesItsWork) {
  const json created =
      a().create({{"mode", "network"}, {"clock", {{"initial_ms", 10000}, {"increment_ms", 0}}}});
  const std::string id = created["id"];
  json moved = created["state"];  // a move each, then White's (as above)
  for (const char* seat : {"white", "black", "white"})
    moved = a().play(id, {{"token", created["tokens"][seat]}, {"move", moved["legal"][0]}});
  auto execute = [&](const char* sql) {
    pqxx::connection connection(url_);
    pqxx::nontransaction t(connection);
    t.exec(sql);
  };
  clock_ += 10001;  // black's flag falls
  execute("ALTER TABLE games RENAME TO games_away");
  // Every step that reads games fails: each is reported, none leaves the round (in the
  // timer's thread, an exception would end the process).
  EXPECT_NO_THROW(a().timer_round(true));
  execute("ALTER TABLE games_away RENAME TO games");
  a().timer_round(true);
  const json state = b().state(id, "");
  EXPECT_EQ(state["result"]["winner"], "white");
  EXPECT_EQ(state["clock"]["black_ms"], 0);
}

}  // namespace
}  // namespace ordo::server
