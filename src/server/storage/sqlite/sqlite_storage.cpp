#include "server/storage/sqlite/sqlite_storage.h"

#include <sqlite3.h>

#include <filesystem>
#include <stdexcept>
#include <system_error>

#include "server/common/token_digest.h"
#include "server/storage/look_alike_names.h"
#include "server/storage/schema_tables.h"
#include "server/storage/sql_text.h"
#include "server/storage/sqlite/sqlite_helpers.h"
#include "server/storage/sqlite/sqlite_ratings.h"
#include "server/storage/sqlite/sqlite_row.h"
#include "server/storage/stored_queries.h"
#include "server/storage/stored_rows.h"

namespace ordo::server {

namespace {

void add_column_if_missing(sqlite3* db, const char* table, const char* column,
                           const char* declaration);

// Columns of version 3. A database taken back to an older version by hand may still have
// them, so each is added only if missing.
void add_turn_and_offer_columns(sqlite3* db) {
  add_column_if_missing(db, "games", "draw_offer", "TEXT NOT NULL DEFAULT ''");
  add_column_if_missing(db, "games", "turn_started_ms", "INTEGER NOT NULL DEFAULT 0");
  add_column_if_missing(db, "games", "flag_at_ms", "INTEGER NOT NULL DEFAULT 0");
}

// Columns of version 5: the accounts holding a game's seats, whether it is rated, and
// whether its rating change has been applied (storage_ratings.cpp).
void add_account_columns(sqlite3* db) {
  add_column_if_missing(db, "games", "white_account", "INTEGER NOT NULL DEFAULT 0");
  add_column_if_missing(db, "games", "black_account", "INTEGER NOT NULL DEFAULT 0");
  add_column_if_missing(db, "games", "rated", "INTEGER NOT NULL DEFAULT 0");
  add_column_if_missing(db, "games", "rating_applied", "INTEGER NOT NULL DEFAULT 0");
}

// Version 6: a correspondence game's days per move (0: a clock or none), and whether
// the operator disabled an account.
void add_version_6_columns(sqlite3* db) {
  add_column_if_missing(db, "games", "days_per_move", "INTEGER NOT NULL DEFAULT 0");
  add_column_if_missing(db, "accounts", "disabled", "INTEGER NOT NULL DEFAULT 0");
}

// Version 7: the instance a challenge was made on (lease_storage.h).
void add_challenge_instance_column(sqlite3* db) {
  add_column_if_missing(db, "challenges", "instance", "TEXT NOT NULL DEFAULT ''");
}

// Version 8: the takeback and rematch offers (game_offers.h).
void add_offers_column(sqlite3* db) {
  add_column_if_missing(db, "games", "offers", "TEXT NOT NULL DEFAULT ''");
}

// Version 9: each account's name skeleton (name_skeleton.h), unique. Accounts whose
// names collided before are kept: the oldest holds the skeleton, the others none, and
// the operator is told (`ordo-engine admin names` lists them again).
void add_name_skeletons(sqlite3* db) {
  add_column_if_missing(db, "accounts", "name_skeleton", "TEXT");
  std::vector<StoredAccount> accounts;
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT id, name FROM accounts", -1, &s, nullptr) != SQLITE_OK)
    fail(db, "read account names");
  while (sqlite3_step(s) == SQLITE_ROW) {
    StoredAccount account;
    account.id = sqlite3_column_int64(s, 0);
    account.name = column_text(s, 1);
    accounts.push_back(std::move(account));
  }
  sqlite3_finalize(s);
  if (sqlite3_prepare_v2(db, "UPDATE accounts SET name_skeleton = ? WHERE id = ?", -1, &s,
                         nullptr) != SQLITE_OK)
    fail(db, "prepare skeleton update");
  Statement update(s);
  const auto skeletons = skeletons_to_store(accounts);
  for (std::size_t i = 0; i < accounts.size(); ++i) {
    if (skeletons[i])
      bind_text(s, 1, *skeletons[i]);
    else
      sqlite3_bind_null(s, 1);
    sqlite3_bind_int64(s, 2, accounts[i].id);
    run(db, s, "store a name skeleton");
  }
  warn_of_look_alikes(accounts);
}

// Version 4 stores digests of the seat tokens, not the tokens: the rows of older versions
// are digested here (a value that already is a digest is left as it is).
void digest_stored_tokens(sqlite3* db) {
  struct Seats {
    std::string id, white, black;
  };
  std::vector<Seats> rows;
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT id, white_token, black_token FROM games", -1, &s, nullptr) !=
      SQLITE_OK)
    fail(db, "read tokens");
  while (sqlite3_step(s) == SQLITE_ROW)
    rows.push_back({column_text(s, 0), column_text(s, 1), column_text(s, 2)});
  sqlite3_finalize(s);
  if (sqlite3_prepare_v2(db, "UPDATE games SET white_token = ?, black_token = ? WHERE id = ?", -1,
                         &s, nullptr) != SQLITE_OK)
    fail(db, "prepare token update");
  Statement update(s);
  auto digest = [](const std::string& token) {
    return token.empty() || is_token_digest(token) ? token : token_digest(token);
  };
  for (const auto& row : rows) {
    bind_text(s, 1, digest(row.white));
    bind_text(s, 2, digest(row.black));
    bind_text(s, 3, row.id);
    run(db, s, "store token digests");
  }
}

// Migration i brings the schema from version i to i + 1: its code (if any), then its SQL.
// Never edit one that has shipped; add a new one, and change schema_tables.cpp to match
// (tests/schema_agreement_test.cpp checks that a migrated database has its tables).
struct Migration {
  void (*code)(sqlite3* db);
  const char* sql;
};
constexpr Migration kMigrations[] = {
    // Version 0 is a new database, made at once from the description (schema_tables.cpp);
    // this was the first version's games and moves tables.
    {nullptr, nullptr},
    // The stored-games list is read newest first.
    {nullptr, R"(CREATE INDEX games_by_created ON games(created_ms DESC);)"},
    // A pending draw offer, and the turn's start and flag time, so that a game can leave
    // memory and come back exactly. The timer finds fallen flags through the index.
    {add_turn_and_offer_columns,
     R"(CREATE INDEX IF NOT EXISTS games_by_flag ON games(flag_at_ms) WHERE flag_at_ms > 0;)"},
    {digest_stored_tokens, nullptr},
    // Accounts, their sessions (by token digest) and ratings; the seats of a game may
    // belong to accounts, and a rated game's rating changes are kept with it.
    // (Written to run again on a database taken back to an older version by hand.)
    {add_account_columns, R"(CREATE TABLE IF NOT EXISTS accounts (
         id INTEGER PRIMARY KEY,
         name TEXT NOT NULL,
         name_key TEXT NOT NULL UNIQUE,
         password_hash TEXT NOT NULL,
         created_ms INTEGER NOT NULL);
       CREATE TABLE IF NOT EXISTS sessions (
         digest TEXT PRIMARY KEY,
         account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
         created_ms INTEGER NOT NULL,
         expires_ms INTEGER NOT NULL);
       CREATE INDEX IF NOT EXISTS sessions_by_account ON sessions(account_id);
       CREATE INDEX IF NOT EXISTS sessions_by_expiry ON sessions(expires_ms);
       CREATE TABLE IF NOT EXISTS ratings (
         account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
         game TEXT NOT NULL,
         rules TEXT NOT NULL,
         size TEXT NOT NULL,
         rating REAL NOT NULL,
         deviation REAL NOT NULL,
         volatility REAL NOT NULL,
         games INTEGER NOT NULL,
         PRIMARY KEY (account_id, game, rules, size));
       CREATE INDEX IF NOT EXISTS ratings_by_pool ON ratings(game, rules, size, rating DESC);
       CREATE TABLE IF NOT EXISTS rating_changes (
         game_id TEXT NOT NULL REFERENCES games(id),
         seat TEXT NOT NULL,
         before REAL NOT NULL,
         after REAL NOT NULL,
         deviation_after REAL NOT NULL,
         PRIMARY KEY (game_id, seat));
       CREATE TABLE IF NOT EXISTS challenges (
         id TEXT PRIMARY KEY,
         creator INTEGER NOT NULL,
         creator_name TEXT NOT NULL,
         target INTEGER NOT NULL,
         target_name TEXT NOT NULL,
         game TEXT NOT NULL,
         rules TEXT NOT NULL,
         size TEXT NOT NULL,
         setup TEXT NOT NULL,
         rated INTEGER NOT NULL,
         color TEXT NOT NULL,
         creator_token TEXT NOT NULL,
         state TEXT NOT NULL,
         accepter INTEGER NOT NULL DEFAULT 0,
         game_id TEXT NOT NULL DEFAULT '',
         created_ms INTEGER NOT NULL);
       CREATE INDEX IF NOT EXISTS challenges_open ON challenges(created_ms) WHERE state = 'open';)"},
    // Correspondence games: days per move instead of a clock (their deadline is flag_at_ms,
    // kept across restarts); accounts the operator disabled; the games of an account are
    // read by seat; each game's chat,
    // the seats' consent to spectators reading it, and the accounts' blocks.
    {add_version_6_columns,
     R"(CREATE INDEX IF NOT EXISTS games_by_white_account ON games(white_account)
          WHERE white_account != 0;
        CREATE INDEX IF NOT EXISTS games_by_black_account ON games(black_account)
          WHERE black_account != 0;
        CREATE TABLE IF NOT EXISTS chat_messages (
          id INTEGER PRIMARY KEY,
          game_id TEXT NOT NULL,
          seat TEXT NOT NULL,
          account_id INTEGER NOT NULL,
          name TEXT NOT NULL,
          text TEXT NOT NULL,
          sent_ms INTEGER NOT NULL,
          removed INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX IF NOT EXISTS chat_by_game ON chat_messages(game_id, id);
        CREATE TABLE IF NOT EXISTS chat_spectators (
          game_id TEXT NOT NULL,
          seat TEXT NOT NULL,
          PRIMARY KEY (game_id, seat));
        CREATE TABLE IF NOT EXISTS blocks (
          owner INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          blocked INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          created_ms INTEGER NOT NULL,
          PRIMARY KEY (owner, blocked));)"},
    // Leases for work that must happen once (lease_storage.h), and the instance each
    // challenge was made on.
    {add_challenge_instance_column, R"(CREATE TABLE IF NOT EXISTS leases (
          key TEXT PRIMARY KEY,
          holder TEXT NOT NULL,
          expires_ms INTEGER NOT NULL);)"},
    // The takeback and rematch offers, stored with the game as the draw offer is, each
    // instance's lobby streams per account (challenge_storage.h), and the failed log-ins
    // (login_throttle.h).
    {add_offers_column, R"(CREATE TABLE IF NOT EXISTS lobby_streams (
          account INTEGER NOT NULL,
          instance TEXT NOT NULL,
          streams INTEGER NOT NULL,
          PRIMARY KEY (account, instance));
        CREATE TABLE IF NOT EXISTS login_failures (
          key TEXT NOT NULL,
          at_ms INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS login_failures_by_key ON login_failures (key, at_ms);
        CREATE INDEX IF NOT EXISTS login_failures_by_time ON login_failures (at_ms);)"},
    // Names unique by their skeleton (name_skeleton.h); many NULLs are allowed.
    {add_name_skeletons,
     R"(CREATE UNIQUE INDEX IF NOT EXISTS accounts_by_skeleton ON accounts (name_skeleton);)"},
    // Each seat's consent to spectators seeing the engine's analysis, kept with the game
    // (it was kept in memory, per instance).
    {nullptr, R"(CREATE TABLE IF NOT EXISTS analysis_spectators (
          game_id TEXT NOT NULL,
          seat TEXT NOT NULL,
          PRIMARY KEY (game_id, seat));)"},
    // Ids never reused: without AUTOINCREMENT SQLite gives a deleted account's id (the
    // highest) to the next account. SQLite adds it to no table in place, so both tables
    // with such ids are made again (run with foreign keys off: see migrate()).
    {nullptr, R"(CREATE TABLE "accounts_v11" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "name" TEXT NOT NULL,
          "name_key" TEXT NOT NULL UNIQUE,
          "password_hash" TEXT NOT NULL,
          "created_ms" INTEGER NOT NULL,
          "disabled" INTEGER NOT NULL DEFAULT 0,
          "name_skeleton" TEXT);
        INSERT INTO "accounts_v11" SELECT "id", "name", "name_key", "password_hash",
          "created_ms", "disabled", "name_skeleton" FROM "accounts";
        DROP TABLE "accounts";
        ALTER TABLE "accounts_v11" RENAME TO "accounts";
        CREATE UNIQUE INDEX "accounts_by_skeleton" ON "accounts" ("name_skeleton");
        CREATE TABLE "chat_messages_v11" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "game_id" TEXT NOT NULL,
          "seat" TEXT NOT NULL,
          "account_id" INTEGER NOT NULL,
          "name" TEXT NOT NULL,
          "text" TEXT NOT NULL,
          "sent_ms" INTEGER NOT NULL,
          "removed" INTEGER NOT NULL DEFAULT 0);
        INSERT INTO "chat_messages_v11" SELECT "id", "game_id", "seat", "account_id", "name",
          "text", "sent_ms", "removed" FROM "chat_messages";
        DROP TABLE "chat_messages";
        ALTER TABLE "chat_messages_v11" RENAME TO "chat_messages";
        CREATE INDEX "chat_by_game" ON "chat_messages" ("game_id", "id");)"},
    // Notifications by e-mail (mail_storage.h): each account's address, the links sent by
    // mail (by their token's digest) and the claims that send each mail once.
    {nullptr, R"(CREATE TABLE IF NOT EXISTS "account_emails" (
          "account_id" INTEGER PRIMARY KEY NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          "address" TEXT NOT NULL,
          "verified_ms" INTEGER NOT NULL DEFAULT 0,
          "notify" INTEGER NOT NULL DEFAULT 1);
        CREATE TABLE IF NOT EXISTS "mail_links" (
          "digest" TEXT PRIMARY KEY NOT NULL,
          "account_id" INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          "purpose" TEXT NOT NULL,
          "address" TEXT NOT NULL,
          "created_ms" INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS "mail_links_by_created" ON "mail_links" ("created_ms");
        CREATE TABLE IF NOT EXISTS "mail_claims" (
          "key" TEXT PRIMARY KEY NOT NULL,
          "claimed_ms" INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS "mail_claims_by_time" ON "mail_claims" ("claimed_ms");)"},
};
static_assert(std::size(kMigrations) == SqliteStorage::kSchemaVersion);

