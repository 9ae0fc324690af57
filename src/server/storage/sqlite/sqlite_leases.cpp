// SqliteStorage's leases (LeaseStorage, lease_storage.h), with the statements of
// PostgreSQL's (pg_storage_leases.cpp). One SQLite server is alone on its file, so the
// service does not take leases on it; they are here so that both back ends keep the same
// schema and answer the same calls.
#include "server/storage/sqlite/sqlite_helpers.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "server/storage/storage_lobby_streams.h"

namespace ordo::server {

namespace {

std::vector<std::string> read_ids(sqlite3* db, sqlite3_stmt* s, const char* what) {
  std::vector<std::string> ids;
  while (next_row(db, s, what)) ids.push_back(column_text(s, 0));
  return ids;
}

}  // namespace

bool SqliteStorage::take_lease(const std::string& key, const std::string& holder,
                               std::int64_t now_ms, std::int64_t until_ms) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_,
                         "INSERT INTO leases (key, holder, expires_ms) VALUES (?1, ?2, ?3) "
                         "ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, "
                         "expires_ms = excluded.expires_ms "
                         "WHERE leases.holder = excluded.holder OR leases.expires_ms <= ?4");
  bind_text(s.get(), 1, key);
  bind_text(s.get(), 2, holder);
  sqlite3_bind_int64(s.get(), 3, until_ms);
  sqlite3_bind_int64(s.get(), 4, now_ms);
  run(db_, s.get(), "take lease");
  return sqlite3_changes(db_) == 1;
}

void SqliteStorage::release_lease(const std::string& key, const std::string& holder) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, "DELETE FROM leases WHERE key = ? AND holder = ?");
  bind_text(s.get(), 1, key);
  bind_text(s.get(), 2, holder);
  run(db_, s.get(), "release lease");
}

std::string SqliteStorage::lease_holder(const std::string& key, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, "SELECT holder FROM leases WHERE key = ? AND expires_ms > ?");
  bind_text(s.get(), 1, key);
  sqlite3_bind_int64(s.get(), 2, now_ms);
  const auto holders = read_ids(db_, s.get(), "read lease");
  return holders.empty() ? std::string() : holders.front();
}

bool SqliteStorage::set_result_under_lease(const std::string& id, const std::string& result,
                                           const std::string& reason, std::int64_t updated_ms,
                                           const std::string& holder, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  Statement going = prepared(db_, "SELECT 1 FROM games WHERE id = ? AND result = '*'");
  bind_text(going.get(), 1, id);
  if (read_ids(db_, going.get(), "read game").empty()) return false;
  if (!holder.empty()) {
    Statement held =
        prepared(db_, "SELECT 1 FROM leases WHERE key = ? AND holder = ? AND expires_ms > ?");
    bind_text(held.get(), 1, game_lease_key(id));
    bind_text(held.get(), 2, holder);
    sqlite3_bind_int64(held.get(), 3, now_ms);
    if (read_ids(db_, held.get(), "check lease").empty()) return false;
  }
  update_result(id, result, reason, updated_ms, std::nullopt);
  t.commit();
  return true;
}

int SqliteStorage::delete_lapsed_leases(std::int64_t lapsed_before_ms) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, "DELETE FROM leases WHERE expires_ms < ?");
  sqlite3_bind_int64(s.get(), 1, lapsed_before_ms);
  run(db_, s.get(), "delete lapsed leases");
  return sqlite3_changes(db_);
}

std::vector<std::string> SqliteStorage::engine_turns_unleased(std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  // The engine is to move when its side did not make the last move (white moves first).
  Statement s = prepared(
      db_,
      "SELECT id FROM games WHERE result = '*' AND mode = 'ai' AND "
      "COALESCE((SELECT by FROM moves WHERE game_id = games.id ORDER BY ply DESC LIMIT 1), "
      "'black') != ai_color AND NOT EXISTS (SELECT 1 FROM leases WHERE key = 'game:' || "
      "games.id AND expires_ms > ?) ORDER BY created_ms");
  sqlite3_bind_int64(s.get(), 1, now_ms);
  return read_ids(db_, s.get(), "read engine turns");
}

std::vector<std::string> SqliteStorage::cancel_challenges_of_lapsed_instances(std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_,
                         "UPDATE challenges SET state = 'cancelled' WHERE state = 'open' AND "
                         "challenges.instance <> '' AND NOT "
                         "EXISTS (SELECT 1 FROM leases WHERE key = 'instance:' || "
                         "challenges.instance AND expires_ms > ?) RETURNING id");
  sqlite3_bind_int64(s.get(), 1, now_ms);
  return read_ids(db_, s.get(), "cancel challenges");
}

int SqliteStorage::count_lobby_streams(std::int64_t account, const std::string& instance,
                                       int change, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  Statement count = prepared(db_, kCountLobbyStreams);
  sqlite3_bind_int64(count.get(), 1, account);
  bind_text(count.get(), 2, instance);
  sqlite3_bind_int(count.get(), 3, change);
  run(db_, count.get(), "count lobby streams");
  Statement drop = prepared(db_, kDropEmptyLobbyStreams);
  sqlite3_bind_int64(drop.get(), 1, account);
  bind_text(drop.get(), 2, instance);
  run(db_, drop.get(), "drop lobby streams");
  Statement live = prepared(db_, kLiveLobbyStreams);
  sqlite3_bind_int64(live.get(), 1, account);
  bind_text(live.get(), 2, instance);
  sqlite3_bind_int64(live.get(), 3, now_ms);
  if (!next_row(db_, live.get(), "read lobby streams")) fail(db_, "read lobby streams");
  const int streams = sqlite3_column_int(live.get(), 0);
  t.commit();
  return streams;
}

}  // namespace ordo::server
