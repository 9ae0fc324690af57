#include "server/storage.h"

#include <sqlite3.h>

#include <stdexcept>

namespace ordo::server {

namespace {

// Migration i brings the schema from version i to i + 1; never edit one that has shipped,
// add a new one.
constexpr const char* kMigrations[] = {
    R"(CREATE TABLE games (
         id TEXT PRIMARY KEY,
         game TEXT NOT NULL,
         mode TEXT NOT NULL,
         rules TEXT NOT NULL,
         size TEXT NOT NULL,
         start TEXT NOT NULL,
         settings TEXT NOT NULL,
         white_name TEXT NOT NULL,
         black_name TEXT NOT NULL,
         white_token TEXT NOT NULL,
         black_token TEXT NOT NULL,
         clock_initial_ms INTEGER NOT NULL,
         clock_increment_ms INTEGER NOT NULL,
         ai_level INTEGER NOT NULL,
         ai_color TEXT NOT NULL,
         result TEXT NOT NULL,
         reason TEXT NOT NULL,
         created_ms INTEGER NOT NULL,
         updated_ms INTEGER NOT NULL);
       CREATE TABLE moves (
         game_id TEXT NOT NULL REFERENCES games(id),
         ply INTEGER NOT NULL,
         notation TEXT NOT NULL,
         by TEXT NOT NULL,
         think_ms INTEGER NOT NULL,
         clock_after_ms INTEGER,
         PRIMARY KEY (game_id, ply));)",
    // The stored-games list is read newest first.
    R"(CREATE INDEX games_by_created ON games(created_ms DESC);)",
};
static_assert(std::size(kMigrations) == Storage::kSchemaVersion);

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
  throw std::runtime_error("storage: " + what + ": " + (db ? sqlite3_errmsg(db) : "no database"));
}

void bind_text(sqlite3_stmt* s, int i, const std::string& text) {
  sqlite3_bind_text(s, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

std::string column_text(sqlite3_stmt* s, int i) {
  const auto* text = sqlite3_column_text(s, i);
  return text ? reinterpret_cast<const char*>(text) : "";
}

// Runs a statement that returns no rows, and resets it for the next use.
void run(sqlite3* db, sqlite3_stmt* s, const char* what) {
  const int rc = sqlite3_step(s);
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  if (rc != SQLITE_DONE) fail(db, what);
}

constexpr const char* kGameColumns =
    "id, game, mode, rules, size, start, settings, white_name, black_name, white_token, "
    "black_token, clock_initial_ms, clock_increment_ms, ai_level, ai_color, result, reason, "
    "created_ms, updated_ms";

StoredGame read_game(sqlite3_stmt* s) {
  StoredGame g;
  g.id = column_text(s, 0);
  g.game = column_text(s, 1);
  g.mode = column_text(s, 2);
  g.rules = column_text(s, 3);
  g.size = column_text(s, 4);
  g.start = column_text(s, 5);
  g.settings = column_text(s, 6);
  g.white_name = column_text(s, 7);
  g.black_name = column_text(s, 8);
  g.white_token = column_text(s, 9);
  g.black_token = column_text(s, 10);
  g.clock_initial_ms = sqlite3_column_int64(s, 11);
  g.clock_increment_ms = sqlite3_column_int64(s, 12);
  g.ai_level = sqlite3_column_int(s, 13);
  g.ai_color = column_text(s, 14);
  g.result = column_text(s, 15);
  g.reason = column_text(s, 16);
  g.created_ms = sqlite3_column_int64(s, 17);
  g.updated_ms = sqlite3_column_int64(s, 18);
  return g;
}

// Rolls back unless committed: a failed write leaves the database as it was.
class Transaction {
 public:
  explicit Transaction(sqlite3* db) : db_(db) {
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
      fail(db_, "begin");
  }
  ~Transaction() {
    if (!committed_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  void commit() {
    if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) fail(db_, "commit");
    committed_ = true;
  }

 private:
  sqlite3* db_;
  bool committed_ = false;
};

}  // namespace

void StatementDeleter::operator()(sqlite3_stmt* statement) const {
  sqlite3_finalize(statement);
}

Storage::Storage(const std::string& path) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    std::string message = "cannot open " + path + ": " + sqlite3_errmsg(db_);
    sqlite3_close(db_);
    throw std::runtime_error("storage: " + message);
  }
  sqlite3_busy_timeout(db_, 5000);
  try {
    // WAL with synchronous=NORMAL: a commit is in the log (the OS's page cache) when the
    // call returns, so a killed process loses nothing committed; only a power cut could.
    execute("PRAGMA journal_mode=WAL");
    execute("PRAGMA synchronous=NORMAL");
    execute("PRAGMA foreign_keys=ON");
    migrate();
  } catch (...) {
    select_games_.reset();
    sqlite3_close(db_);
    throw;
  }
}

void Storage::checkpoint() {
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

Storage::~Storage() {
  insert_game_.reset();
  insert_move_.reset();
  update_result_.reset();
  delete_moves_.reset();
  select_games_.reset();
  select_moves_.reset();
  list_games_.reset();
  if (checkpoint_db_) sqlite3_close(checkpoint_db_);
  sqlite3_close(db_);  // the last connection to close checkpoints the whole log
}

void Storage::execute(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message ? message : "unknown error";
    sqlite3_free(message);
    throw std::runtime_error(std::string("storage: ") + text + " in: " + sql);
  }
}

int Storage::schema_version() {
  std::lock_guard lock(mutex_);
  Statement s;
  prepare(s, "PRAGMA user_version");
  sqlite3_step(s.get());
  return sqlite3_column_int(s.get(), 0);
}