void add_column_if_missing(sqlite3* db, const char* table, const char* column,
                           const char* declaration) {
  sqlite3_stmt* s = nullptr;
  const std::string info = std::string("PRAGMA table_info(") + table + ")";
  if (sqlite3_prepare_v2(db, info.c_str(), -1, &s, nullptr) != SQLITE_OK) fail(db, info);
  bool present = false;
  while (sqlite3_step(s) == SQLITE_ROW) present = present || column_text(s, 1) == column;
  sqlite3_finalize(s);
  if (present) return;
  // Table, column and declaration are ours, never user input.
  const std::string sql =
      std::string("ALTER TABLE ") + table + " ADD COLUMN " + column + " " + declaration;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) fail(db, sql);
}

}  // namespace

void StatementDeleter::operator()(sqlite3_stmt* statement) const {
  sqlite3_finalize(statement);
}

namespace {

// What a person can do about a database that cannot be opened, by SQLite's error code.
std::string advice_for(int code, const std::string& path) {
  switch (code & 0xff) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return path +
             " is damaged. Restore it from a backup, or save what SQLite can still "
             "read with `sqlite3 " +
             path +
             " .recover | sqlite3 recovered.sqlite` and "
             "serve that file instead";
    case SQLITE_READONLY:
    case SQLITE_PERM:
    case SQLITE_CANTOPEN:
    case SQLITE_AUTH:
      return "the server must be able to write " + path +
             " and create files beside it; make both writable for this user, or serve from "
             "another --data directory";
    case SQLITE_FULL:
    case SQLITE_IOERR:
      return "the disk holding " + path + " is full or failing; free space and start again";
    default:
      return "";
  }
}

