#include "server/storage/sqlite/sqlite_ratings.h"

#include <optional>

#include "server/storage/rating_update.h"
#include "server/storage/sql_text.h"
#include "server/storage/sqlite/sqlite_helpers.h"
#include "server/storage/sqlite/sqlite_row.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "server/storage/stored_queries.h"
#include "server/storage/stored_rows.h"

namespace ordo::server {

namespace {

// A prepared statement for one call (ratings change once per game: no cache needed).
SeatRating read_rating(sqlite3* db, std::int64_t account, const RatingPool& pool) {
  Statement s = prepared(db, kSeatRatingQuery);
  sqlite3_bind_int64(s.get(), 1, account);
  bind_text(s.get(), 2, pool.game);
  bind_text(s.get(), 3, pool.rules);
  bind_text(s.get(), 4, pool.size);
  SeatRating found;  // a new player's
  if (next_row(db, s.get(), "read rating")) found = read_seat_rating(SqliteRow(s.get()));
  return found;
}

void write_rating(sqlite3* db, std::int64_t account, const RatingPool& pool,
                  const SeatRating& value) {
  Statement s = prepared(db, kWriteRating);
  sqlite3_bind_int64(s.get(), 1, account);
  bind_text(s.get(), 2, pool.game);
  bind_text(s.get(), 3, pool.rules);
  bind_text(s.get(), 4, pool.size);
  sqlite3_bind_double(s.get(), 5, value.rating.rating);
  sqlite3_bind_double(s.get(), 6, value.rating.deviation);
  sqlite3_bind_double(s.get(), 7, value.rating.volatility);
  sqlite3_bind_int(s.get(), 8, value.games);
  run(db, s.get(), "store rating");
}

void write_change(sqlite3* db, const std::string& game_id, const char* seat, double before,
                  const Glicko2Rating& after) {
  Statement s = prepared(db, kWriteRatingChange);
  bind_text(s.get(), 1, game_id);
  bind_text(s.get(), 2, seat);
  sqlite3_bind_double(s.get(), 3, before);
  sqlite3_bind_double(s.get(), 4, after.rating);
  sqlite3_bind_double(s.get(), 5, after.deviation);
  run(db, s.get(), "store rating change");
}

bool account_exists(sqlite3* db, std::int64_t id) {
  Statement s = prepared(db, "SELECT 1 FROM accounts WHERE id = ?");
  sqlite3_bind_int64(s.get(), 1, id);
  const bool found = next_row(db, s.get(), "find account");
  return found;
}

}  // namespace

void apply_rating_once(sqlite3* db, const std::string& game_id, const std::string& result) {
  const std::optional<double> score = white_score(result);
  if (!score) return;
  // Claims the update: only the first finish of a rated game changes the row.
  Statement claim = prepared(db, kClaimRatingUpdate);
  bind_text(claim.get(), 1, game_id);
  if (!next_row(db, claim.get(), "claim rating update")) return;
  const std::int64_t white = sqlite3_column_int64(claim.get(), 0);
  const std::int64_t black = sqlite3_column_int64(claim.get(), 1);
  const RatingPool pool{column_text(claim.get(), 2), column_text(claim.get(), 3),
                        column_text(claim.get(), 4)};
  const std::int64_t recent_of_pair = sqlite3_column_int64(claim.get(), 5);
  if (next_row(db, claim.get(), "claim rating update")) fail(db, "two games with one id");
  // A seat whose account was deleted meanwhile is 0 (or, in a race with the deletion, an
  // account no longer there): the game then moves no rating.
  if (white == 0 || black == 0 || !account_exists(db, white) || !account_exists(db, black)) return;
  if (!counts_for_rating(recent_of_pair)) return;

  rate_and_store(
      white, black, *score, [&](std::int64_t account) { return read_rating(db, account, pool); },
      [&](std::int64_t account, const SeatRating& value) {
        write_rating(db, account, pool, value);
      },
      [&](const char* seat, double before, const Glicko2Rating& after) {
        write_change(db, game_id, seat, before, after);
      });
}

std::vector<StoredRating> SqliteStorage::ratings(const RatingPool& pool, int limit) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, sql_text(kPoolRatingsQuery, SqlDialect::kSqlite).c_str());
  bind_text(s.get(), 1, pool.game);
  bind_text(s.get(), 2, pool.rules);
  bind_text(s.get(), 3, pool.size);
  sqlite3_bind_int(s.get(), 4, limit);
  std::vector<StoredRating> list;
  while (next_row(db_, s.get(), "list ratings"))
    list.push_back(read_stored_rating(SqliteRow(s.get())));
  return list;
}

std::vector<RatingChange> SqliteStorage::rating_changes(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, sql_text(kRatingChangesQuery, SqlDialect::kSqlite).c_str());
  bind_text(s.get(), 1, game_id);
  std::vector<RatingChange> list;
  while (next_row(db_, s.get(), "read rating changes"))
    list.push_back(read_rating_change(SqliteRow(s.get())));
  return list;
}

}  // namespace ordo::server
