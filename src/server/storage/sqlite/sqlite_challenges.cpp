// SqliteStorage's challenges (ChallengeStorage, challenge_storage.h).
#include "server/storage/sqlite/sqlite_helpers.h"
#include "server/storage/sqlite/sqlite_row.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "server/storage/stored_rows.h"

namespace ordo::server {

namespace {

void bind_param(sqlite3_stmt* s, int i, const std::string& text) {
  bind_text(s, i, text);
}
void bind_param(sqlite3_stmt* s, int i, std::int64_t number) {
  sqlite3_bind_int64(s, i, number);
}

// Runs an UPDATE with `params` bound in order (?1, ?2, ...); how many rows it changed.
template <class... Params>
int update(sqlite3* db, const char* what, const char* sql, const Params&... params) {
  Statement s = prepared(db, sql);
  int i = 0;
  (bind_param(s.get(), ++i, params), ...);
  run(db, s.get(), what);
  return sqlite3_changes(db);
}

}  // namespace

ChallengeStorage::Created SqliteStorage::create_challenge(const StoredChallenge& c, int per_creator,
                                                          int in_all) {
  std::lock_guard lock(mutex_);  // one connection: the count and the insert are one step
  Statement count = prepared(db_,
                             "SELECT count(*), coalesce(sum(creator = ?), 0) FROM challenges "
                             "WHERE state = 'open'");
  sqlite3_bind_int64(count.get(), 1, c.creator);
  next_row(db_, count.get(), "count open challenges");
  if (sqlite3_column_int64(count.get(), 1) >= per_creator) return Created::creator_full;
  if (sqlite3_column_int64(count.get(), 0) >= in_all) return Created::lobby_full;
  const std::string sql = std::string("INSERT INTO challenges (") + kChallengeColumns +
                          ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
  Statement s = prepared(db_, sql.c_str());
  bind_text(s.get(), 1, c.id);
  sqlite3_bind_int64(s.get(), 2, c.creator);
  bind_text(s.get(), 3, c.creator_name);
  sqlite3_bind_int64(s.get(), 4, c.target);
  bind_text(s.get(), 5, c.target_name);
  bind_text(s.get(), 6, c.game);
  bind_text(s.get(), 7, c.rules);
  bind_text(s.get(), 8, c.size);
  bind_text(s.get(), 9, c.setup);
  sqlite3_bind_int(s.get(), 10, c.rated ? 1 : 0);
  bind_text(s.get(), 11, c.color);
  bind_text(s.get(), 12, c.creator_token);
  bind_text(s.get(), 13, c.state);
  sqlite3_bind_int64(s.get(), 14, c.accepter);
  bind_text(s.get(), 15, c.game_id);
  sqlite3_bind_int64(s.get(), 16, c.created_ms);
  bind_text(s.get(), 17, c.instance);
  run(db_, s.get(), "create challenge");
  return Created::created;
}

std::vector<StoredChallenge> SqliteStorage::select_challenges(const char* where,
                                                              const std::string& key) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string("SELECT ") + kChallengeColumns + " FROM challenges WHERE " +
                          where + " ORDER BY created_ms, id";
  Statement s = prepared(db_, sql.c_str());
  if (!key.empty()) bind_text(s.get(), 1, key);
  std::vector<StoredChallenge> list;
  while (next_row(db_, s.get(), "read challenges"))
    list.push_back(read_challenge(SqliteRow(s.get())));
  return list;
}

std::optional<StoredChallenge> SqliteStorage::challenge(const std::string& id) {
  if (id.empty()) return std::nullopt;
  auto list = select_challenges("id = ?", id);
  if (list.empty()) return std::nullopt;
  return std::move(list.front());
}

std::vector<StoredChallenge> SqliteStorage::open_challenges() {
  return select_challenges("state = 'open'", "");
}

bool SqliteStorage::claim_challenge(const std::string& id, std::int64_t accepter) {
  std::lock_guard lock(mutex_);
  return update(db_, "claim challenge",
                "UPDATE challenges SET state = 'accepted', accepter = ?1 WHERE id = ?2 AND "
                "state = 'open' AND creator != ?1",
                accepter, id) == 1;
}

void SqliteStorage::set_challenge_game(const std::string& id, const std::string& game_id) {
  std::lock_guard lock(mutex_);
  update(db_, "store challenge game", "UPDATE challenges SET game_id = ? WHERE id = ?", game_id,
         id);
}

void SqliteStorage::reopen_challenge(const std::string& id) {
  std::lock_guard lock(mutex_);
  update(db_, "reopen challenge",
         "UPDATE challenges SET state = 'open', accepter = 0 WHERE id = ? AND state = 'accepted' "
         "AND game_id = ''",
         id);
}

bool SqliteStorage::close_challenge(const std::string& id, const std::string& state) {
  std::lock_guard lock(mutex_);
  return update(db_, "close challenge",
                "UPDATE challenges SET state = ? WHERE id = ? AND state = 'open'", state, id) == 1;
}

std::vector<std::string> SqliteStorage::cancel_challenges_of(std::int64_t creator) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_,
                         "UPDATE challenges SET state = 'cancelled' WHERE state = 'open' AND "
                         "instance <> '' AND (?1 = 0 OR creator = ?1) RETURNING id");
  sqlite3_bind_int64(s.get(), 1, creator);
  std::vector<std::string> ids;
  while (next_row(db_, s.get(), "cancel challenges")) ids.push_back(column_text(s.get(), 0));
  return ids;
}

}  // namespace ordo::server