// Binds a move's row to the insert statement of the moves (?1 game .. ?6 clock).
void bind_move(sqlite3_stmt* m, const std::string& game_id, const StoredMove& move) {
  bind_text(m, 1, game_id);
  sqlite3_bind_int(m, 2, move.ply);
  bind_text(m, 3, move.notation);
  bind_text(m, 4, move.by);
  sqlite3_bind_int64(m, 5, move.think_ms);
  if (move.clock_after_ms)
    sqlite3_bind_int64(m, 6, *move.clock_after_ms);
  else
    sqlite3_bind_null(m, 6);
}

// An empty file would open as a new, empty database: the games would seem gone and new
// ones would be written over whatever the file was meant to hold.
void refuse_empty_file(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_regular_file(path, error) && std::filesystem::file_size(path, error) == 0)
    throw std::runtime_error("storage: " + path +
                             " is empty (0 bytes), not a database: it was probably truncated. "
                             "Restore it from a backup, or delete it to start with no games");
}

}  // namespace

SqliteStorage::SqliteStorage(const std::string& path, Durability durability) {
  refuse_empty_file(path);
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    std::string message = "cannot open " + path + ": " + sqlite3_errmsg(db_);
    const std::string advice = advice_for(sqlite3_errcode(db_), path);
    sqlite3_close(db_);
    throw std::runtime_error("storage: " + message + (advice.empty() ? "" : ". " + advice));
  }
  // Another process's write lock (admin, a backup) is waited for this long, then the write
  // fails as StorageUnavailable (503 to the client) rather than holding every request.
  sqlite3_busy_timeout(db_, kLockWaitMs);
  try {
    // SQLite opens a file it may not write read-only, and would fail only at the first move.
    if (sqlite3_db_readonly(db_, "main") == 1)
      throw std::runtime_error("storage: " + path + " is read-only. " +
                               advice_for(SQLITE_READONLY, path));
    // WAL with synchronous=FULL: the log is synced at every commit, so a commit is on the
    // disk when the call returns and a power cut loses nothing acknowledged. NORMAL
    // (Durability::fast) leaves it in the OS's page cache until the next checkpoint: a
    // killed process still loses nothing, a power cut what came since (durability.h).
    execute("PRAGMA journal_mode=WAL");
    execute(durability == Durability::full ? "PRAGMA synchronous=FULL"
                                           : "PRAGMA synchronous=NORMAL");
    execute("PRAGMA foreign_keys=ON");
    // SQLite's page cache, per connection: 2 MiB (its usual default, stated here because
    // the server's memory must stay bounded however many games are stored).
    execute("PRAGMA cache_size=-2048");
    check_integrity(path);
    migrate();
  } catch (const std::exception& e) {
    const std::string advice = advice_for(sqlite3_extended_errcode(db_), path);
    select_games_.reset();
    sqlite3_close(db_);
    const std::string what = e.what();
    if (advice.empty() || what.find(advice) != std::string::npos) throw;
    throw std::runtime_error(what + ". " + advice);
  }
}