std::string Storage::journal_mode() {
  std::lock_guard lock(mutex_);
  Statement s;
  prepare(s, "PRAGMA journal_mode");
  sqlite3_step(s.get());
  return column_text(s.get(), 0);
}

void Storage::migrate() {
  Statement s;
  prepare(s, "PRAGMA user_version");
  sqlite3_step(s.get());
  const int version = sqlite3_column_int(s.get(), 0);
  s.reset();
  if (version > kSchemaVersion) {
    throw std::runtime_error("storage: the database has schema version " + std::to_string(version) +
                             ", newer than this program's " + std::to_string(kSchemaVersion));
  }
  for (int v = version; v < kSchemaVersion; ++v) {
    Transaction t(db_);
    execute(kMigrations[v]);
    // user_version takes no bound parameter; the number is ours, not user input.
    execute(("PRAGMA user_version=" + std::to_string(v + 1)).c_str());
    t.commit();
  }
}

sqlite3_stmt* Storage::prepare(Statement& slot, const char* sql) {
  if (!slot) {
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &s, nullptr) != SQLITE_OK)
      fail(db_, std::string("prepare ") + sql);
    slot.reset(s);
  }
  return slot.get();
}

void Storage::create_game(const StoredGame& g, const std::vector<StoredMove>& moves) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  auto* s = prepare(insert_game_,
                    "INSERT INTO games (id, game, mode, rules, size, start, settings, "
                    "white_name, black_name, white_token, black_token, clock_initial_ms, "
                    "clock_increment_ms, ai_level, ai_color, result, reason, created_ms, "
                    "updated_ms) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
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
  run(db_, s, "insert game");
  auto* m = prepare(insert_move_,
                    "INSERT INTO moves (game_id, ply, notation, by, think_ms, clock_after_ms) "
                    "VALUES (?,?,?,?,?,?)");
  for (const auto& move : moves) {
    bind_text(m, 1, g.id);
    sqlite3_bind_int(m, 2, move.ply);
    bind_text(m, 3, move.notation);
    bind_text(m, 4, move.by);
    sqlite3_bind_int64(m, 5, move.think_ms);
    if (move.clock_after_ms)
      sqlite3_bind_int64(m, 6, *move.clock_after_ms);
    else
      sqlite3_bind_null(m, 6);
    run(db_, m, "insert move");
  }
  t.commit();
}

void Storage::update_result(const std::string& id, const std::string& result,
                            const std::string& reason, std::int64_t updated_ms) {
  auto* s = prepare(update_result_,
                    "UPDATE games SET result = ?, reason = ?, updated_ms = ? WHERE id = ?");
  bind_text(s, 1, result);
  bind_text(s, 2, reason);
  sqlite3_bind_int64(s, 3, updated_ms);
  bind_text(s, 4, id);
  run(db_, s, "update game");
  if (sqlite3_changes(db_) != 1) throw std::runtime_error("storage: no stored game " + id);
}

void Storage::append_move(const std::string& id, const StoredMove& move, const std::string& result,
                          const std::string& reason, std::int64_t updated_ms) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  auto* m = prepare(insert_move_,
                    "INSERT INTO moves (game_id, ply, notation, by, think_ms, clock_after_ms) "
                    "VALUES (?,?,?,?,?,?)");
  bind_text(m, 1, id);
  sqlite3_bind_int(m, 2, move.ply);
  bind_text(m, 3, move.notation);
  bind_text(m, 4, move.by);
  sqlite3_bind_int64(m, 5, move.think_ms);
  if (move.clock_after_ms)
    sqlite3_bind_int64(m, 6, *move.clock_after_ms);
  else
    sqlite3_bind_null(m, 6);
  run(db_, m, "insert move");
  update_result(id, result, reason, updated_ms);
  t.commit();
}

void Storage::truncate_moves(const std::string& id, int first_ply, const std::string& result,
                             const std::string& reason, std::int64_t updated_ms) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  auto* s = prepare(delete_moves_, "DELETE FROM moves WHERE game_id = ? AND ply >= ?");
  bind_text(s, 1, id);
  sqlite3_bind_int(s, 2, first_ply);
  run(db_, s, "delete moves");
  update_result(id, result, reason, updated_ms);
  t.commit();
}

void Storage::set_result(const std::string& id, const std::string& result,
                         const std::string& reason, std::int64_t updated_ms) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  update_result(id, result, reason, updated_ms);
  t.commit();
}

std::vector<StoredGame> Storage::all_games() {
  std::lock_guard lock(mutex_);
  static const std::string sql =
      std::string("SELECT ") + kGameColumns + " FROM games ORDER BY created_ms";
  auto* s = prepare(select_games_, sql.c_str());
  std::vector<StoredGame> games;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) games.push_back(read_game(s));
  sqlite3_reset(s);
  if (rc != SQLITE_DONE) fail(db_, "read games");
  return games;
}

std::vector<StoredMove> Storage::moves_of(const std::string& id) {
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

std::vector<GameSummary> Storage::list_games(int limit, int offset) {
  std::lock_guard lock(mutex_);
  static const std::string sql = std::string("SELECT ") + kGameColumns +
                                 ", (SELECT COUNT(*) FROM moves WHERE game_id = games.id) "
                                 "FROM games ORDER BY created_ms DESC, rowid DESC LIMIT ? OFFSET ?";
  auto* s = prepare(list_games_, sql.c_str());
  sqlite3_bind_int(s, 1, limit);
  sqlite3_bind_int(s, 2, offset);
  std::vector<GameSummary> list;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    GameSummary summary{read_game(s), sqlite3_column_int(s, 19)};
    list.push_back(std::move(summary));
  }
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  if (rc != SQLITE_DONE) fail(db_, "list games");
  return list;
}

}  // namespace ordo::server
