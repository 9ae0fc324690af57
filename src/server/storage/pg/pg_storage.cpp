// PgStorage's life cycle and its games and moves (GameStorage, game_storage.h).
#include "server/storage/pg/pg_storage.h"

#include <chrono>
#include <pqxx/pqxx>

#include "server/common/random_token.h"
#include "server/observe/log.h"
#include "server/storage/pg/pg_storage_impl.h"
#include "server/storage/pg/pg_storage_ratings.h"
#include "server/storage/sql_text.h"
#include "server/storage/stored_queries.h"

namespace ordo::server {

namespace {

// A null for a missing value (libpqxx binds a null char pointer as NULL).
struct Nullable {
  explicit Nullable(const std::optional<std::int64_t>& value)
      : text(value ? std::to_string(*value) : "") {
    if (value) pointer = text.c_str();
  }
  std::string text;
  const char* pointer = nullptr;
};

std::vector<StoredGame> read_games(const pqxx::result& rows) {
  std::vector<StoredGame> games;
  games.reserve(rows.size());
  for (const auto& row : rows) games.push_back(read_game(PgRow(row)));
  return games;
}

void insert_move(pqxx::work& t, const std::string& id, const StoredMove& move) {
  const Nullable clock(move.clock_after_ms);
  t.exec_params(
      "INSERT INTO moves (game_id, ply, notation, \"by\", think_ms, clock_after_ms) "
      "VALUES ($1, $2, $3, $4, $5, $6)",
      id, move.ply, move.notation, move.by, move.think_ms, clock.pointer);
}

// With a flag time a new turn starts (a move, an undo); without, the result ends the turn
// that was running, which began at turn_started_ms. As SqliteStorage::update_result.
void update_result(pqxx::work& t, const std::string& id, const std::string& result,
                   const std::string& reason, std::int64_t updated_ms,
                   std::optional<std::int64_t> flag_at_ms) {
  std::optional<std::int64_t> flag;
  if (flag_at_ms) flag = result == "*" ? *flag_at_ms : 0;
  const Nullable flag_value(flag);
  const auto changed = t.exec_params(
      "UPDATE games SET result = $1, reason = $2, updated_ms = $3, "
      "turn_started_ms = CASE WHEN $4::BIGINT IS NULL THEN turn_started_ms ELSE $3 END, "
      "flag_at_ms = COALESCE($4::BIGINT, 0), draw_offer = '' WHERE id = $5",
      result, reason, updated_ms, flag_value.pointer, id);
  if (changed.affected_rows() != 1) throw std::runtime_error("storage: no stored game " + id);
  // In the same transaction as the result, so a stored result has its rating change.
  if (result != "*") apply_pg_rating_once(t, id, result);
}

// The statements of the requests that come most often, parsed and planned once per
// connection.
std::vector<PgPool::Prepared> prepared_statements() {
  return {
      // append_move: the function does all (pg_routines.cpp).
      {"append_move",
       "SELECT ordo_append_move_1($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"},
      // The check of a game held in memory before an action (game_refresh.cpp).
      {"game_summary", std::string("SELECT ") + kGameColumns +
                           ", (SELECT COUNT(*) FROM moves WHERE game_id = games.id) FROM games "
                           "WHERE id = $1"},
  };
}

}  // namespace

PgStorage::PgStorage(const std::string& url, std::size_t connections,
                     const std::string& application_name)
    : pool_(with_application_name(url, application_name), connections, prepared_statements()),
      instance_(random_url_safe(9)) {
  migrate_pg_schema(pool_);
  schema_listener_ =
      std::make_unique<PgListener>(pool_, kSchemaChannel, [this](const std::string& payload) {
        try {
          note_schema_version(std::stoi(payload));
        } catch (const std::exception&) {
          log_warning("a schema notice that is no version", {{"payload", payload}});
        }
      });
}

namespace {
constexpr std::int64_t kSchemaReadEveryMs = 5000;

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
}  // namespace

void PgStorage::note_schema_version(int version) {
  if (version <= kPgSchemaVersion || newer_schema_.exchange(version) == version) return;
  log_error("the database was upgraded by a newer program: this instance takes no new work",
            {{"schema", std::to_string(version)}, {"ours", std::to_string(kPgSchemaVersion)}});
}

void PgStorage::refuse_if_superseded() const {
  if (const int version = newer_schema_.load())
    throw StorageUnavailable("storage: the database has schema version " + std::to_string(version) +
                                 ", newer than this program's " + std::to_string(kPgSchemaVersion) +
                                 ": replace this instance with the newer program",
                             false);
}

void PgStorage::check_schema(pqxx::transaction_base& t) {
  const std::int64_t now = steady_ms();
  std::int64_t last = schema_read_ms_.load();
  if (now - last < kSchemaReadEveryMs || !schema_read_ms_.compare_exchange_strong(last, now))
    return;
  note_schema_version(pg_schema_version(t));
  refuse_if_superseded();
}

PgStorage::~PgStorage() {
  schema_listener_.reset();
  on_other_instance_change(nullptr);
  on_other_instance_challenge(nullptr);
  on_move_now_asked(nullptr);
  on_presence_changed(nullptr);
}

void PgStorage::on_other_instance_change(std::function<void(const std::string& id)> handler) {
  std::lock_guard lock(listener_mutex_);
  listener_.reset();  // joins its thread: the old handler runs no more
  if (!handler) return;
  listener_ = std::make_unique<PgListener>(
      pool_, "ordo_games", [this, handler = std::move(handler)](const std::string& payload) {
        const auto space = payload.find(' ');
        if (space == std::string::npos || payload.compare(0, space, instance_) == 0) return;
        handler(payload.substr(space + 1));
      });
}

void PgStorage::notify_change(pqxx::transaction_base& t, const std::string& id) {
  t.exec_params("SELECT pg_notify('ordo_games', $1)", instance_ + " " + id);
}

int PgStorage::schema_version() {
  return transact([](pqxx::work& t) { return pg_schema_version(t); });
}

void PgStorage::refuse_writes(bool on) {
  refuse_writes_.store(on);
}

void PgStorage::create_game(const StoredGame& g, const std::vector<StoredMove>& moves) {
  transact([&](pqxx::work& t) {
    t.exec_params(
        "INSERT INTO games (id, game, mode, rules, size, start, settings, white_name, "
        "black_name, white_token, black_token, clock_initial_ms, clock_increment_ms, ai_level, "
        "ai_color, result, reason, created_ms, updated_ms, draw_offer, turn_started_ms, "
        "flag_at_ms, white_account, black_account, rated, days_per_move) VALUES ($1, $2, $3, "
        "$4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, "
        "$22, $23, $24, $25, $26)",
        g.id, g.game, g.mode, g.rules, g.size, g.start, g.settings, g.white_name, g.black_name,
        g.white_token, g.black_token, g.clock_initial_ms, g.clock_increment_ms, g.ai_level,
        g.ai_color, g.result, g.reason, g.created_ms, g.updated_ms, g.draw_offer, g.turn_started_ms,
        g.flag_at_ms, g.white_account, g.black_account,
        // Rated only between two accounts.
        g.rated && g.white_account != 0 && g.black_account != 0 ? 1 : 0, g.days_per_move);
    for (const auto& move : moves) insert_move(t, g.id, move);
    // The players' account streams on the other instances list it (my games).
    if (g.white_account != 0 || g.black_account != 0) notify_change(t, g.id);
  });
}

void PgStorage::append_move(const std::string& id, const StoredMove& move,
                            const std::string& result, const std::string& reason,
                            std::int64_t updated_ms, std::int64_t flag_at_ms,
                            std::optional<std::int64_t> turn_started_ms) {
  const Nullable clock(move.clock_after_ms), turn_was(turn_started_ms);
  const bool ends = result != "*";
  const auto store = [&](pqxx::transaction_base& t) {
    // The row lock, the checks that the move was judged on the stored game, the move, the
    // game's row and the notification, in one statement (pg_routines.cpp).
    const std::string answer =
        t.exec_prepared("append_move", id, move.ply, move.notation, move.by, move.think_ms,
                        clock.pointer, turn_was.pointer, result, reason, updated_ms, flag_at_ms,
                        instance_ + " " + id)[0][0]
            .as<std::string>();
    if (answer == "missing") throw std::runtime_error("storage: no stored game " + id);
    if (answer != "stored") throw StaleGame(id);
    // In the same transaction as the result, so a stored result has its rating change.
    if (ends) apply_pg_rating_once(t, id, result);
  };
  try {
    if (ends)
      transact(store);
    else
      one_statement(store);
  } catch (const pqxx::unique_violation&) {
    throw StaleGame(id);  // never expected under the lock; the same answer if it happens
  }
}

void PgStorage::truncate_moves(const std::string& id, int first_ply, const std::string& result,
                               const std::string& reason, std::int64_t updated_ms,
                               std::int64_t flag_at_ms) {
  transact([&](pqxx::work& t) {
    t.exec_params("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", id);
    t.exec_params("DELETE FROM moves WHERE game_id = $1 AND ply >= $2", id, first_ply);
    update_result(t, id, result, reason, updated_ms, flag_at_ms);
    notify_change(t, id);
  });
}

void PgStorage::set_result(const std::string& id, const std::string& result,
                           const std::string& reason, std::int64_t updated_ms) {
  transact([&](pqxx::work& t) {
    update_result(t, id, result, reason, updated_ms, std::nullopt);
    notify_change(t, id);
  });
}

void PgStorage::set_draw_offer(const std::string& id, const std::string& seat) {
  transact([&](pqxx::work& t) {
    const auto changed = t.exec_params("UPDATE games SET draw_offer = $1 WHERE id = $2", seat, id);
    if (changed.affected_rows() != 1) throw std::runtime_error("storage: no stored game " + id);
    notify_change(t, id);
  });
}

void PgStorage::set_rated(const std::string& id, bool rated) {
  transact([&](pqxx::work& t) {
    t.exec_params(sql_text(kSetGameRated, SqlDialect::kPostgres), rated ? 1 : 0, id);
  });
}

void PgStorage::set_offers(const std::string& id, const std::string& expected,
                           const std::string& offers) {
  transact([&](pqxx::work& t) {
    // The row's lock orders two instances' answers: the second finds the offers changed.
    const auto changed = t.exec_params("UPDATE games SET offers = $1 WHERE id = $2 AND offers = $3",
                                       offers, id, expected);
    if (changed.affected_rows() == 1) {
      notify_change(t, id);
      return;
    }
    if (t.exec_params("SELECT 1 FROM games WHERE id = $1", id).empty())
      throw std::runtime_error("storage: no stored game " + id);
    throw StaleGame(id);
  });
}

void PgStorage::set_turn(const std::string& id, std::int64_t turn_started_ms,
                         std::int64_t flag_at_ms) {
  transact([&](pqxx::work& t) {
    const auto changed =
        t.exec_params("UPDATE games SET turn_started_ms = $1, flag_at_ms = $2 WHERE id = $3",
                      turn_started_ms, flag_at_ms, id);
    if (changed.affected_rows() != 1) throw std::runtime_error("storage: no stored game " + id);
  });
}

void PgStorage::restart_turns(std::int64_t now_ms) {
  transact([&](pqxx::work& t) {
    // A correspondence game's deadline is a date the players know: it stands.
    t.exec_params(
        "UPDATE games SET turn_started_ms = $1, flag_at_ms = 0 "
        "WHERE result = '*' AND days_per_move = 0",
        now_ms);
  });
}

std::vector<StoredGame> PgStorage::all_games() {
  return transact([](pqxx::work& t) {
    return read_games(
        t.exec(std::string("SELECT ") + kGameColumns + " FROM games ORDER BY created_ms, seq"));
  });
}

std::optional<StoredGame> PgStorage::game(const std::string& id) {
  if (!storable_text(id)) return std::nullopt;
  return one_statement([&](pqxx::transaction_base& t) -> std::optional<StoredGame> {
    const auto rows =
        t.exec_params(std::string("SELECT ") + kGameColumns + " FROM games WHERE id = $1", id);
    if (rows.empty()) return std::nullopt;
    return read_game(PgRow(rows[0]));
  });
}

std::optional<GameSummary> PgStorage::game_summary(const std::string& id) {
  if (!storable_text(id)) return std::nullopt;
  return one_statement([&](pqxx::transaction_base& t) -> std::optional<GameSummary> {
    const auto rows = t.exec_prepared("game_summary", id);
    if (rows.empty()) return std::nullopt;
    return GameSummary{read_game(PgRow(rows[0])), rows[0][kGameColumnCount].as<int>()};
  });
}

std::int64_t PgStorage::game_count() {
  return one_statement([](pqxx::transaction_base& t) {
    return t.exec("SELECT COUNT(*) FROM games")[0][0].as<std::int64_t>();
  });
}

std::vector<StoredGame> PgStorage::games_to_resume() {
  return transact([](pqxx::work& t) {
    return read_games(
        t.exec(std::string("SELECT ") + kGameColumns +
               " FROM games WHERE result = '*' AND ("
               "(clock_initial_ms > 0 AND days_per_move = 0 AND EXISTS (SELECT 1 FROM moves WHERE "
               "game_id = games.id)) OR "
               "(mode = 'ai' AND COALESCE((SELECT \"by\" FROM moves WHERE game_id = games.id "
               "ORDER BY ply DESC LIMIT 1), '') != ai_color)) ORDER BY created_ms, seq"));
  });
}

std::vector<std::string> PgStorage::games_flagged_at(std::int64_t now_ms) {
  return one_statement([&](pqxx::transaction_base& t) {
    std::vector<std::string> ids;
    for (const auto& row :
         t.exec_params("SELECT id FROM games WHERE flag_at_ms > 0 AND flag_at_ms <= $1", now_ms))
      ids.push_back(row[0].as<std::string>());
    return ids;
  });
}

std::vector<StoredMove> PgStorage::moves_of(const std::string& id) {
  if (!storable_text(id)) return {};
  return one_statement([&](pqxx::transaction_base& t) {
    std::vector<StoredMove> moves;
    for (const auto& r :
         t.exec_params("SELECT ply, notation, \"by\", think_ms, clock_after_ms FROM moves "
                       "WHERE game_id = $1 ORDER BY ply",
                       id)) {
      StoredMove m;
      m.ply = r[0].as<int>();
      m.notation = r[1].as<std::string>();
      m.by = r[2].as<std::string>();
      m.think_ms = r[3].as<std::int64_t>();
      if (!r[4].is_null()) m.clock_after_ms = r[4].as<std::int64_t>();
      moves.push_back(std::move(m));
    }
    return moves;
  });
}

std::vector<GameSummary> PgStorage::list_public_games(const std::string& status, int limit,
                                                      int offset) {
  static const std::string sql = sql_text(kPublicGamesQuery, SqlDialect::kPostgres);
  return transact([&](pqxx::work& t) {
    std::vector<GameSummary> list;
    for (const auto& row : t.exec_params(sql, status, limit, offset))
      list.push_back({read_game(PgRow(row)), row[kGameColumnCount].as<int>()});
    return list;
  });
}

std::vector<std::string> PgStorage::idle_guest_games(std::int64_t idle_since_ms, int limit) {
  static const std::string sql = sql_text(kIdleGuestGamesQuery, SqlDialect::kPostgres);
  return one_statement([&](pqxx::transaction_base& t) {
    std::vector<std::string> ids;
    for (const auto& row : t.exec_params(sql, idle_since_ms, limit))
      ids.push_back(row[0].as<std::string>());
    return ids;
  });
}

}  // namespace ordo::server