void SqliteStorage::check_integrity(const std::string& path) {
  // quick_check reads every page (O(size), milliseconds for thousands of games) but skips
  // the slow index-content comparison of integrity_check.
  Statement s;
  prepare(s, "PRAGMA quick_check(1)");
  if (sqlite3_step(s.get()) != SQLITE_ROW)
    throw std::runtime_error("storage: cannot check " + path + ": " + sqlite3_errmsg(db_) + ". " +
                             advice_for(sqlite3_extended_errcode(db_), path));
  const std::string verdict = column_text(s.get(), 0);
  if (verdict != "ok")
    throw std::runtime_error("storage: " + path + " failed SQLite's check (" + verdict + "). " +
                             advice_for(SQLITE_CORRUPT, path));
}

void SqliteStorage::checkpoint() {
  std::lock_guard lock(checkpoint_mutex_);
  if (!checkpoint_db_) {
    if (sqlite3_open_v2(sqlite3_db_filename(db_, "main"), &checkpoint_db_, SQLITE_OPEN_READWRITE,
                        nullptr) != SQLITE_OK) {
      sqlite3_close(checkpoint_db_);
      checkpoint_db_ = nullptr;
      throw std::runtime_error("storage: cannot open a connection for checkpoints");
    }
    sqlite3_busy_timeout(checkpoint_db_, 1000);
    // A new connection reads the journal mode only when it first uses the file; until
    // then a checkpoint call silently does nothing.
    sqlite3_exec(checkpoint_db_, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
  }
  // PASSIVE never waits for the writer; what it cannot copy now, a later call will.
  sqlite3_wal_checkpoint_v2(checkpoint_db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
}

std::optional<std::uint64_t> SqliteStorage::free_disk_bytes() {
  std::error_code error;
  const auto path = std::filesystem::path(sqlite3_db_filename(db_, "main")).parent_path();
  const auto space = std::filesystem::space(path.empty() ? "." : path, error);
  if (error) return std::nullopt;
  return space.available;
}

std::string SqliteStorage::flush_for_shutdown() {
  std::lock_guard lock(mutex_);
  int log_frames = 0;
  int copied = 0;
  const int rc =
      sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, &log_frames, &copied);
  if (rc == SQLITE_OK) return "";
  if (rc == SQLITE_BUSY)
    return "another process holds the database; what it has committed is in its log, which "
           "SQLite replays at the next start";
  return std::string("the last checkpoint failed: ") + sqlite3_errmsg(db_);
}

SqliteStorage::~SqliteStorage() {
  insert_game_.reset();
  insert_move_.reset();
  update_result_.reset();
  delete_moves_.reset();
  select_games_.reset();
  select_moves_.reset();
  list_games_.reset();
  select_game_.reset();
  set_draw_offer_.reset();
  set_offers_.reset();
  set_turn_.reset();
  flagged_.reset();
  to_resume_.reset();
  if (checkpoint_db_) sqlite3_close(checkpoint_db_);
  sqlite3_close(db_);  // the last connection to close checkpoints the whole log
}

void SqliteStorage::execute(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message ? message : "unknown error";
    sqlite3_free(message);
    throw std::runtime_error(std::string("storage: ") + text + " in: " + sql);
  }
}

