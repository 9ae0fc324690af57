#include "server/storage/sqlite/sqlite_ratings.h"

#include <optional>

#include "server/storage/rating_update.h"
#include "server/storage/sqlite/sqlite_helpers.h"
#include "server/storage/sqlite/sqlite_storage.h"

namespace ordo::server {

namespace {

// A prepared statement for one call (ratings change once per game: no cache needed).
SeatRating read_rating(sqlite3* db, std::int64_t account, const RatingPool& pool) {
  Statement s = prepared(db,
                         "SELECT rating, deviation, volatility, games FROM ratings WHERE "
                         "account_id = ? AND game = ? AND rules = ? AND size = ?");
  sqlite3_bind_int64(s.get(), 1, account);
  bind_text(s.get(), 2, pool.game);
  bind_text(s.get(), 3, pool.rules);
  bind_text(s.get(), 4, pool.size);
  SeatRating found;  // a new player's
  if (next_row(db, s.get(), "read rating"))
    found = {{sqlite3_column_double(s.get(), 0), sqlite3_column_double(s.get(), 1),
              sqlite3_column_double(s.get(), 2)},
             sqlite3_column_int(s.get(), 3)};
  return found;
}

void write_rating(sqlite3* db, std::int64_t account, const RatingPool& pool,
                  const SeatRating& value) {
  Statement s = prepared(db,
                         "INSERT INTO ratings (account_id, game, rules, size, rating, deviation, "
                         "volatility, games) VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (account_id, "
                         "game, rules, size) DO UPDATE SET rating = excluded.rating, deviation "
                         "= excluded.deviation, volatility = excluded.volatility, games = "
                         "excluded.games");
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
  Statement s = prepared(db,
                         "INSERT INTO rating_changes (game_id, seat, before, after, "
                         "deviation_after) VALUES (?,?,?,?,?)");
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
  Statement claim = prepared(db,
                             "UPDATE games SET rating_applied = 1 WHERE id = ? AND rated = 1 "
                             "AND rating_applied = 0 RETURNING white_account, black_account, "
                             "game, rules, size");
  bind_text(claim.get(), 1, game_id);
  if (!next_row(db, claim.get(), "claim rating update")) return;
  const std::int64_t white = sqlite3_column_int64(claim.get(), 0);
  const std::int64_t black = sqlite3_column_int64(claim.get(), 1);
  const RatingPool pool{column_text(claim.get(), 2), column_text(claim.get(), 3),
                        column_text(claim.get(), 4)};
  if (next_row(db, claim.get(), "claim rating update")) fail(db, "two games with one id");
  // A seat whose account was deleted meanwhile is 0 (or, in a race with the deletion, an
  // account no longer there): the game then moves no rating.
  if (white == 0 || black == 0 || !account_exists(db, white) || !account_exists(db, black)) return;

  const RatedGame before{read_rating(db, white, pool), read_rating(db, black, pool)};
  const RatedGame after = rate_game(before, *score);
  write_rating(db, white, pool, after.white);
  write_rating(db, black, pool, after.black);
  write_change(db, game_id, "white", before.white.rating.rating, after.white.rating);
  write_change(db, game_id, "black", before.black.rating.rating, after.black.rating);
}

std::vector<StoredRating> SqliteStorage::ratings(const RatingPool& pool, int limit) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_,
                         "SELECT r.account_id, a.name, r.rating, r.deviation, r.volatility, "
                         "r.games FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE "
                         "r.game = ? AND r.rules = ? AND r.size = ? ORDER BY r.rating DESC, "
                         "a.name_key LIMIT ?");
  bind_text(s.get(), 1, pool.game);
  bind_text(s.get(), 2, pool.rules);
  bind_text(s.get(), 3, pool.size);
  sqlite3_bind_int(s.get(), 4, limit);
  std::vector<StoredRating> list;
  while (next_row(db_, s.get(), "list ratings"))
    list.push_back({sqlite3_column_int64(s.get(), 0), column_text(s.get(), 1),
                    sqlite3_column_double(s.get(), 2), sqlite3_column_double(s.get(), 3),
                    sqlite3_column_double(s.get(), 4), sqlite3_column_int(s.get(), 5)});
  return list;
}

std::vector<RatingChange> SqliteStorage::rating_changes(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_,
                         "SELECT seat, before, after, deviation_after FROM rating_changes "
                         "WHERE game_id = ? ORDER BY seat DESC");
  bind_text(s.get(), 1, game_id);
  std::vector<RatingChange> list;
  while (next_row(db_, s.get(), "read rating changes"))
    list.push_back({column_text(s.get(), 0), sqlite3_column_double(s.get(), 1),
                    sqlite3_column_double(s.get(), 2), sqlite3_column_double(s.get(), 3)});
  return list;
}

}  // namespace ordo::server
