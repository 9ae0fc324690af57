// The SQLite storage: schema migrations, WAL, moves committed before a write returns,
// and games read back after reopening (also after the writer was killed with SIGKILL).
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <optional>

#include "server/storage/sqlite/sqlite_storage.h"
#include "server_test_util.h"
#include "support/sample_rows.h"

namespace ordo::server {
namespace {

using testing::sample_game;
using testing::sample_move;
using testing::TempDir;

// Reads one integer with a separate connection, as another process would see the file.
int count_with_own_connection(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql, -1, &s, nullptr), SQLITE_OK);
  EXPECT_EQ(sqlite3_step(s), SQLITE_ROW);
  const int value = sqlite3_column_int(s, 0);
  sqlite3_finalize(s);
  sqlite3_close(db);
  return value;
}

void execute(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  sqlite3_close(db);
}

TEST(ServerStorage, NewDatabaseHasTheCurrentSchemaInWalMode) {
  TempDir dir;
  SqliteStorage storage(dir.file("db.sqlite"));
  EXPECT_EQ(storage.schema_version(), SqliteStorage::kSchemaVersion);
  EXPECT_EQ(storage.journal_mode(), "wal");
  EXPECT_TRUE(storage.all_games().empty());
}

TEST(ServerStorage, MigrationsRunInOrderFromAnOlderVersion) {
  TempDir dir;
  const std::string path = dir.file("db.sqlite");
  {
    SqliteStorage storage(path);
    storage.create_game(sample_game("g1", 1), {sample_move(0)});
  }
  // Back to version 1: the second migration (the index) is undone.
  execute(path, "DROP INDEX games_by_created; PRAGMA user_version=1;");
  SqliteStorage storage(path);
  EXPECT_EQ(storage.schema_version(), SqliteStorage::kSchemaVersion);
  EXPECT_EQ(count_with_own_connection(
                path, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'games_by_created'"),
            1);
  ASSERT_EQ(storage.all_games().size(), 1u);  // data kept across the migration
  EXPECT_EQ(storage.moves_of("g1").size(), 1u);
}

TEST(ServerStorage, VersionThreeAddsTheDrawOfferAndTheTurnToOldRows) {
  TempDir dir;
  const std::string path = dir.file("db.sqlite");
  {
    SqliteStorage storage(path);
    storage.create_game(sample_game("g1", 1), {sample_move(0)});
  }
  // Back to version 2, as a database of the program before it looked.
  execute(path,
          "DROP INDEX games_by_flag; ALTER TABLE games DROP COLUMN draw_offer; "
          "ALTER TABLE games DROP COLUMN turn_started_ms; "
          "ALTER TABLE games DROP COLUMN flag_at_ms; PRAGMA user_version=2;");
  SqliteStorage storage(path);
  EXPECT_EQ(storage.schema_version(), SqliteStorage::kSchemaVersion);
  const auto game = storage.game("g1");
  ASSERT_TRUE(game);
  EXPECT_EQ(game->draw_offer, "");
  EXPECT_EQ(game->flag_at_ms, 0);
  EXPECT_EQ(game->white_name, "Ada");
  storage.set_draw_offer("g1", "black");
  storage.set_turn("g1", 50, 9000);
  EXPECT_EQ(storage.game("g1")->draw_offer, "black");
  EXPECT_EQ(storage.games_flagged_at(8999), std::vector<std::string>{});
  EXPECT_EQ(storage.games_flagged_at(9000), std::vector<std::string>{"g1"});
}

// Version 11 made the tables with ids again, with AUTOINCREMENT: what refers to an
// account (its sessions, blocks) is kept, and a deleted account's id is not given again.
TEST(ServerStorage, VersionElevenKeepsTheAccountsAndNeverGivesTheirIdsAgain) {
  TempDir dir;
  const std::string path = dir.file("db.sqlite");
  std::int64_t ada = 0, bo = 0;
  {
    SqliteStorage storage(path);
    ada = storage.create_account("Ada", "ada", "hash", 1);
    bo = storage.create_account("Bo", "bo", "hash", 2);
    storage.create_session("digest", bo, 1, 1000);
    storage.block(ada, bo, 3);
  }
  // Back to version 10: accounts as that version made them (a plain rowid).
  execute(path, R"(PRAGMA foreign_keys=OFF;
      CREATE TABLE old_accounts ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL,
        "name_key" TEXT NOT NULL UNIQUE, "password_hash" TEXT NOT NULL,
        "created_ms" INTEGER NOT NULL, "disabled" INTEGER NOT NULL DEFAULT 0,
        "name_skeleton" TEXT);
      INSERT INTO old_accounts SELECT * FROM accounts;
      DROP TABLE accounts;
      ALTER TABLE old_accounts RENAME TO accounts;
      CREATE UNIQUE INDEX accounts_by_skeleton ON accounts (name_skeleton);
      PRAGMA user_version=10;)");
  EXPECT_EQ(count_with_own_connection(path,
                                      "SELECT COUNT(*) FROM sqlite_master WHERE name = "
                                      "'accounts' AND sql LIKE '%AUTOINCREMENT%'"),
            0);
  SqliteStorage storage(path);
  EXPECT_EQ(storage.schema_version(), SqliteStorage::kSchemaVersion);
  EXPECT_EQ(count_with_own_connection(path,
                                      "SELECT COUNT(*) FROM sqlite_master WHERE name = "
                                      "'accounts' AND sql LIKE '%AUTOINCREMENT%'"),
            1);
  ASSERT_TRUE(storage.account_by_id(bo));
  EXPECT_EQ(storage.account_by_id(bo)->name, "Bo");
  EXPECT_TRUE(storage.session("digest"));
  EXPECT_EQ(storage.blocks_of(ada).size(), 1u);
  // Foreign keys hold again after the migration: deleting Bo takes the session with it.
  storage.delete_account(bo, "deleted player");
  EXPECT_FALSE(storage.session("digest"));
  EXPECT_GT(storage.create_account("Cy", "cy", "hash", 4), bo);
}