void SqliteStorage::refuse_writes(bool on) {
  std::lock_guard lock(mutex_);
  execute(on ? "PRAGMA query_only=ON" : "PRAGMA query_only=OFF");
}

int SqliteStorage::schema_version() {
  std::lock_guard lock(mutex_);
  Statement s;
  prepare(s, "PRAGMA user_version");
  sqlite3_step(s.get());
  return sqlite3_column_int(s.get(), 0);
}

std::string SqliteStorage::journal_mode() {
  std::lock_guard lock(mutex_);
  Statement s;
  prepare(s, "PRAGMA journal_mode");
  sqlite3_step(s.get());
  return column_text(s.get(), 0);
}

void SqliteStorage::migrate() {
  Statement s;
  prepare(s, "PRAGMA user_version");
  sqlite3_step(s.get());
  const int version = sqlite3_column_int(s.get(), 0);
  s.reset();
  if (version > kSchemaVersion) {
    throw std::runtime_error("storage: the database has schema version " + std::to_string(version) +
                             ", newer than this program's " + std::to_string(kSchemaVersion));
  }
  if (version == 0) {
    Transaction t(db_);
    execute(create_schema_sql(SqlDialect::kSqlite).c_str());
    execute(("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str());
    t.commit();
    return;
  }
  // A table made again is dropped: with foreign keys on, that would delete the rows that
  // refer to it (sessions, ratings, blocks). SQLite's way (ALTER TABLE, "Making Other Kinds
  // Of Table Schema Changes"): keys off outside the transaction, checked before commit.
  execute("PRAGMA foreign_keys=OFF");
  try {
    for (int v = version; v < kSchemaVersion; ++v) {
      Transaction t(db_);
      if (kMigrations[v].code) kMigrations[v].code(db_);
      if (kMigrations[v].sql) execute(kMigrations[v].sql);
      check_foreign_keys();
      // user_version takes no bound parameter; the number is ours, not user input.
      execute(("PRAGMA user_version=" + std::to_string(v + 1)).c_str());
      t.commit();
    }
  } catch (...) {
    execute("PRAGMA foreign_keys=ON");
    throw;
  }
  execute("PRAGMA foreign_keys=ON");
}

void SqliteStorage::check_foreign_keys() {
  Statement s;
  prepare(s, "PRAGMA foreign_key_check");
  if (sqlite3_step(s.get()) == SQLITE_ROW)
    throw std::runtime_error("storage: a migration left a row of " + column_text(s.get(), 0) +
                             " that refers to no row of " + column_text(s.get(), 2));
}

sqlite3_stmt* SqliteStorage::prepare(Statement& slot, const char* sql) {
  if (!slot) {
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &s, nullptr) != SQLITE_OK)
      fail(db_, std::string("prepare ") + sql);
    slot.reset(s);
  }
  return slot.get();
}

