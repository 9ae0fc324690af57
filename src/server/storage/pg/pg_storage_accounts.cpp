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
  const auto rows = t.exec_params(
      "SELECT rating, deviation, volatility, games FROM ratings WHERE account_id = $1 AND "
      "game = $2 AND rules = $3 AND size = $4",
      account, pool.game, pool.rules, pool.size);
  SeatRating found;  // a new player's
  if (!rows.empty())
    found = {{rows[0][0].as<double>(), rows[0][1].as<double>(), rows[0][2].as<double>()},
             rows[0][3].as<int>()};
  return found;
}

void write_rating(pqxx::transaction_base& t, std::int64_t account, const RatingPool& pool,
                  const SeatRating& value) {
  t.exec_params(
      "INSERT INTO ratings (account_id, game, rules, size, rating, deviation, volatility, games) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (account_id, game, rules, size) DO "
      "UPDATE SET rating = excluded.rating, deviation = excluded.deviation, volatility = "
      "excluded.volatility, games = excluded.games",
      account, pool.game, pool.rules, pool.size, value.rating.rating, value.rating.deviation,
      value.rating.volatility, value.games);
}

void write_change(pqxx::transaction_base& t, const std::string& game_id, const char* seat,
                  double before, const Glicko2Rating& after) {
  t.exec_params(
      "INSERT INTO rating_changes (game_id, seat, before, after, deviation_after) "
      "VALUES ($1, $2, $3, $4, $5)",
      game_id, std::string(seat), before, after.rating, after.deviation);
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
  const auto claim = t.exec_params(
      "UPDATE games SET rating_applied = 1 WHERE id = $1 AND rated = 1 AND rating_applied = 0 "
      "RETURNING white_account, black_account, game, rules, size",
      game_id);
  if (claim.empty()) return;
  const auto white = claim[0][0].as<std::int64_t>();
  const auto black = claim[0][1].as<std::int64_t>();
  const RatingPool pool{claim[0][2].as<std::string>(), claim[0][3].as<std::string>(),
                        claim[0][4].as<std::string>()};
  // A seat whose account was deleted meanwhile moves no rating (as in SQLite).
  if (white == 0 || black == 0) return;
  // Both rows locked, so that neither account is deleted before the ratings are written.
  const auto present =
      t.exec_params("SELECT id FROM accounts WHERE id IN ($1, $2) FOR SHARE", white, black);
  if (present.size() != 2) return;
  const RatedGame before{read_rating(t, white, pool), read_rating(t, black, pool)};
  const RatedGame after = rate_game(before, *score);
  write_rating(t, white, pool, after.white);
  write_rating(t, black, pool, after.black);
  write_change(t, game_id, "white", before.white.rating.rating, after.white.rating);
  write_change(t, game_id, "black", before.black.rating.rating, after.black.rating);
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
        "SELECT id, name, password_hash, created_ms, disabled FROM accounts WHERE " + where, key);
    if (rows.empty()) return std::nullopt;
    const auto& r = rows[0];
    return StoredAccount{r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<std::string>(),
                         r[3].as<std::int64_t>(), r[4].as<int>() != 0};
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
    for (const auto& r : t.exec("SELECT id, name, created_ms, disabled FROM accounts "
                                "ORDER BY name_key COLLATE \"C\""))
      list.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), "", r[2].as<std::int64_t>(),
                      r[3].as<int>() != 0});
    return list;
  });
}

bool PgStorage::set_account_disabled(std::int64_t id, bool disabled) {
  return transact([&](pqxx::work& t) {
    const auto changed =
        t.exec_params("UPDATE accounts SET disabled = $1 WHERE id = $2", disabled ? 1 : 0, id);
    if (changed.affected_rows() != 1) return false;
    if (disabled) end_sessions(t, id);
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
    for (const auto& r : t.exec_params(
             "SELECT r.account_id, a.name, r.rating, r.deviation, r.volatility, r.games "
             "FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE r.game = $1 AND "
             "r.rules = $2 AND r.size = $3 ORDER BY r.rating DESC, a.name_key COLLATE \"C\" "
             "LIMIT $4",
             pool.game, pool.rules, pool.size, limit))
      list.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<double>(),
                      r[3].as<double>(), r[4].as<double>(), r[5].as<int>()});
    return list;
  });
}

std::vector<RatingChange> PgStorage::rating_changes(const std::string& game_id) {
  if (!storable_text(game_id)) return {};
  return transact([&](pqxx::work& t) {
    std::vector<RatingChange> list;
    for (const auto& r :
         t.exec_params("SELECT seat, before, after, deviation_after FROM rating_changes "
                       "WHERE game_id = $1 ORDER BY seat COLLATE \"C\" DESC",
                       game_id))
      list.push_back(
          {r[0].as<std::string>(), r[1].as<double>(), r[2].as<double>(), r[3].as<double>()});
    return list;
  });
}

std::vector<AccountGame> PgStorage::games_of_account(std::int64_t account, bool unfinished_only,
                                                     int limit) {
  // Two indexed lookups (one per seat) rather than an OR that would scan every game.
  const std::string filter = unfinished_only ? " AND result = '*'" : "";
  const std::string select =
      std::string("SELECT ") + kPgGameColumns +
      ", (SELECT COUNT(*) FROM moves WHERE game_id = games.id), "
      "COALESCE((SELECT \"by\" FROM moves WHERE game_id = games.id ORDER BY ply DESC "
      "LIMIT 1), '') FROM games WHERE ";
  const std::string sql = "SELECT * FROM (" + select + "white_account = $1" + filter +
                          " UNION ALL " + select + "black_account = $1 AND white_account != $1" +
                          filter + ") AS mine ORDER BY updated_ms DESC, id COLLATE \"C\" LIMIT $2";
  return transact([&](pqxx::work& t) {
    std::vector<AccountGame> games;
    for (const auto& r : t.exec_params(sql, account, limit))
      games.push_back({read_game(r), r[kPgGameColumnCount].as<int>(),
                       r[kPgGameColumnCount + 1].as<std::string>()});
    return games;
  });
}

std::vector<PoolRating> PgStorage::ratings_of(std::int64_t account) {
  return transact([&](pqxx::work& t) {
    std::vector<PoolRating> list;
    for (const auto& r :
         t.exec_params("SELECT game, rules, size, rating, deviation, games FROM ratings WHERE "
                       "account_id = $1 ORDER BY game COLLATE \"C\", rules COLLATE \"C\", "
                       "size COLLATE \"C\"",
                       account))
      list.push_back({{r[0].as<std::string>(), r[1].as<std::string>(), r[2].as<std::string>()},
                      r[3].as<double>(),
                      r[4].as<double>(),
                      r[5].as<int>()});
    return list;
  });
}

std::vector<RatingPoint> PgStorage::rating_history(std::int64_t account) {
  return transact([&](pqxx::work& t) {
    std::vector<RatingPoint> list;
    for (const auto& r : t.exec_params(
             "SELECT g.id, g.game, g.rules, g.size, c.after, c.deviation_after, g.updated_ms "
             "FROM rating_changes c JOIN games g ON g.id = c.game_id WHERE "
             "(c.seat = 'white' AND g.white_account = $1) OR "
             "(c.seat = 'black' AND g.black_account = $1) ORDER BY g.updated_ms, g.id COLLATE "
             "\"C\"",
             account))
      list.push_back({r[0].as<std::string>(),
                      {r[1].as<std::string>(), r[2].as<std::string>(), r[3].as<std::string>()},
                      r[4].as<double>(),
                      r[5].as<double>(),
                      r[6].as<std::int64_t>()});
    return list;
  });
}

}  // namespace ordo::server