TEST(ServerStorage, AMoveOrAResultWithdrawsTheOfferAndKeepsTheFlagTime) {
  TempDir dir;
  SqliteStorage storage(dir.file("db.sqlite"));
  storage.create_game(sample_game("g1", 1), {});
  EXPECT_FALSE(storage.game("nope"));
  EXPECT_THROW(storage.set_draw_offer("nope", "white"), std::runtime_error);
  storage.set_draw_offer("g1", "white");
  storage.append_move("g1", sample_move(0), "*", "", 100, 60100);
  auto game = storage.game("g1");
  EXPECT_EQ(game->draw_offer, "");
  EXPECT_EQ(game->turn_started_ms, 100);
  EXPECT_EQ(game->flag_at_ms, 60100);
  EXPECT_EQ(storage.games_flagged_at(70000), std::vector<std::string>{"g1"});
  storage.truncate_moves("g1", 0, "*", "", 200);  // no clock runs before the first move
  EXPECT_EQ(storage.game("g1")->flag_at_ms, 0);
  storage.append_move("g1", sample_move(0), "*", "", 300, 60300);
  storage.set_result("g1", "1-0", "resignation", 400);
  EXPECT_EQ(storage.game("g1")->flag_at_ms, 0);  // a finished game's clock runs no more
  EXPECT_TRUE(storage.games_flagged_at(1'000'000).empty());
  // After a restart only unfinished games' turns start again.
  storage.create_game(sample_game("g2", 2), {sample_move(0)});
  storage.set_turn("g2", 5, 60005);
  storage.restart_turns(7000);
  EXPECT_EQ(storage.game("g2")->turn_started_ms, 7000);
  EXPECT_EQ(storage.game("g2")->flag_at_ms, 0);
  EXPECT_EQ(storage.game("g1")->turn_started_ms, 300);  // the result ended the turn of 300
  EXPECT_EQ(storage.game_count(), 2);
}

TEST(ServerStorage, RefusesADatabaseFromANewerProgram) {
  TempDir dir;
  const std::string path = dir.file("db.sqlite");
  { SqliteStorage storage(path); }
  execute(path, "PRAGMA user_version=99;");
  EXPECT_THROW(SqliteStorage storage(path), std::runtime_error);
}

TEST(ServerStorage, GamesAndMovesReadBackAfterReopening) {
  TempDir dir;
  const std::string path = dir.file("db.sqlite");
  {
    SqliteStorage storage(path);
    storage.create_game(sample_game("g1", 10), {});
    storage.create_game(sample_game("g2", 20), {});
    for (int ply = 0; ply < 5; ++ply) storage.append_move("g1", sample_move(ply), "*", "", 30);
    storage.set_result("g2", "0-1", "resignation", 40);
  }
  SqliteStorage storage(path);
  const auto games = storage.all_games();
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].id, "g1");
  EXPECT_EQ(games[0].white_name, "Ada");
  EXPECT_EQ(games[0].black_token, "tokenB");
  EXPECT_EQ(games[0].clock_increment_ms, 1000);
  EXPECT_EQ(games[0].updated_ms, 30);
  EXPECT_EQ(games[1].result, "0-1");
  EXPECT_EQ(games[1].reason, "resignation");
  const auto moves = storage.moves_of("g1");
  ASSERT_EQ(moves.size(), 5u);
  for (int ply = 0; ply < 5; ++ply) {
    EXPECT_EQ(moves[ply].ply, ply);
    EXPECT_EQ(moves[ply].notation, sample_move(ply).notation);
    EXPECT_EQ(moves[ply].by, sample_move(ply).by);
    EXPECT_EQ(moves[ply].think_ms, 100 + ply);
    EXPECT_EQ(moves[ply].clock_after_ms, 60000 - ply);
  }
  EXPECT_EQ(storage.game_summary("g1")->plies, 5);
}

