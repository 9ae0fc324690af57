// PgStorage's accounts, sessions, ratings and player games (AccountStorage,
// PlayerGamesStorage), with the same statements as SQLite's storage_accounts.cpp,
// storage_ratings.cpp and storage_player_games.cpp. Text is ordered by its bytes
// (COLLATE "C"), as SQLite orders it, whatever the database's locale.
#include <pqxx/pqxx>

#include "server/common/name_skeleton.h"
#include "server/storage/pg/pg_storage.h"
#include "server/storage/pg/pg_storage_impl.h"
#include "server/storage/pg/pg_storage_ratings.h"
#include "server/storage/rating_update.h"

namespace ordo::server {

namespace {

SeatRating read_rating(pqxx::transaction_base& t, std::int64_t account, const RatingPool& pool) {
  const auto rows = t.exec_params(sql_text(kSeatRatingQuery, SqlDialect::kPostgres), account,
                                  pool.game, pool.rules, pool.size);
  SeatRating found;  // a new player's
  if (!rows.empty()) found = read_seat_rating(PgRow(rows[0]));
  return found;
}

void write_rating(pqxx::transaction_base& t, std::int64_t account, const RatingPool& pool,
                  const SeatRating& value) {
  t.exec_params(sql_text(kWriteRating, SqlDialect::kPostgres), account, pool.game, pool.rules,
                pool.size, value.rating.rating, value.rating.deviation, value.rating.volatility,
                value.games);
}

void write_change(pqxx::transaction_base& t, const std::string& game_id, const char* seat,
                  double before, const Glicko2Rating& after) {
  t.exec_params(sql_text(kWriteRatingChange, SqlDialect::kPostgres), game_id, std::string(seat),
                before, after.rating, after.deviation);
}

// Ends every session of the account.
void end_sessions(pqxx::transaction_base& t, std::int64_t id) {
  t.exec_params("DELETE FROM sessions WHERE account_id = $1", id);
}

}  // namespace

void apply_pg_rating_once(pqxx::transaction_base& t, const std::string& game_id,
                          const std::string& result) {
  const std::optional<double> score = white_score(result);
  if (!score) return;
  // Claims the update: only the first finish of a rated game changes the row (the row
  // lock makes a second instance's claim wait, then find it applied).
  const auto claim = t.exec_params(sql_text(kClaimRatingUpdate, SqlDialect::kPostgres), game_id);
  if (claim.empty()) return;
  const auto white = claim[0][0].as<std::int64_t>();
  const auto black = claim[0][1].as<std::int64_t>();
  const RatingPool pool{claim[0][2].as<std::string>(), claim[0][3].as<std::string>(),
                        claim[0][4].as<std::string>()};
  // A seat whose account was deleted meanwhile moves no rating (as in SQLite).
  if (white == 0 || black == 0) return;
  if (!counts_for_rating(claim[0][5].as<std::int64_t>())) return;
  // Both rows locked, so that neither account is deleted before the ratings are written.
  const auto present =
      t.exec_params("SELECT id FROM accounts WHERE id IN ($1, $2) FOR SHARE", white, black);
  if (present.size() != 2) return;
  rate_and_store(
      white, black, *score, [&](std::int64_t account) { return read_rating(t, account, pool); },
      [&](std::int64_t account, const SeatRating& value) { write_rating(t, account, pool, value); },
      [&](const char* seat, double before, const Glicko2Rating& after) {
        write_change(t, game_id, seat, before, after);
      });
}

std::int64_t PgStorage::create_account(const std::string& name, const std::string& name_key,
                                       const std::string& password_hash, std::int64_t created_ms) {
  try {
    return transact([&](pqxx::work& t) {
      return t
          .exec_params(
              "INSERT INTO accounts (name, name_key, password_hash, created_ms, name_skeleton) "
              "VALUES ($1, $2, $3, $4, $5) RETURNING id",
              name, name_key, password_hash, created_ms, name_skeleton(name))[0][0]
          .as<std::int64_t>();
    });
  } catch (const pqxx::unique_violation&) {
    throw NameTaken();
  }
}

std::optional<StoredAccount> PgStorage::select_account(const std::string& where,
                                                       const std::string& key) {
  return one_statement([&](pqxx::transaction_base& t) -> std::optional<StoredAccount> {
    const auto rows = t.exec_params(
        std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE " + where, key);
    if (rows.empty()) return std::nullopt;
    return read_account(PgRow(rows[0]));
  });
}

std::optional<StoredAccount> PgStorage::account_by_key(const std::string& name_key) {
  if (name_key.empty() || !storable_text(name_key)) return std::nullopt;
  return select_account("name_key = $1", name_key);
}

std::optional<StoredAccount> PgStorage::account_by_skeleton(const std::string& skeleton) {
  if (skeleton.empty() || !storable_text(skeleton)) return std::nullopt;
  return select_account("name_skeleton = $1", skeleton);
}

std::optional<StoredAccount> PgStorage::account_by_id(std::int64_t id) {
  return select_account("id = $1::BIGINT", std::to_string(id));
}

std::vector<StoredAccount> PgStorage::all_accounts() {
  return transact([](pqxx::work& t) {
    std::vector<StoredAccount> list;
    for (const auto& r : t.exec(sql_text(kAllAccountsQuery, SqlDialect::kPostgres)))
      list.push_back(read_account(PgRow(r)));
    return list;
  });
}

bool PgStorage::set_account_disabled(std::int64_t id, bool disabled) {
  return transact([&](pqxx::work& t) {
    const auto changed =
        t.exec_params("UPDATE accounts SET disabled = $1 WHERE id = $2", disabled ? 1 : 0, id);
    if (changed.affected_rows() != 1) return false;
    if (disabled) {
      end_sessions(t, id);
      for (const auto& row :
           t.exec_params(sql_text(kWithdrawChallengesOf, SqlDialect::kPostgres), id))
        notify_challenge(t, row[0].as<std::string>());
    }
    return true;
  });
}

void PgStorage::change_password(std::int64_t id, const std::string& password_hash) {
  transact([&](pqxx::work& t) {
    const auto changed =
        t.exec_params("UPDATE accounts SET password_hash = $1 WHERE id = $2", password_hash, id);
    if (changed.affected_rows() != 1)
      throw std::runtime_error("storage: no account " + std::to_string(id));
    end_sessions(t, id);
  });
}

void PgStorage::delete_account(std::int64_t id, const std::string& neutral_name) {
  transact([&](pqxx::work& t) {
    // The games stay, under the neutral name, linked to no account.
    t.exec_params("UPDATE games SET white_name = $1, white_account = 0 WHERE white_account = $2",
                  neutral_name, id);
    t.exec_params("UPDATE games SET black_name = $1, black_account = 0 WHERE black_account = $2",
                  neutral_name, id);
    // Its open challenges (made or received) go, so that no game is made for it later.
    t.exec_params(
        "UPDATE challenges SET state = 'cancelled' WHERE state = 'open' AND "
        "(creator = $1 OR target = $1)",
        id);
    // Sessions, ratings and blocks go with the account (ON DELETE CASCADE).
    t.exec_params("DELETE FROM accounts WHERE id = $1", id);
  });
}

void PgStorage::create_session(const std::string& digest, std::int64_t account_id,
                               std::int64_t created_ms, std::int64_t expires_ms) {
  transact([&](pqxx::work& t) {
    // Expired sessions are swept here, so the table holds only live ones (and a few).
    t.exec_params("DELETE FROM sessions WHERE expires_ms <= $1", created_ms);
    t.exec_params(
        "INSERT INTO sessions (digest, account_id, created_ms, expires_ms) "
        "VALUES ($1, $2, $3, $4)",
        digest, account_id, created_ms, expires_ms);
  });
}

std::optional<StoredSession> PgStorage::session(const std::string& digest) {
  if (!storable_text(digest)) return std::nullopt;
  return one_statement([&](pqxx::transaction_base& t) -> std::optional<StoredSession> {
    const auto rows =
        t.exec_params("SELECT account_id, expires_ms FROM sessions WHERE digest = $1", digest);
    if (rows.empty()) return std::nullopt;
    return StoredSession{rows[0][0].as<std::int64_t>(), rows[0][1].as<std::int64_t>()};
  });
}

void PgStorage::delete_session(const std::string& digest) {
  transact([&](pqxx::work& t) { t.exec_params("DELETE FROM sessions WHERE digest = $1", digest); });
}

void PgStorage::add_login_failures(const std::vector<std::string>& keys, std::int64_t at_ms,
                                   std::int64_t forget_until_ms) {
  transact([&](pqxx::work& t) {
    // Failures out of every window are swept here, so the table holds only recent ones.
    t.exec_params("DELETE FROM login_failures WHERE at_ms <= $1", forget_until_ms);
    for (const std::string& key : keys)
      t.exec_params("INSERT INTO login_failures (key, at_ms) VALUES ($1, $2)", key, at_ms);
  });
}

std::vector<std::int64_t> PgStorage::login_failures(const std::string& key, std::int64_t since_ms,
                                                    int limit) {
  return one_statement([&](pqxx::transaction_base& t) {
    std::vector<std::int64_t> times;
    for (const auto& row :
         t.exec_params("SELECT at_ms FROM login_failures WHERE key = $1 AND at_ms > $2 "
                       "ORDER BY at_ms DESC LIMIT $3",
                       key, since_ms, limit))
      times.insert(times.begin(), row[0].as<std::int64_t>());
    return times;
  });
}

void PgStorage::clear_login_failures(const std::string& key) {
  one_statement([&](pqxx::transaction_base& t) {
    t.exec_params("DELETE FROM login_failures WHERE key = $1", key);
  });
}

std::vector<StoredRating> PgStorage::ratings(const RatingPool& pool, int limit) {
  return transact([&](pqxx::work& t) {
    std::vector<StoredRating> list;
    for (const auto& r : t.exec_params(sql_text(kPoolRatingsQuery, SqlDialect::kPostgres),
                                       pool.game, pool.rules, pool.size, limit))
      list.push_back(read_stored_rating(PgRow(r)));
    return list;
  });
}

std::vector<RatingChange> PgStorage::rating_changes(const std::string& game_id) {
  if (!storable_text(game_id)) return {};
  return transact([&](pqxx::work& t) {
    std::vector<RatingChange> list;
    for (const auto& r :
         t.exec_params(sql_text(kRatingChangesQuery, SqlDialect::kPostgres), game_id))
      list.push_back(read_rating_change(PgRow(r)));
    return list;
  });
}

std::vector<AccountGame> PgStorage::games_of_account(std::int64_t account, bool unfinished_only,
                                                     int limit) {
  const std::string sql = sql_text(account_games_query(unfinished_only), SqlDialect::kPostgres);
  return transact([&](pqxx::work& t) {
    std::vector<AccountGame> games;
    for (const auto& r : t.exec_params(sql, account, limit))
      games.push_back(read_account_game(PgRow(r)));
    return games;
  });
}

std::vector<PoolRating> PgStorage::ratings_of(std::int64_t account) {
  return transact([&](pqxx::work& t) {
    std::vector<PoolRating> list;
    for (const auto& r :
         t.exec_params(sql_text(kAccountRatingsQuery, SqlDialect::kPostgres), account))
      list.push_back(read_pool_rating(PgRow(r)));
    return list;
  });
}

std::vector<RatingPoint> PgStorage::rating_history(std::int64_t account) {
  return transact([&](pqxx::work& t) {
    std::vector<RatingPoint> list;
    for (const auto& r :
         t.exec_params(sql_text(kRatingHistoryQuery, SqlDialect::kPostgres), account))
      list.push_back(read_rating_point(PgRow(r)));
    return list;
  });
}

}  // namespace ordo::server
