// ServerStorage on whichever back end the run names (support/test_storage.h: SQLite by
// default, PostgreSQL with ORDO_TEST_BACKEND=postgres): games, moves and results read
// back after reopening, a refused write changes nothing; and on PostgreSQL, what several
// instances on one database need: migrations run once when two start at once, and of two
// moves for one game stored at once exactly one is accepted.
#include <gtest/gtest.h>

#include <atomic>
#include <latch>
#include <thread>

#include "server/common/name_skeleton.h"
#include "server/storage/pg/pg_storage.h"
#include "server_test_util.h"
#include "support/pg_cluster.h"
#include "support/sample_rows.h"
#include "support/test_storage.h"

namespace ordo::server {
namespace {

using testing::sample_game;
using testing::sample_move;
using testing::TempDir;
using testing::TestDatabase;

TEST(StorageBackends, ANewDatabaseHasSchemaVersionTwelve) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  EXPECT_EQ(database.open()->schema_version(), 12);  // both back ends number alike
}

// Issue 59: a deleted account's id (the highest) is never given to the next account, so
// nothing that still names it (a challenge, a log line, a player's link) means someone else.
TEST(StorageBackends, ADeletedAccountsIdIsNeverGivenAgain) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  const auto storage = database.open();
  storage->create_account("Ada", "ada", "hash", 1);
  const std::int64_t bo = storage->create_account("Bo", "bo", "hash", 2);
  storage->delete_account(bo, "deleted player");
  const std::int64_t cy = storage->create_account("Cy", "cy", "hash", 3);
  EXPECT_GT(cy, bo);
  EXPECT_FALSE(storage->account_by_id(bo));
}

// Issue 59: the unique index on the names' skeletons (name_skeleton.h) holds in storage,
// whatever the callers check first.
TEST(StorageBackends, ANameThatLooksLikeAStoredOneIsRefused) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  const auto storage = database.open();
  const std::int64_t alice = storage->create_account("Alice", "alice", "hash", 1);
  // Cyrillic А: another key, the same skeleton.
  EXPECT_THROW(storage->create_account("\u0410lice", "\u0410lice", "hash", 2), NameTaken);
  storage->create_account("Zoe\u0301", "zoe\u0301", "hash", 3);  // é decomposed
  EXPECT_THROW(storage->create_account("Zo\u00E9", "zo\u00E9", "hash", 4), NameTaken);
  ASSERT_TRUE(storage->account_by_skeleton(name_skeleton("\u0410lice")));
  EXPECT_EQ(storage->account_by_skeleton(name_skeleton("\u0410lice"))->id, alice);
  EXPECT_EQ(storage->all_accounts().size(), 2u);
}

TEST(StorageBackends, OffersAreStoredOnlyOverTheOnesTheWriterRead) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  {
    auto storage = database.open();
    storage->create_game(sample_game("g1", 10), {});
    EXPECT_EQ(storage->game("g1")->offers, "");  // none at first
    storage->set_offers("g1", "", "first");
    // A writer that read the offers before "first" was stored changes nothing.
    EXPECT_THROW(storage->set_offers("g1", "", "second"), StaleGame);
    EXPECT_THROW(storage->set_offers("nope", "", "x"), std::runtime_error);
  }
  EXPECT_EQ(database.open()->game("g1")->offers, "first");
}

TEST(StorageBackends, AChallengeIsStoredOnlyWithinItsCreatorsAndTheLobbysLimits) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  auto storage = database.open();
  auto challenge = [](const std::string& id, std::int64_t creator) {
    StoredChallenge c;
    c.id = id;
    c.creator = creator;
    c.creator_name = "p" + std::to_string(creator);
    c.game = "ordo";
    c.rules = "classic";
    c.size = "8x8";
    c.created_ms = 1;
    return c;
  };
  using Created = ChallengeStorage::Created;
  EXPECT_EQ(storage->create_challenge(challenge("a1", 1), 2, 3), Created::created);
  EXPECT_EQ(storage->create_challenge(challenge("a2", 1), 2, 3), Created::created);
  EXPECT_EQ(storage->create_challenge(challenge("a3", 1), 2, 3), Created::creator_full);
  EXPECT_EQ(storage->create_challenge(challenge("b1", 2), 2, 3), Created::created);
  EXPECT_EQ(storage->create_challenge(challenge("c1", 3), 2, 3), Created::lobby_full);
  EXPECT_FALSE(storage->challenge("a3").has_value());
  EXPECT_FALSE(storage->challenge("c1").has_value());
  // A closed challenge no longer counts.
  ASSERT_TRUE(storage->close_challenge("a1", "cancelled"));
  EXPECT_EQ(storage->create_challenge(challenge("c1", 3), 2, 3), Created::created);
}

