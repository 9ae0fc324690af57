// `ordo-engine admin` through run_cli on a server's database: listing, disabling (a
// disabled account cannot log in and its sessions end) and enabling accounts, removing a
// chat message, an online backup taken while another connection keeps writing, and a
// backup put back (restore): checked, the stale log removed, refused while a server runs.
#include <sqlite3.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "account_fixture.h"
#include "cli/app.h"
#include "server/common/name_skeleton.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "support/served_child.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;
using testing::Browser;

struct CliRun {
  int status;
  std::string out, err;
};

class Admin : public AccountFixture {
 protected:
  // On the fixture's back end: SQLite under --data, or PostgreSQL by --database.
  CliRun admin(std::vector<std::string> args) {
    if (database_.postgres())
      args.insert(args.begin(), {"admin", "--database", database_.url()});
    else
      args.insert(args.begin(), {"admin", "--data", data_dir()});
    std::istringstream in;
    std::ostringstream out, err;
    const int status = cli::run_cli(args, in, out, err);
    return {status, out.str(), err.str()};
  }
  std::string data_dir() { return std::filesystem::path(dir_.file(kDatabase)).parent_path(); }
};

TEST_F(Admin, ListsDisablesAndEnablesAccounts) {
  const Browser alice = signed_up("Alice");
  signed_up("bob");
  CliRun run = admin({"accounts"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out.find("Alice\t"), 0u);
  EXPECT_NE(run.out.find("\nbob\t"), std::string::npos);
  EXPECT_EQ(run.out.find("disabled"), std::string::npos);

  run = admin({"disable", "alice"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(who(alice), "");  // the session ended
  const HttpResponse refused = log_in("Alice", "correct horse");
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(body_of(refused)["code"], "account_disabled");
  // A wrong password still gets the usual answer: the state is told only to the owner.
  EXPECT_EQ(body_of(log_in("Alice", "wrong horse!"))["code"], "bad_login");
  EXPECT_NE(admin({"accounts"}).out.find("Alice\t"), std::string::npos);
  EXPECT_NE(admin({"accounts"}).out.find("disabled"), std::string::npos);

  ASSERT_EQ(admin({"enable", "Alice"}).status, 0);
  EXPECT_EQ(log_in("Alice", "correct horse").status, 200);
  EXPECT_EQ(admin({"disable", "nobody"}).status, 1);
}

// Issue 59: disabling stops everything at once: the sessions (and with them the seats the
// account held on any device), the seat tokens of its games (moves, chat, offers), and its
// open challenges, withdrawn.
TEST_F(Admin, DisablingStopsSeatsChatAndChallengesAtOnce) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob"), carol = signed_up("Carol");
  const HttpResponse posted =
      send(from(alice, request("POST", "/api/challenges", {{"color", "white"}})));
  ASSERT_EQ(posted.status, 201) << posted.body;
  const std::string token = body_of(posted)["token"];
  const HttpResponse accepted = send(from(
      bob, request("POST", "/api/challenges/" +
                               body_of(posted)["challenge"]["id"].get<std::string>() + "/accept")));
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  const std::string game = body_of(accepted)["game"];
  const std::string open_id = body_of(send(
      from(alice, request("POST", "/api/challenges", {{"days_per_move", 3}}))))["challenge"]["id"];
  const std::string move = games_->state(game, token)["legal"][0];

  ASSERT_EQ(admin({"disable", "Alice"}).status, 0);
  const auto action = [&](const std::string& path, const json& body) {
    return send(from(Browser{}, request("POST", "/api/games/" + game + path, body)));
  };
  const HttpResponse moved = action("/moves", {{"token", token}, {"move", move}});
  EXPECT_EQ(moved.status, 403) << moved.body;
  EXPECT_EQ(body_of(moved)["code"], "account_disabled");
  EXPECT_EQ(action("/chat", {{"token", token}, {"text", "hi"}}).status, 403);
  EXPECT_EQ(action("/draw", {{"token", token}, {"action", "offer"}}).status, 403);
  // Her session (any device) holds nothing now.
  EXPECT_EQ(
      send(from(alice, request("POST", "/api/games/" + game + "/resign", json::object()))).status,
      403);
  EXPECT_EQ(storage_->challenge(open_id)->state, "cancelled");
  EXPECT_EQ(send(from(carol, request("POST", "/api/challenges/" + open_id + "/accept"))).status,
            409);
  // Her opponent plays on (and may resign, say).
  EXPECT_EQ(
      send(from(bob, request("POST", "/api/games/" + game + "/resign", json::object()))).status,
      200);
}

// Issue 59: a database of version 8 may hold names that look alike (registered before
// names were unique by skeleton). Version 9's migration keeps them all, gives the oldest
// the skeleton, warns, and `admin names` reports them; no new name may look like them.
TEST_F(Admin, LookAlikeNamesOfAnOlderDatabaseAreKeptAndReported) {
  signed_up("Alice");
  signed_up("Bob");
  router_.reset();
  lobby_.reset();
  accounts_.reset();
  games_.reset();
  storage_.reset();
  // Back to version 8, then two look-alikes of Alice and a name today's rules refuse.
  database_.execute(std::string("DROP INDEX accounts_by_skeleton; ALTER TABLE accounts DROP COLUMN "
                                "name_skeleton; ") +
                    (database_.postgres() ? "UPDATE schema_version SET version = 8; "
                                          : "PRAGMA user_version = 8; ") +
                    "INSERT INTO accounts (name, name_key, password_hash, created_ms) VALUES "
                    "('\u0410lice', '\u0410lice', 'x', 2), ('\uFF21lice', '\uFF41lice', 'x', 3), "
                    "('..', '..', 'x', 4)");
  ::testing::internal::CaptureStderr();
  open();
  const std::string warning = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(storage_->schema_version(), 12);
  EXPECT_NE(warning.find("look alike"), std::string::npos) << warning;
  EXPECT_NE(warning.find("'Alice' (id 1), '\u0410lice' (id 3), '\uFF21lice' (id 4)"),
            std::string::npos)
      << warning;
  // Everyone is kept; the oldest holds the skeleton.
  EXPECT_EQ(storage_->all_accounts().size(), 5u);
  const auto holder = storage_->account_by_skeleton(name_skeleton("alice"));
  ASSERT_TRUE(holder);
  EXPECT_EQ(holder->name, "Alice");
  EXPECT_EQ(log_in("Alice", "correct horse").status, 200);
  const HttpResponse again = register_account("\uFF41lice", "correct horse");  // ａlice
  EXPECT_EQ(again.status, 409) << again.body;

  const CliRun run = admin({"names"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("Names that look alike: \n'Alice' (id 1), '\u0410lice' (id 3), "
                         "'\uFF21lice' (id 4)\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("'..' (id 5): an account name must hold a letter or a digit"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("mixes Cyrillic and Latin"), std::string::npos) << run.out;
}

TEST_F(Admin, ReportsNoLookAlikesWhenThereAreNone) {
  signed_up("Alice");
  signed_up("Bob");
  const CliRun run = admin({"names"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "Names that look alike: none\nNames the rules refuse now: none\n");
}

TEST_F(Admin, RemovesAChatMessage) {
  const json g = games_->create({{"mode", "network"}});
  games_->chat(g["id"], {{"token", g["tokens"]["white"]}, {"text", "rude words"}});
  games_->chat(g["id"], {{"token", g["tokens"]["black"]}, {"text", "gg"}});
  const json before = games_->state(g["id"], g["tokens"]["black"])["chat"]["messages"];
  ASSERT_EQ(before.size(), 2u);
  const CliRun run = admin({"remove-chat", std::to_string(before[0]["id"].get<std::int64_t>())});
  ASSERT_EQ(run.status, 0) << run.err;
  // Gone from the running server's next state too.
  const json after = games_->state(g["id"], g["tokens"]["black"])["chat"]["messages"];
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0]["text"], "gg");
  EXPECT_EQ(admin({"remove-chat", "999999"}).status, 1);
}

TEST_F(Admin, SaysToUsePgDumpForAPostgresqlDatabase) {
  if (!database_.postgres()) GTEST_SKIP() << "PostgreSQL only";
  const CliRun run = admin({"backup", dir_.file("backup.dump")});
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.err.find("pg_dump"), std::string::npos) << run.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("backup.dump")));
}

TEST_F(Admin, RefusesADatabaseThatIsNotPostgresql) {
  std::istringstream in;
  std::ostringstream out, err;
  EXPECT_EQ(cli::run_cli({"admin", "--database", "mysql://db/ordo", "accounts"}, in, out, err), 1);
  EXPECT_NE(err.str().find("postgresql://"), std::string::npos) << err.str();
}

TEST_F(Admin, BacksUpConsistentlyWhileWritesGoOn) {
  if (database_.postgres()) GTEST_SKIP() << "SQLite only (PostgreSQL: pg_dump)";
  const json g = games_->create({{"mode", "local"}});
  std::atomic<bool> stop{false};
  std::atomic<int> written{0};
  // Another connection keeps committing games while the backup runs.
  std::thread writer([&] {
    while (!stop) {
      games_->create({{"mode", "network"}});
      ++written;
    }
  });
  while (written < 5) std::this_thread::yield();
  const std::string copy = dir_.file("backup.sqlite");
  const CliRun run = admin({"backup", copy});
  const int before_end = written.load();
  stop = true;
  writer.join();
  ASSERT_EQ(run.status, 0) << run.err;
  // The copy opens, passes SQLite's own check, and holds a prefix of the writes.
  SqliteStorage backup(copy);
  EXPECT_EQ(backup.schema_version(), SqliteStorage::kSchemaVersion);
  EXPECT_TRUE(backup.game(g["id"]).has_value());
  EXPECT_GE(backup.game_count(), 1 + 5);
  EXPECT_LE(backup.game_count(), 1 + before_end + 1);
  // An existing file is never overwritten.
  EXPECT_EQ(admin({"backup", copy}).status, 1);
}

class AdminRestore : public Admin {
 protected:
  void SetUp() override {
    if (database_.postgres()) GTEST_SKIP() << "SQLite only (PostgreSQL: pg_restore)";
  }
  // The fixture's server goes, as an operator stops theirs before a restore.
  void close_server() {
    router_.reset();
    lobby_.reset();
    accounts_.reset();
    games_.reset();
    storage_.reset();
  }
  std::string file_of(const char* suffix) { return dir_.file(kDatabase) + suffix; }
};

// The damage: a backup copied over ordo.sqlite beside the log of the database it
// replaced. restore removes that log; the database is then the backup, whole.
TEST_F(AdminRestore, PutsBackTheBackupAndRemovesTheStaleLog) {
  const json kept = games_->create({{"mode", "local"}});
  const std::string copy = dir_.file("backup.sqlite");
  ASSERT_EQ(admin({"backup", copy}).status, 0);
  // Later games, still in the log (no checkpoint yet) when the server "crashes": its log
  // is kept, as a crash leaves it.
  for (int i = 0; i < 20; ++i) games_->create({{"mode", "network"}});
  ASSERT_TRUE(std::filesystem::exists(file_of("-wal")));
  std::filesystem::copy_file(file_of("-wal"), dir_.file("stale-wal"));
  close_server();
  std::filesystem::copy_file(dir_.file("stale-wal"), file_of("-wal"),
                             std::filesystem::copy_options::overwrite_existing);
  const CliRun run = admin({"restore", copy});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("removed the old -wal"), std::string::npos) << run.out;
  EXPECT_FALSE(std::filesystem::exists(file_of("-wal")));
  SqliteStorage restored(dir_.file(kDatabase));
  EXPECT_EQ(restored.game_count(), 1u);
  EXPECT_TRUE(restored.game(kept["id"]).has_value());
}

