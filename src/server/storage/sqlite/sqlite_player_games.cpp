// SqliteStorage's games of an account (PlayerGamesStorage, player_games_storage.h).
#include "server/storage/sql_text.h"
#include "server/storage/sqlite/sqlite_helpers.h"
#include "server/storage/sqlite/sqlite_row.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "server/storage/stored_queries.h"
#include "server/storage/stored_rows.h"

namespace ordo::server {

std::vector<AccountGame> SqliteStorage::games_of_account(std::int64_t account, bool unfinished_only,
                                                         int limit) {
  std::lock_guard lock(mutex_);
  const std::string sql = sql_text(account_games_query(unfinished_only), SqlDialect::kSqlite);
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) fail(db_, sql);
  Statement s(raw);
  sqlite3_bind_int64(raw, 1, account);
  sqlite3_bind_int(raw, 2, limit);
  std::vector<AccountGame> games;
  while (next_row(db_, raw, "read an account's games"))
    games.push_back(read_account_game(SqliteRow(raw)));
  return games;
}

std::vector<PoolRating> SqliteStorage::ratings_of(std::int64_t account) {
  std::lock_guard lock(mutex_);
  sqlite3_stmt* raw = nullptr;
  const std::string sql = sql_text(kAccountRatingsQuery, SqlDialect::kSqlite);
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) fail(db_, sql);
  Statement s(raw);
  sqlite3_bind_int64(raw, 1, account);
  std::vector<PoolRating> list;
  while (next_row(db_, raw, "read an account's ratings"))
    list.push_back(read_pool_rating(SqliteRow(raw)));
  return list;
}

std::vector<RatingPoint> SqliteStorage::rating_history(std::int64_t account) {
  std::lock_guard lock(mutex_);
  sqlite3_stmt* raw = nullptr;
  const std::string sql = sql_text(kRatingHistoryQuery, SqlDialect::kSqlite);
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) fail(db_, sql);
  Statement s(raw);
  sqlite3_bind_int64(raw, 1, account);
  std::vector<RatingPoint> list;
  while (next_row(db_, raw, "read an account's rating history"))
    list.push_back(read_rating_point(SqliteRow(raw)));
  return list;
}

}  // namespace ordo::server
