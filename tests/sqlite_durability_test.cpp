// SQLite under a power cut and another process's lock (issue 57). A VFS shim keeps
// unsynced writes in memory and throws them away at the cut (support/power_cut_vfs.h).
// With the default durability every acknowledged move is still there after the cut; the
// fast mode loses what came since the last checkpoint, as docs/cli.md says.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>

#include "server/common/api_error.h"
#include "server/common/storage_error.h"
#include "server/games/game_service.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "server_test_util.h"
#include "support/power_cut_vfs.h"
#include "support/sample_rows.h"
#include "support/test_storage.h"

namespace ordo::server {
namespace {

using testing::sample_game;
using testing::sample_move;
using testing::TempDir;

constexpr int kMoves = 12;

struct AfterTheCut {
  bool game_found = false;
  std::size_t moves_found = 0;
  long syncs = 0;
};

// Creates a game and plays kMoves moves, each acknowledged (the call returned), then cuts
// the power with the connection still open, and opens the database again as a restarted
// machine would.
AfterTheCut play_and_cut(const std::string& path, Durability durability) {
  { SqliteStorage schema(path); }  // the schema, made and closed before the cut
  AfterTheCut after;
  {
    ordo::testing::PowerCutVfs disk;
    {
      SqliteStorage storage(path, durability);
      storage.create_game(sample_game("g1", 1000), {});
      for (int ply = 0; ply < kMoves; ++ply)
        storage.append_move("g1", sample_move(ply), "*", "", 2000 + ply);
      after.syncs = disk.syncs();
      disk.power_cut();
    }  // the dead connection closes: nothing more reaches the disk
  }
  SqliteStorage restarted(path);
  after.game_found = restarted.game("g1").has_value();
  after.moves_found = restarted.moves_of("g1").size();
  return after;
}

class PowerCut : public ::testing::Test {
 protected:
  void SetUp() override {
    if (testing::testing_on_postgres()) GTEST_SKIP() << "SQLite's own durability";
  }
  TempDir dir_;
};

TEST_F(PowerCut, EveryAcknowledgedMoveSurvivesWithTheDefaultDurability) {
  const AfterTheCut after = play_and_cut(dir_.file("full.sqlite"), Durability::full);
  EXPECT_TRUE(after.game_found);
  EXPECT_EQ(after.moves_found, static_cast<std::size_t>(kMoves));
  EXPECT_GE(after.syncs, kMoves);  // one sync per commit at least
}

TEST_F(PowerCut, TheFastModeLosesWhatCameSinceTheLastCheckpointButStaysReadable) {
  const AfterTheCut after = play_and_cut(dir_.file("fast.sqlite"), Durability::fast);
  // Nothing was synced after the schema: the game and its moves are gone, and the
  // database opens clean (no damage).
  EXPECT_FALSE(after.game_found);
  EXPECT_EQ(after.moves_found, 0u);
}

// A writer of another process that holds the database (BEGIN EXCLUSIVE) makes a write fail
// soon, as storage that cannot answer now (503 to the client), instead of every request
// waiting 5 s a statement (issue 57).
TEST(StorageLock, AWriteWaitsForAnotherProcesssLockOnlyBrieflyThenFailsAsUnavailable) {
  if (testing::testing_on_postgres()) GTEST_SKIP() << "SQLite's own locks";
  TempDir dir;
  const std::string path = dir.file("ordo.sqlite");
  {
    SqliteStorage writer(path);
    for (int g = 0; g < 3; ++g) writer.create_game(sample_game("game" + std::to_string(g), 1), {});
  }
  SqliteStorage storage(path);
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(storage.set_result("game1", "1-0", "resignation", 5), StorageUnavailable);
  const auto waited = std::chrono::steady_clock::now() - start;
  EXPECT_LT(waited, std::chrono::milliseconds(SqliteStorage::kLockWaitMs * 4));
  // Reads still answer from the log's snapshot while the other process writes.
  EXPECT_EQ(storage.game_count(), 3);
  sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  storage.set_result("game1", "1-0", "resignation", 5);
  EXPECT_EQ(storage.game("game1")->result, "1-0");
}

// Below the disk reserve, new games are refused with a clear error while the games under
// way still store their moves (issue 57). The reserve is set above the disk's free space.
TEST(DiskReserve, NewGamesAreRefusedBelowTheReserveButMovesGoOn) {
  if (testing::testing_on_postgres()) GTEST_SKIP() << "SQLite's own disk";
  TempDir dir;
  const std::string path = dir.file("ordo.sqlite");
  SqliteStorage roomy_storage(path), full_storage(path);
  ASSERT_TRUE(full_storage.free_disk_bytes().has_value());
  ServiceOptions roomy;
  roomy.clock_tick_ms = 0;
  roomy.disk_reserve_bytes = 0;
  ServiceOptions full = roomy;
  full.disk_reserve_bytes = *full_storage.free_disk_bytes() * 4 + (1ULL << 40);
  GameService before(roomy_storage, roomy);
  const nlohmann::json created = before.create({{"mode", "local"}, {"size", "8x8"}});
  GameService after(full_storage, full);
  try {
    after.create({{"mode", "local"}, {"size", "8x8"}});
    ADD_FAILURE() << "a new game was made below the reserve";
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status(), 507);
    EXPECT_EQ(e.code(), "storage_full");
  }
  const std::string id = created["id"];
  const std::string token = created["tokens"]["white"];
  const nlohmann::json state = after.state(id, token);
  EXPECT_EQ(after.play(id, {{"token", token}, {"move", state["legal"][0]}})["ply"], 1);
}

}  // namespace
}  // namespace ordo::server
