// Leases (lease_storage.h) on whichever back end the run names (support/test_storage.h):
// a lease is held by one holder until it lapses, renewed by its holder, taken by another
// once lapsed; a result under a lease is stored only while the lease is held and the game
// goes on; the engine's turns without a live lease are found; the challenges of an
// instance whose lease lapsed are cancelled. On PostgreSQL also: of two instances asking
// for one lease at once, exactly one gets it.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <latch>
#include <thread>

#include "server/storage/pg/pg_storage.h"
#include "server_test_util.h"
#include "support/pg_cluster.h"
#include "support/test_storage.h"

namespace ordo::server {
namespace {

using testing::TempDir;
using testing::TestDatabase;

StoredGame game_against_engine(const std::string& id, const std::string& ai_color) {
  StoredGame g;
  g.id = id;
  g.mode = "ai";
  g.rules = "classic";
  g.size = "8x8";
  g.start = "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w";
  g.white_name = "Ada";
  g.black_name = "Engine";
  g.ai_level = 1;
  g.ai_color = ai_color;
  g.result = "*";
  g.created_ms = g.updated_ms = 1;
  return g;
}

StoredMove move_by(int ply, const std::string& by) {
  return {ply, "m" + std::to_string(ply), by, 10, std::nullopt};
}

// The rows of instances that died are not kept for ever (issue 60: 18 of 20 rows were).
TEST(StorageLeases, LeasesLapsedBeforeAGivenTimeAreDeleted) {
  TempDir dir;
  auto storage = TestDatabase(dir.file("db.sqlite")).open();
  ASSERT_TRUE(storage->take_lease("instance:dead1", "dead1", 0, 1000));
  ASSERT_TRUE(storage->take_lease("game:g1", "dead1", 0, 2000));
  ASSERT_TRUE(storage->take_lease("instance:dead2", "dead2", 0, 5000));  // lapsed lately
  ASSERT_TRUE(storage->take_lease("instance:live", "live", 0, 10000));
  EXPECT_EQ(storage->delete_lapsed_leases(5000), 2);
  EXPECT_EQ(storage->delete_lapsed_leases(5000), 0);
  // What is left answers as before: the live lease holds, the recent lapsed one is still
  // there to be taken over, and a deleted one is free.
  EXPECT_EQ(storage->lease_holder("instance:live", 6000), "live");
  EXPECT_FALSE(storage->take_lease("instance:live", "other", 6000, 11000));
  EXPECT_TRUE(storage->take_lease("instance:dead2", "other", 6000, 11000));
  EXPECT_TRUE(storage->take_lease("game:g1", "other", 6000, 11000));
  EXPECT_EQ(storage->lease_holder("game:g1", 6000), "other");
  EXPECT_EQ(storage->delete_lapsed_leases(10000), 0);  // none lapsed before 10000 now
  EXPECT_EQ(storage->delete_lapsed_leases(11001), 3);
}

TEST(StorageLeases, ALeaseIsHeldByOneHolderUntilItLapses) {
  TempDir dir;
  auto storage = TestDatabase(dir.file("db.sqlite")).open();
  EXPECT_TRUE(storage->take_lease("game:g1", "A", 1000, 6000));
  EXPECT_FALSE(storage->take_lease("game:g1", "B", 5999, 10999));
  EXPECT_EQ(storage->lease_holder("game:g1", 5999), "A");
  EXPECT_TRUE(storage->take_lease("game:g1", "A", 5000, 10000));  // renewed by its holder
  EXPECT_FALSE(storage->take_lease("game:g1", "B", 9999, 14999));
  EXPECT_EQ(storage->lease_holder("game:g1", 10000), "");  // lapsed
  EXPECT_TRUE(storage->take_lease("game:g1", "B", 10000, 15000));
  EXPECT_FALSE(storage->take_lease("game:g1", "A", 10001, 15001));  // A lost it
  storage->release_lease("game:g1", "A");                           // not A's: stays
  EXPECT_EQ(storage->lease_holder("game:g1", 10001), "B");
  storage->release_lease("game:g1", "B");
  EXPECT_EQ(storage->lease_holder("game:g1", 10001), "");
  EXPECT_TRUE(storage->take_lease("game:g1", "A", 10002, 15002));
}

TEST(StorageLeases, AResultUnderALeaseIsStoredOnlyWhileHeldAndOnce) {
  TempDir dir;
  auto storage = TestDatabase(dir.file("db.sqlite")).open();
  storage->create_game(game_against_engine("g1", "black"), {move_by(0, "white")});
  // Nobody holds the lease: nothing is stored.
  EXPECT_FALSE(storage->set_result_under_lease("g1", "0-1", "time", 50, "A", 40));
  ASSERT_TRUE(storage->take_lease(game_lease_key("g1"), "A", 40, 100));
  EXPECT_FALSE(storage->set_result_under_lease("g1", "0-1", "time", 50, "B", 41));   // not B's
  EXPECT_FALSE(storage->set_result_under_lease("g1", "0-1", "time", 50, "A", 100));  // lapsed
  EXPECT_EQ(storage->game("g1")->result, "*");
  EXPECT_TRUE(storage->set_result_under_lease("g1", "0-1", "time", 50, "A", 60));
  EXPECT_EQ(storage->game("g1")->result, "0-1");
  EXPECT_EQ(storage->game("g1")->updated_ms, 50);
  // Once over, no second result, with a lease or without.
  EXPECT_FALSE(storage->set_result_under_lease("g1", "1-0", "time", 70, "A", 61));
  EXPECT_FALSE(storage->set_result_under_lease("g1", "1-0", "time", 70, "", 61));
  EXPECT_EQ(storage->game("g1")->result, "0-1");
  EXPECT_EQ(storage->game("g1")->updated_ms, 50);
}

TEST(StorageLeases, TheEngineTurnsWithoutALiveLeaseAreFound) {
  TempDir dir;
  auto storage = TestDatabase(dir.file("db.sqlite")).open();
  storage->create_game(game_against_engine("white-engine", "white"), {});  // its move
  storage->create_game(game_against_engine("black-engine", "black"), {});  // white's move
  storage->create_game(game_against_engine("owes", "black"), {move_by(0, "white")});
  storage->create_game(game_against_engine("answered", "black"),
                       {move_by(0, "white"), move_by(1, "black")});
  auto over = game_against_engine("over", "black");
  over.result = "1-0";
  storage->create_game(over, {move_by(0, "white")});
  using Ids = std::vector<std::string>;
  auto found = [&](std::int64_t now) {
    Ids ids = storage->engine_turns_unleased(now);
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  EXPECT_EQ(found(100), (Ids{"owes", "white-engine"}));
  ASSERT_TRUE(storage->take_lease(game_lease_key("owes"), "A", 100, 200));
  EXPECT_EQ(found(150), (Ids{"white-engine"}));
  EXPECT_EQ(found(200), (Ids{"owes", "white-engine"}));  // lapsed
}

TEST(StorageLeases, TheChallengesOfAnInstanceWhoseLeaseLapsedAreCancelled) {
  TempDir dir;
  auto storage = TestDatabase(dir.file("db.sqlite")).open();
  const std::int64_t ada = storage->create_account("Ada", "ada", "hash", 1);
  auto challenge = [&](const std::string& id, const std::string& instance) {
    StoredChallenge c;
    c.id = id;
    c.creator = ada;
    c.creator_name = "Ada";
    c.game = "ordo";
    c.rules = "classic";
    c.size = "8x8";
    c.instance = instance;
    c.created_ms = 1;
    ASSERT_EQ(storage->create_challenge(c, 10, 10), ChallengeStorage::Created::created);
  };
  challenge("on-a", "A");
  challenge("on-b", "B");
  ASSERT_TRUE(storage->take_lease(instance_lease_key("A"), "A", 100, 200));
  ASSERT_TRUE(storage->take_lease(instance_lease_key("B"), "B", 100, 300));
  EXPECT_TRUE(storage->cancel_challenges_of_lapsed_instances(150).empty());
  EXPECT_EQ(storage->cancel_challenges_of_lapsed_instances(200), std::vector<std::string>{"on-a"});
  EXPECT_EQ(storage->challenge("on-a")->state, "cancelled");
  EXPECT_EQ(storage->challenge("on-b")->state, "open");
  EXPECT_EQ(storage->challenge("on-b")->instance, "B");
}

TEST(StorageLeases, OfTwoInstancesAskingForOneLeaseAtOnceExactlyOneGetsIt) {
  if (!testing::testing_on_postgres()) GTEST_SKIP() << "PostgreSQL only";
  const std::string url = testing::test_cluster().new_database();
  PgStorage first(url), second(url);
  for (int round = 0; round < 20; ++round) {
    const std::string key = "game:g" + std::to_string(round);
    std::latch start(2);
    std::atomic<int> taken{0};
    auto ask = [&](PgStorage& storage, const char* holder) {
      start.arrive_and_wait();
      if (storage.take_lease(key, holder, 100, 200)) ++taken;
    };
    std::thread a(ask, std::ref(first), "A"), b(ask, std::ref(second), "B");
    a.join();
    b.join();
    EXPECT_EQ(taken.load(), 1) << "round " << round;
  }
}

}  // namespace
}  // namespace ordo::server
