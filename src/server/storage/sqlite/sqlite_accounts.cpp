// SqliteStorage's accounts and sessions (AccountStorage, account_storage.h).
#include "server/common/name_skeleton.h"
#include "server/storage/sql_text.h"
#include "server/storage/sqlite/sqlite_helpers.h"
#include "server/storage/sqlite/sqlite_row.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "server/storage/stored_queries.h"
#include "server/storage/stored_rows.h"

namespace ordo::server {

std::int64_t SqliteStorage::create_account(const std::string& name, const std::string& name_key,
                                           const std::string& password_hash,
                                           std::int64_t created_ms) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_,
                         "INSERT INTO accounts (name, name_key, password_hash, created_ms, "
                         "name_skeleton) VALUES (?,?,?,?,?)");
  bind_text(s.get(), 1, name);
  bind_text(s.get(), 2, name_key);
  bind_text(s.get(), 3, password_hash);
  sqlite3_bind_int64(s.get(), 4, created_ms);
  bind_text(s.get(), 5, name_skeleton(name));
  const int rc = sqlite3_step(s.get());
  if (rc == SQLITE_CONSTRAINT) throw NameTaken();
  if (rc != SQLITE_DONE) fail(db_, "create account");
  return sqlite3_last_insert_rowid(db_);
}

std::optional<StoredAccount> SqliteStorage::select_account(const char* where,
                                                           const std::string& key,
                                                           std::int64_t id) {
  std::lock_guard lock(mutex_);
  const std::string sql =
      std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE " + where;
  Statement s = prepared(db_, sql.c_str());
  if (key.empty())
    sqlite3_bind_int64(s.get(), 1, id);
  else
    bind_text(s.get(), 1, key);
  if (!next_row(db_, s.get(), "read account")) return std::nullopt;
  return read_account(SqliteRow(s.get()));
}

std::vector<StoredAccount> SqliteStorage::all_accounts() {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, sql_text(kAllAccountsQuery, SqlDialect::kSqlite).c_str());
  std::vector<StoredAccount> list;
  while (next_row(db_, s.get(), "list accounts")) list.push_back(read_account(SqliteRow(s.get())));
  return list;
}

bool SqliteStorage::set_account_disabled(std::int64_t id, bool disabled) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  Statement update = prepared(db_, "UPDATE accounts SET disabled = ? WHERE id = ?");
  sqlite3_bind_int(update.get(), 1, disabled ? 1 : 0);
  sqlite3_bind_int64(update.get(), 2, id);
  run(db_, update.get(), "disable account");
  if (sqlite3_changes(db_) != 1) return false;
  if (disabled) {
    Statement end = prepared(db_, "DELETE FROM sessions WHERE account_id = ?");
    sqlite3_bind_int64(end.get(), 1, id);
    run(db_, end.get(), "end sessions");
    Statement withdraw = prepared(db_, kWithdrawChallengesOf);
    sqlite3_bind_int64(withdraw.get(), 1, id);
    while (next_row(db_, withdraw.get(), "withdraw challenges")) {
    }
  }
  t.commit();
  return true;
}

std::optional<StoredAccount> SqliteStorage::account_by_key(const std::string& name_key) {
  if (name_key.empty()) return std::nullopt;
  return select_account("name_key = ?", name_key, 0);
}

std::optional<StoredAccount> SqliteStorage::account_by_skeleton(const std::string& skeleton) {
  if (skeleton.empty()) return std::nullopt;
  return select_account("name_skeleton = ?", skeleton, 0);
}

std::optional<StoredAccount> SqliteStorage::account_by_id(std::int64_t id) {
  return select_account("id = ?", "", id);
}

void SqliteStorage::change_password(std::int64_t id, const std::string& password_hash) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  Statement update = prepared(db_, "UPDATE accounts SET password_hash = ? WHERE id = ?");
  bind_text(update.get(), 1, password_hash);
  sqlite3_bind_int64(update.get(), 2, id);
  run(db_, update.get(), "change password");
  if (sqlite3_changes(db_) != 1)
    throw std::runtime_error("storage: no account " + std::to_string(id));
  Statement end = prepared(db_, "DELETE FROM sessions WHERE account_id = ?");
  sqlite3_bind_int64(end.get(), 1, id);
  run(db_, end.get(), "end sessions");
  t.commit();
}