TEST(ServerStorage, AMoveIsCommittedWhenAppendReturns) {
  TempDir dir;
  const std::string path = dir.file("db.sqlite");
  SqliteStorage storage(path);
  storage.create_game(sample_game("g1", 1), {});
  storage.append_move("g1", sample_move(0), "*", "", 2);
  // Another connection sees it while this one is still open: no transaction is pending.
  EXPECT_EQ(count_with_own_connection(path, "SELECT COUNT(*) FROM moves"), 1);
}

TEST(ServerStorage, TruncateRemovesTheLaterMovesAndAFailedWriteChangesNothing) {
  TempDir dir;
  SqliteStorage storage(dir.file("db.sqlite"));
  storage.create_game(sample_game("g1", 1), {});
  for (int ply = 0; ply < 4; ++ply) storage.append_move("g1", sample_move(ply), "*", "", 2);
  storage.truncate_moves("g1", 2, "*", "", 3);
  EXPECT_EQ(storage.moves_of("g1").size(), 2u);
  // The same ply twice violates the key: the transaction rolls back, nothing is stored.
  EXPECT_THROW(storage.append_move("g1", sample_move(1), "1-0", "home row", 4), std::runtime_error);
  EXPECT_EQ(storage.moves_of("g1").size(), 2u);
  EXPECT_EQ(storage.all_games()[0].result, "*");
  // An unknown game is refused and leaves no move behind.
  EXPECT_THROW(storage.append_move("nope", sample_move(0), "*", "", 4), std::runtime_error);
  EXPECT_EQ(storage.moves_of("nope").size(), 0u);
}

TEST(ServerStorage, CheckpointsKeepEveryMove) {
  TempDir dir;
  const std::string path = dir.file("db.sqlite");
  {
    SqliteStorage storage(path);
    storage.create_game(sample_game("g1", 1), {});
    for (int ply = 0; ply < 3; ++ply) storage.append_move("g1", sample_move(ply), "*", "", 2);
    storage.checkpoint();
    for (int ply = 3; ply < 6; ++ply) storage.append_move("g1", sample_move(ply), "*", "", 2);
    storage.checkpoint();
    storage.append_move("g1", sample_move(6), "*", "", 2);
    // The checkpoints copied the log into the database file while it was open.
    EXPECT_GT(std::filesystem::file_size(path), 4096u);
  }
  EXPECT_EQ(SqliteStorage(path).moves_of("g1").size(), 7u);
}

TEST(ServerStorage, AWriterKilledWithSigkillLosesNoAcknowledgedMove) {
  TempDir dir;
  const std::string path = dir.file("db.sqlite");
  { SqliteStorage(path).create_game(sample_game("g1", 1), {}); }
  int pipe_fds[2];
  ASSERT_EQ(pipe(pipe_fds), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The writer: acknowledges each move (one byte on the pipe) after append_move returns.
    close(pipe_fds[0]);
    try {
      SqliteStorage storage(path);
      for (int ply = 0;; ++ply) {
        storage.append_move("g1", sample_move(ply), "*", "", ply);
        const char ack = 1;
        if (write(pipe_fds[1], &ack, 1) != 1) _exit(1);
      }
    } catch (const std::exception& e) {
      std::fprintf(stderr, "writer: %s\n", e.what());
    }
    _exit(2);  // never returns into the test framework
  }
  close(pipe_fds[1]);
  struct KillChild {  // also when an assertion below returns early
    pid_t pid;
    ~KillChild() {
      if (pid <= 0) return;
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
  };
  KillChild guard{child};
  constexpr int kAcknowledged = 40;
  for (int received = 0; received < kAcknowledged;) {
    char ack;
    ASSERT_EQ(read(pipe_fds[0], &ack, 1), 1);
    ++received;
  }
  kill(child, SIGKILL);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  guard.pid = -1;  // reaped
  close(pipe_fds[0]);
  EXPECT_TRUE(WIFSIGNALED(status));

  SqliteStorage storage(path);
  const auto moves = storage.moves_of("g1");
  ASSERT_GE(moves.size(), static_cast<std::size_t>(kAcknowledged));
  for (std::size_t i = 0; i < moves.size(); ++i) EXPECT_EQ(moves[i].ply, static_cast<int>(i));
}

}  // namespace
}  // namespace ordo::server
