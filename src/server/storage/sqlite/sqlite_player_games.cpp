// SqliteStorage's games of an account (PlayerGamesStorage, player_games_storage.h).
#include "server/storage/sqlite/sqlite_game_rows.h"
#include "server/storage/sqlite/sqlite_helpers.h"
#include "server/storage/sqlite/sqlite_storage.h"

namespace ordo::server {

std::vector<AccountGame> SqliteStorage::games_of_account(std::int64_t account, bool unfinished_only,
                                                         int limit) {
  std::lock_guard lock(mutex_);
  // Two indexed lookups (one per seat) rather than an OR that would scan every game.
  const std::string filter = unfinished_only ? " AND result = '*'" : "";
  const std::string select =
      std::string("SELECT ") + kGameColumns +
      ", (SELECT COUNT(*) FROM moves WHERE game_id = games.id), "
      "COALESCE((SELECT by FROM moves WHERE game_id = games.id ORDER BY ply DESC LIMIT 1), '') "
      "FROM games WHERE ";
  const std::string sql = "SELECT * FROM (" + select + "white_account = ?1" + filter +
                          " UNION ALL " + select + "black_account = ?1 AND white_account != ?1" +
                          filter + ") ORDER BY updated_ms DESC, id LIMIT ?2";
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) fail(db_, sql);
  Statement s(raw);
  sqlite3_bind_int64(raw, 1, account);
  sqlite3_bind_int(raw, 2, limit);
  std::vector<AccountGame> games;
  while (next_row(db_, raw, "read an account's games")) {
    AccountGame g{read_game(raw), sqlite3_column_int(raw, kGameColumnCount),
                  column_text(raw, kGameColumnCount + 1)};
    games.push_back(std::move(g));
  }
  return games;
}

std::vector<PoolRating> SqliteStorage::ratings_of(std::int64_t account) {
  std::lock_guard lock(mutex_);
  sqlite3_stmt* raw = nullptr;
  const char* sql =
      "SELECT game, rules, size, rating, deviation, games FROM ratings WHERE account_id = ? "
      "ORDER BY game, rules, size";
  if (sqlite3_prepare_v2(db_, sql, -1, &raw, nullptr) != SQLITE_OK) fail(db_, sql);
  Statement s(raw);
  sqlite3_bind_int64(raw, 1, account);
  std::vector<PoolRating> list;
  while (next_row(db_, raw, "read an account's ratings"))
    list.push_back({{column_text(raw, 0), column_text(raw, 1), column_text(raw, 2)},
                    sqlite3_column_double(raw, 3),
                    sqlite3_column_double(raw, 4),
                    sqlite3_column_int(raw, 5)});
  return list;
}

std::vector<RatingPoint> SqliteStorage::rating_history(std::int64_t account) {
  std::lock_guard lock(mutex_);
  sqlite3_stmt* raw = nullptr;
  const char* sql =
      "SELECT g.id, g.game, g.rules, g.size, c.after, c.deviation_after, g.updated_ms "
      "FROM rating_changes c JOIN games g ON g.id = c.game_id WHERE "
      "(c.seat = 'white' AND g.white_account = ?1) OR (c.seat = 'black' AND g.black_account = ?1) "
      "ORDER BY g.updated_ms, g.id";
  if (sqlite3_prepare_v2(db_, sql, -1, &raw, nullptr) != SQLITE_OK) fail(db_, sql);
  Statement s(raw);
  sqlite3_bind_int64(raw, 1, account);
  std::vector<RatingPoint> list;
  while (next_row(db_, raw, "read an account's rating history"))
    list.push_back({column_text(raw, 0),
                    {column_text(raw, 1), column_text(raw, 2), column_text(raw, 3)},
                    sqlite3_column_double(raw, 4),
                    sqlite3_column_double(raw, 5),
                    sqlite3_column_int64(raw, 6)});
  return list;
}

}  // namespace ordo::server