TEST(StorageBackends, LobbyStreamsAreCountedOverTheLiveInstances) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  auto storage = database.open();
  ASSERT_TRUE(storage->take_lease(instance_lease_key("A"), "A", 0, 100));
  ASSERT_TRUE(storage->take_lease(instance_lease_key("B"), "B", 0, 50));
  EXPECT_EQ(storage->count_lobby_streams(7, "A", +1, 10), 1);
  EXPECT_EQ(storage->count_lobby_streams(7, "B", +1, 10), 2);
  EXPECT_EQ(storage->count_lobby_streams(7, "A", +1, 10), 3);
  EXPECT_EQ(storage->count_lobby_streams(8, "A", +1, 10), 1);  // another account's
  // B's lease lapsed at 50 (it died): its stream no longer counts.
  EXPECT_EQ(storage->count_lobby_streams(7, "A", -1, 60), 1);
  EXPECT_EQ(storage->count_lobby_streams(7, "A", -1, 60), 0);
  EXPECT_EQ(storage->count_lobby_streams(7, "B", 0, 60), 1);  // B itself still counts its own
}

TEST(StorageBackends, GamesMovesAndResultsReadBackAfterReopening) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  {
    auto storage = database.open();
    // g1 and g2 are between accounts (public); g3 is a guest's, g4 a guest's by
    // correspondence (a deadline ends it, so it never idles out).
    auto between_accounts = [](StoredGame g) {
      g.white_account = 1;
      g.black_account = 2;
      return g;
    };
    storage->create_game(between_accounts(sample_game("g1", 10)), {sample_move(0)});
    // The same millisecond: listed after g1 by id.
    storage->create_game(between_accounts(sample_game("g2", 10)), {});
    storage->create_game(sample_game("g3", 5), {});
    StoredGame by_post = sample_game("g4", 5);
    by_post.days_per_move = 3;
    storage->create_game(by_post, {});
    for (int ply = 1; ply < 5; ++ply) storage->append_move("g1", sample_move(ply), "*", "", 30, 90);
    storage->set_draw_offer("g1", "black");
    storage->set_result("g2", "0-1", "resignation", 40);
  }
  auto storage = database.open();
  const auto g1 = storage->game("g1");
  ASSERT_TRUE(g1);
  EXPECT_EQ(g1->white_name, "Ada");
  EXPECT_EQ(g1->black_token, "tokenB");
  EXPECT_EQ(g1->updated_ms, 30);
  EXPECT_EQ(g1->turn_started_ms, 30);
  EXPECT_EQ(g1->flag_at_ms, 90);
  EXPECT_EQ(g1->draw_offer, "black");
  EXPECT_EQ(storage->game("g2")->result, "0-1");
  EXPECT_EQ(storage->game("g2")->reason, "resignation");
  EXPECT_FALSE(storage->game("nope"));
  const auto moves = storage->moves_of("g1");
  ASSERT_EQ(moves.size(), 5u);
  for (int ply = 0; ply < 5; ++ply) {
    EXPECT_EQ(moves[ply].ply, ply);
    EXPECT_EQ(moves[ply].notation, "m" + std::to_string(ply));
    EXPECT_EQ(moves[ply].think_ms, 100 + ply);
    EXPECT_EQ(moves[ply].clock_after_ms, 60000 - ply);
  }
  EXPECT_EQ(storage->game_count(), 4);
  const auto list = storage->list_public_games("all", 10, 0);
  ASSERT_EQ(list.size(), 2u);  // the guests' games are not listed
  EXPECT_EQ(list[0].game.id, "g2");
  EXPECT_EQ(list[1].plies, 5);
  EXPECT_EQ(storage->list_public_games("all", 1, 1).at(0).game.id, "g1");
  const auto playing = storage->list_public_games("playing", 10, 0);
  ASSERT_EQ(playing.size(), 1u);
  EXPECT_EQ(playing[0].game.id, "g1");
  const auto finished = storage->list_public_games("finished", 10, 0);
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_EQ(finished[0].game.id, "g2");
  // g3 was last changed at 5: idle since 6, not since 5. g1 and g2 are between accounts
  // (and g2 is over), g4 has its deadline.
  EXPECT_EQ(storage->idle_guest_games(6, 10), std::vector<std::string>{"g3"});
  EXPECT_TRUE(storage->idle_guest_games(5, 10).empty());
  EXPECT_TRUE(storage->idle_guest_games(1000, 0).empty());
  EXPECT_EQ(storage->games_flagged_at(89), std::vector<std::string>{});
  EXPECT_EQ(storage->games_flagged_at(90), std::vector<std::string>{"g1"});
}