void SqliteStorage::create_game(const StoredGame& g, const std::vector<StoredMove>& moves) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  auto* s = prepare(insert_game_,
                    "INSERT INTO games (id, game, mode, rules, size, start, settings, "
                    "white_name, black_name, white_token, black_token, clock_initial_ms, "
                    "clock_increment_ms, ai_level, ai_color, result, reason, created_ms, "
                    "updated_ms, draw_offer, turn_started_ms, flag_at_ms, white_account, "
                    "black_account, rated, days_per_move) "
                    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
  bind_text(s, 1, g.id);
  bind_text(s, 2, g.game);
  bind_text(s, 3, g.mode);
  bind_text(s, 4, g.rules);
  bind_text(s, 5, g.size);
  bind_text(s, 6, g.start);
  bind_text(s, 7, g.settings);
  bind_text(s, 8, g.white_name);
  bind_text(s, 9, g.black_name);
  bind_text(s, 10, g.white_token);
  bind_text(s, 11, g.black_token);
  sqlite3_bind_int64(s, 12, g.clock_initial_ms);
  sqlite3_bind_int64(s, 13, g.clock_increment_ms);
  sqlite3_bind_int(s, 14, g.ai_level);
  bind_text(s, 15, g.ai_color);
  bind_text(s, 16, g.result);
  bind_text(s, 17, g.reason);
  sqlite3_bind_int64(s, 18, g.created_ms);
  sqlite3_bind_int64(s, 19, g.updated_ms);
  bind_text(s, 20, g.draw_offer);
  sqlite3_bind_int64(s, 21, g.turn_started_ms);
  sqlite3_bind_int64(s, 22, g.flag_at_ms);
  sqlite3_bind_int64(s, 23, g.white_account);
  sqlite3_bind_int64(s, 24, g.black_account);
  // Rated only between two accounts.
  sqlite3_bind_int(s, 25, g.rated && g.white_account != 0 && g.black_account != 0 ? 1 : 0);
  sqlite3_bind_int(s, 26, g.days_per_move);
  run(db_, s, "insert game");
  auto* m = prepare(insert_move_,
                    "INSERT INTO moves (game_id, ply, notation, by, think_ms, clock_after_ms) "
                    "VALUES (?,?,?,?,?,?)");
  for (const auto& move : moves) {
    bind_move(m, g.id, move);
    run(db_, m, "insert move");
  }
  t.commit();
}

void SqliteStorage::update_result(const std::string& id, const std::string& result,
                                  const std::string& reason, std::int64_t updated_ms,
                                  std::optional<std::int64_t> flag_at_ms) {
  // With a flag time a new turn starts (a move, an undo); without, the result ends the
  // turn that was running, which began at turn_started_ms.
  auto* s = prepare(update_result_,
                    "UPDATE games SET result = ?1, reason = ?2, updated_ms = ?3, "
                    "turn_started_ms = CASE WHEN ?4 IS NULL THEN turn_started_ms ELSE ?3 END, "
                    "flag_at_ms = COALESCE(?4, 0), draw_offer = '' WHERE id = ?5");
  bind_text(s, 1, result);
  bind_text(s, 2, reason);
  sqlite3_bind_int64(s, 3, updated_ms);
  if (flag_at_ms)
    sqlite3_bind_int64(s, 4, result == "*" ? *flag_at_ms : 0);
  else
    sqlite3_bind_null(s, 4);
  bind_text(s, 5, id);
  run(db_, s, "update game");
  if (sqlite3_changes(db_) != 1) throw std::runtime_error("storage: no stored game " + id);
  // In the same transaction as the result, so a stored result has its rating change.
  if (result != "*") apply_rating_once(db_, id, result);
}