TEST_F(AdminRestore, RefusesADamagedOrForeignFileAndChangesNothing) {
  games_->create({{"mode", "local"}});
  close_server();
  const auto before = std::filesystem::file_size(dir_.file(kDatabase));
  // A backup cut short, as a full disk leaves one.
  const std::string copy = dir_.file("backup.sqlite");
  ASSERT_EQ(admin({"backup", copy}).status, 0);
  std::filesystem::resize_file(copy, std::filesystem::file_size(copy) / 2);
  CliRun run = admin({"restore", copy});
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.err.find("is no backup to restore"), std::string::npos) << run.err;
  // Not a database at all, and a database of something else.
  std::ofstream(dir_.file("notes.txt")) << "not a database";
  EXPECT_EQ(admin({"restore", dir_.file("notes.txt")}).status, 1);
  {
    sqlite3* other = nullptr;
    sqlite3_open(dir_.file("other.sqlite").c_str(), &other);
    sqlite3_exec(other, "CREATE TABLE t (x)", nullptr, nullptr, nullptr);
    sqlite3_close(other);
  }
  run = admin({"restore", dir_.file("other.sqlite")});
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.err.find("not a server's database"), std::string::npos) << run.err;
  EXPECT_EQ(std::filesystem::file_size(dir_.file(kDatabase)), before);
  SqliteStorage still(dir_.file(kDatabase));
  EXPECT_EQ(still.game_count(), 1u);
}

// A server (another process) has the database open: restore refuses, saying which; once
// it stops, the same restore works.
TEST_F(AdminRestore, RefusesWhileAServerHasTheDatabaseOpen) {
  close_server();
  testing::TempDir served_dir;
  const std::string data = served_dir.file("data");
  const std::string copy = served_dir.file("backup.sqlite");
  testing::ServedChild served(ORDO_ENGINE_BINARY, served_dir.path().string(), {});
  std::istringstream in;
  std::ostringstream out, err;
  ASSERT_EQ(cli::run_cli({"admin", "--data", data, "backup", copy}, in, out, err), 0) << err.str();
  std::ostringstream out2, err2;
  EXPECT_EQ(cli::run_cli({"admin", "--data", data, "restore", copy}, in, out2, err2), 1);
  EXPECT_NE(err2.str().find("stop it first"), std::string::npos) << err2.str();
  served.stop();
  std::ostringstream out3, err3;
  EXPECT_EQ(cli::run_cli({"admin", "--data", data, "restore", copy}, in, out3, err3), 0)
      << err3.str();
}

}  // namespace
}  // namespace ordo::server