TEST(StorageBackends, UndoRemovesTheLaterMovesAndARefusedWriteChangesNothing) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  auto storage = database.open();
  storage->create_game(sample_game("g1", 1), {});
  for (int ply = 0; ply < 4; ++ply) storage->append_move("g1", sample_move(ply), "*", "", 2);
  storage->truncate_moves("g1", 2, "*", "", 3);
  EXPECT_EQ(storage->moves_of("g1").size(), 2u);
  // A ply already stored: refused, and the result with it.
  EXPECT_THROW(storage->append_move("g1", sample_move(1), "1-0", "home row", 4),
               std::runtime_error);
  EXPECT_EQ(storage->game("g1")->result, "*");
  EXPECT_THROW(storage->append_move("nope", sample_move(0), "*", "", 4), std::runtime_error);
  storage->refuse_writes(true);
  EXPECT_THROW(storage->append_move("g1", sample_move(2), "*", "", 5), std::runtime_error);
  EXPECT_EQ(storage->game("g1")->updated_ms, 3);  // reads still work
  storage->refuse_writes(false);
  storage->append_move("g1", sample_move(2), "*", "", 5);
  EXPECT_EQ(storage->moves_of("g1").size(), 3u);
}

TEST(StorageBackends, TwoInstancesStartingAtOnceMigrateOnce) {
  if (!testing::testing_on_postgres()) GTEST_SKIP() << "PostgreSQL only";
  const std::string url = testing::test_cluster().new_database(/*migrated=*/false);
  std::latch start(2);
  std::atomic<int> failures{0};
  auto instance = [&] {
    start.arrive_and_wait();
    try {
      PgStorage storage(url);
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
      ++failures;
    }
  };
  std::thread a(instance), b(instance);
  a.join();
  b.join();
  EXPECT_EQ(failures.load(), 0);
  PgStorage storage(url);
  EXPECT_EQ(storage.schema_version(), 12);
  storage.create_game(sample_game("g1", 1), {});  // the tables are there
  EXPECT_EQ(storage.game_count(), 1);
}

TEST(StorageBackends, OfTwoInstancesStoringTheSameMoveAtOnceExactlyOneSucceeds) {
  if (!testing::testing_on_postgres()) GTEST_SKIP() << "PostgreSQL only";
  const std::string url = testing::test_cluster().new_database();
  PgStorage first(url), second(url);
  first.create_game(sample_game("g1", 1), {});
  for (int ply = 0; ply < 20; ++ply) {
    std::latch start(2);
    std::atomic<int> stored{0}, stale{0};
    auto store = [&](PgStorage& storage, const char* notation) {
      StoredMove move = sample_move(ply);
      move.notation = notation;
      start.arrive_and_wait();
      try {
        storage.append_move("g1", move, "*", "", 2 + ply);
        ++stored;
      } catch (const StaleGame&) {
        ++stale;
      }
    };
    std::thread a(store, std::ref(first), "a"), b(store, std::ref(second), "b");
    a.join();
    b.join();
    EXPECT_EQ(stored.load(), 1) << "ply " << ply;
    EXPECT_EQ(stale.load(), 1) << "ply " << ply;
  }
  const auto moves = second.moves_of("g1");
  ASSERT_EQ(moves.size(), 20u);
  // A move after the game ended is refused as well.
  first.set_result("g1", "1-0", "resignation", 50);
  EXPECT_THROW(second.append_move("g1", sample_move(20), "*", "", 51), StaleGame);
}

}  // namespace
}  // namespace ordo::server