void SqliteStorage::append_move(const std::string& id, const StoredMove& move,
                                const std::string& result, const std::string& reason,
                                std::int64_t updated_ms, std::int64_t flag_at_ms,
                                std::optional<std::int64_t> /*turn_started_ms: one instance*/) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  auto* m = prepare(insert_move_,
                    "INSERT INTO moves (game_id, ply, notation, by, think_ms, clock_after_ms) "
                    "VALUES (?,?,?,?,?,?)");
  bind_move(m, id, move);
  run(db_, m, "insert move");
  update_result(id, result, reason, updated_ms, flag_at_ms);
  t.commit();
}

void SqliteStorage::truncate_moves(const std::string& id, int first_ply, const std::string& result,
                                   const std::string& reason, std::int64_t updated_ms,
                                   std::int64_t flag_at_ms) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  auto* s = prepare(delete_moves_, "DELETE FROM moves WHERE game_id = ? AND ply >= ?");
  bind_text(s, 1, id);
  sqlite3_bind_int(s, 2, first_ply);
  run(db_, s, "delete moves");
  update_result(id, result, reason, updated_ms, flag_at_ms);
  t.commit();
}

void SqliteStorage::set_result(const std::string& id, const std::string& result,
                               const std::string& reason, std::int64_t updated_ms) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  update_result(id, result, reason, updated_ms, std::nullopt);
  t.commit();
}

void SqliteStorage::set_draw_offer(const std::string& id, const std::string& seat) {
  std::lock_guard lock(mutex_);
  auto* s = prepare(set_draw_offer_, "UPDATE games SET draw_offer = ? WHERE id = ?");
  bind_text(s, 1, seat);
  bind_text(s, 2, id);
  run(db_, s, "store draw offer");
  if (sqlite3_changes(db_) != 1) throw std::runtime_error("storage: no stored game " + id);
}

void SqliteStorage::set_rated(const std::string& id, bool rated) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, sql_text(kSetGameRated, SqlDialect::kSqlite).c_str());
  sqlite3_bind_int(s.get(), 1, rated ? 1 : 0);
  bind_text(s.get(), 2, id);
  run(db_, s.get(), "store whether a game is rated");
}

void SqliteStorage::set_offers(const std::string& id, const std::string& expected,
                               const std::string& offers) {
  std::lock_guard lock(mutex_);
  auto* s = prepare(set_offers_, "UPDATE games SET offers = ? WHERE id = ? AND offers = ?");
  bind_text(s, 1, offers);
  bind_text(s, 2, id);
  bind_text(s, 3, expected);
  run(db_, s, "store offers");
  if (sqlite3_changes(db_) == 1) return;
  Statement exists = prepared(db_, "SELECT 1 FROM games WHERE id = ?");
  bind_text(exists.get(), 1, id);
  if (!next_row(db_, exists.get(), "find game"))
    throw std::runtime_error("storage: no stored game " + id);
  throw StaleGame(id);
}

void SqliteStorage::set_turn(const std::string& id, std::int64_t turn_started_ms,
                             std::int64_t flag_at_ms) {
  std::lock_guard lock(mutex_);
  auto* s = prepare(set_turn_, "UPDATE games SET turn_started_ms = ?, flag_at_ms = ? WHERE id = ?");
  sqlite3_bind_int64(s, 1, turn_started_ms);
  sqlite3_bind_int64(s, 2, flag_at_ms);
  bind_text(s, 3, id);
  run(db_, s, "store turn");
  if (sqlite3_changes(db_) != 1) throw std::runtime_error("storage: no stored game " + id);
}

void SqliteStorage::restart_turns(std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Statement s;
  // A correspondence game's deadline is a date the players know: it stands.
  prepare(s,
          "UPDATE games SET turn_started_ms = ?, flag_at_ms = 0 "
          "WHERE result = '*' AND days_per_move = 0");
  sqlite3_bind_int64(s.get(), 1, now_ms);
  run(db_, s.get(), "restart turns");
}

std::vector<StoredGame> SqliteStorage::select_games(Statement& slot, const std::string& sql) {
  auto* s = prepare(slot, sql.c_str());
  std::vector<StoredGame> games;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) games.push_back(read_game(SqliteRow(s)));
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  if (rc != SQLITE_DONE) fail(db_, "read games");
  return games;
}