void SqliteStorage::delete_account(std::int64_t id, const std::string& neutral_name) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  // The games stay, under the neutral name, linked to no account.
  for (const char* sql : {"UPDATE games SET white_name = ?1, white_account = 0 WHERE "
                          "white_account = ?2",
                          "UPDATE games SET black_name = ?1, black_account = 0 WHERE "
                          "black_account = ?2"}) {
    Statement s = prepared(db_, sql);
    bind_text(s.get(), 1, neutral_name);
    sqlite3_bind_int64(s.get(), 2, id);
    run(db_, s.get(), "rename games");
  }
  // Its open challenges (made or received) go, so that no game is made for it later.
  Statement challenges = prepared(db_,
                                  "UPDATE challenges SET state = 'cancelled' WHERE state = "
                                  "'open' AND (creator = ?1 OR target = ?1)");
  sqlite3_bind_int64(challenges.get(), 1, id);
  run(db_, challenges.get(), "cancel challenges");
  // Sessions and ratings go with the account (ON DELETE CASCADE).
  Statement s = prepared(db_, "DELETE FROM accounts WHERE id = ?");
  sqlite3_bind_int64(s.get(), 1, id);
  run(db_, s.get(), "delete account");
  t.commit();
}

void SqliteStorage::create_session(const std::string& digest, std::int64_t account_id,
                                   std::int64_t created_ms, std::int64_t expires_ms) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  // Expired sessions are swept here, so the table holds only live ones (and a few).
  Statement sweep = prepared(db_, "DELETE FROM sessions WHERE expires_ms <= ?");
  sqlite3_bind_int64(sweep.get(), 1, created_ms);
  run(db_, sweep.get(), "sweep sessions");
  Statement s = prepared(
      db_, "INSERT INTO sessions (digest, account_id, created_ms, expires_ms) VALUES (?,?,?,?)");
  bind_text(s.get(), 1, digest);
  sqlite3_bind_int64(s.get(), 2, account_id);
  sqlite3_bind_int64(s.get(), 3, created_ms);
  sqlite3_bind_int64(s.get(), 4, expires_ms);
  run(db_, s.get(), "create session");
  t.commit();
}

std::optional<StoredSession> SqliteStorage::session(const std::string& digest) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, "SELECT account_id, expires_ms FROM sessions WHERE digest = ?");
  bind_text(s.get(), 1, digest);
  if (!next_row(db_, s.get(), "read session")) return std::nullopt;
  return StoredSession{sqlite3_column_int64(s.get(), 0), sqlite3_column_int64(s.get(), 1)};
}

void SqliteStorage::delete_session(const std::string& digest) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, "DELETE FROM sessions WHERE digest = ?");
  bind_text(s.get(), 1, digest);
  run(db_, s.get(), "delete session");
}

void SqliteStorage::add_login_failures(const std::vector<std::string>& keys, std::int64_t at_ms,
                                       std::int64_t forget_until_ms) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  // Failures out of every window are swept here, so the table holds only recent ones.
  Statement sweep = prepared(db_, "DELETE FROM login_failures WHERE at_ms <= ?");
  sqlite3_bind_int64(sweep.get(), 1, forget_until_ms);
  run(db_, sweep.get(), "sweep log-in failures");
  for (const std::string& key : keys) {
    Statement s = prepared(db_, "INSERT INTO login_failures (key, at_ms) VALUES (?, ?)");
    bind_text(s.get(), 1, key);
    sqlite3_bind_int64(s.get(), 2, at_ms);
    run(db_, s.get(), "store a log-in failure");
  }
  t.commit();
}

std::vector<std::int64_t> SqliteStorage::login_failures(const std::string& key,
                                                        std::int64_t since_ms, int limit) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_,
                         "SELECT at_ms FROM login_failures WHERE key = ? AND at_ms > ? "
                         "ORDER BY at_ms DESC LIMIT ?");
  bind_text(s.get(), 1, key);
  sqlite3_bind_int64(s.get(), 2, since_ms);
  sqlite3_bind_int(s.get(), 3, limit);
  std::vector<std::int64_t> times;
  while (next_row(db_, s.get(), "read log-in failures"))
    times.insert(times.begin(), sqlite3_column_int64(s.get(), 0));
  return times;
}

void SqliteStorage::clear_login_failures(const std::string& key) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, "DELETE FROM login_failures WHERE key = ?");
  bind_text(s.get(), 1, key);
  run(db_, s.get(), "clear log-in failures");
}

}  // namespace ordo::server