std::vector<StoredGame> SqliteStorage::all_games() {
  std::lock_guard lock(mutex_);
  static const std::string sql =
      std::string("SELECT ") + kGameColumns + " FROM games ORDER BY created_ms";
  return select_games(select_games_, sql);
}

std::optional<StoredGame> SqliteStorage::game(const std::string& id) {
  std::lock_guard lock(mutex_);
  static const std::string sql = std::string("SELECT ") + kGameColumns + " FROM games WHERE id = ?";
  bind_text(prepare(select_game_, sql.c_str()), 1, id);
  auto games = select_games(select_game_, sql);
  if (games.empty()) return std::nullopt;
  return std::move(games.front());
}

std::optional<GameSummary> SqliteStorage::game_summary(const std::string& id) {
  std::lock_guard lock(mutex_);
  Statement s;
  const std::string sql = std::string("SELECT ") + kGameColumns +
                          ", (SELECT COUNT(*) FROM moves WHERE game_id = games.id) "
                          "FROM games WHERE id = ?";
  prepare(s, sql.c_str());
  bind_text(s.get(), 1, id);
  if (!next_row(db_, s.get(), "read game")) return std::nullopt;
  return GameSummary{read_game(SqliteRow(s.get())), sqlite3_column_int(s.get(), kGameColumnCount)};
}

std::int64_t SqliteStorage::game_count() {
  std::lock_guard lock(mutex_);
  Statement s;
  prepare(s, "SELECT COUNT(*) FROM games");
  if (sqlite3_step(s.get()) != SQLITE_ROW) fail(db_, "count games");
  return sqlite3_column_int64(s.get(), 0);
}

std::vector<StoredGame> SqliteStorage::games_to_resume() {
  std::lock_guard lock(mutex_);
  static const std::string sql =
      std::string("SELECT ") + kGameColumns +
      " FROM games WHERE result = '*' AND ("
      "(clock_initial_ms > 0 AND days_per_move = 0 AND EXISTS (SELECT 1 FROM moves WHERE game_id = "
      "games.id)) OR "
      "(mode = 'ai' AND COALESCE((SELECT by FROM moves WHERE game_id = games.id "
      "ORDER BY ply DESC LIMIT 1), '') != ai_color)) ORDER BY created_ms";
  return select_games(to_resume_, sql);
}

std::vector<std::string> SqliteStorage::games_flagged_at(std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto* s = prepare(flagged_, "SELECT id FROM games WHERE flag_at_ms > 0 AND flag_at_ms <= ?");
  sqlite3_bind_int64(s, 1, now_ms);
  std::vector<std::string> ids;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) ids.push_back(column_text(s, 0));
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  if (rc != SQLITE_DONE) fail(db_, "read fallen flags");
  return ids;
}

std::vector<StoredMove> SqliteStorage::moves_of(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto* s = prepare(select_moves_,
                    "SELECT ply, notation, by, think_ms, clock_after_ms FROM moves "
                    "WHERE game_id = ? ORDER BY ply");
  bind_text(s, 1, id);
  std::vector<StoredMove> moves;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    StoredMove m;
    m.ply = sqlite3_column_int(s, 0);
    m.notation = column_text(s, 1);
    m.by = column_text(s, 2);
    m.think_ms = sqlite3_column_int64(s, 3);
    if (sqlite3_column_type(s, 4) != SQLITE_NULL) m.clock_after_ms = sqlite3_column_int64(s, 4);
    moves.push_back(std::move(m));
  }
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  if (rc != SQLITE_DONE) fail(db_, "read moves");
  return moves;
}

std::vector<GameSummary> SqliteStorage::list_public_games(const std::string& status, int limit,
                                                          int offset) {
  std::lock_guard lock(mutex_);
  static const std::string sql = sql_text(kPublicGamesQuery, SqlDialect::kSqlite);
  auto* s = prepare(list_games_, sql.c_str());
  bind_text(s, 1, status);
  sqlite3_bind_int(s, 2, limit);
  sqlite3_bind_int(s, 3, offset);
  std::vector<GameSummary> list;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    GameSummary summary{read_game(SqliteRow(s)), sqlite3_column_int(s, kGameColumnCount)};
    list.push_back(std::move(summary));
  }
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  if (rc != SQLITE_DONE) fail(db_, "list games");
  return list;
}

std::vector<std::string> SqliteStorage::idle_guest_games(std::int64_t idle_since_ms, int limit) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, sql_text(kIdleGuestGamesQuery, SqlDialect::kSqlite).c_str());
  sqlite3_bind_int64(s.get(), 1, idle_since_ms);
  sqlite3_bind_int(s.get(), 2, limit);
  std::vector<std::string> ids;
  while (next_row(db_, s.get(), "read idle guest games")) ids.push_back(column_text(s.get(), 0));
  return ids;
}

}  // namespace ordo::server
