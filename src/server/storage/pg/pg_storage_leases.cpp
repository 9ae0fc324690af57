// PgStorage's leases (LeaseStorage, lease_storage.h). A lease is taken by one conditional
// upsert: the row's lock makes of two instances asking at once exactly one the holder.
#include <pqxx/pqxx>

#include "server/storage/pg/pg_storage.h"
#include "server/storage/pg/pg_storage_impl.h"
#include "server/storage/pg/pg_storage_ratings.h"
#include "server/storage/storage_lobby_streams.h"

namespace ordo::server {

namespace {

// The engine is to move when its side did not make the last move (white moves first).
constexpr const char* kEngineTurnUnleased =
    "SELECT id FROM games WHERE result = '*' AND mode = 'ai' AND "
    "COALESCE((SELECT \"by\" FROM moves WHERE game_id = games.id ORDER BY ply DESC LIMIT 1), "
    "'black') != ai_color AND NOT EXISTS (SELECT 1 FROM leases WHERE key = 'game:' || games.id "
    "AND expires_ms > $1) ORDER BY created_ms, seq";

}  // namespace

void PgStorage::ask_to_move_now(const std::string& id) {
  transact([&](pqxx::work& t) { t.exec_params("SELECT pg_notify('ordo_move_now', $1)", id); });
}

void PgStorage::on_move_now_asked(std::function<void(const std::string& id)> handler) {
  std::lock_guard lock(listener_mutex_);
  move_now_listener_.reset();  // joins its thread: the old handler runs no more
  if (!handler) return;
  // Every instance hears it, the asking one too: only the one whose engine thinks acts.
  move_now_listener_ = std::make_unique<PgListener>(pool_, "ordo_move_now", std::move(handler));
}

bool PgStorage::take_lease(const std::string& key, const std::string& holder, std::int64_t now_ms,
                           std::int64_t until_ms) {
  return one_statement([&](pqxx::transaction_base& t) {
    return !t.exec_params(
                 "INSERT INTO leases (key, holder, expires_ms) VALUES ($1, $2, $3) "
                 "ON CONFLICT (key) DO UPDATE SET holder = EXCLUDED.holder, "
                 "expires_ms = EXCLUDED.expires_ms "
                 "WHERE leases.holder = EXCLUDED.holder OR leases.expires_ms <= $4 RETURNING 1",
                 key, holder, until_ms, now_ms)
                .empty();
  });
}

void PgStorage::release_lease(const std::string& key, const std::string& holder) {
  transact([&](pqxx::work& t) {
    t.exec_params("DELETE FROM leases WHERE key = $1 AND holder = $2", key, holder);
  });
}

std::string PgStorage::lease_holder(const std::string& key, std::int64_t now_ms) {
  return one_statement([&](pqxx::transaction_base& t) {
    const auto rows =
        t.exec_params("SELECT holder FROM leases WHERE key = $1 AND expires_ms > $2", key, now_ms);
    return rows.empty() ? std::string() : rows[0][0].as<std::string>();
  });
}

bool PgStorage::set_result_under_lease(const std::string& id, const std::string& result,
                                       const std::string& reason, std::int64_t updated_ms,
                                       const std::string& holder, std::int64_t now_ms) {
  return transact([&](pqxx::work& t) {
    // The lease's row is locked too, so that it cannot pass to another instance before
    // this transaction commits.
    if (!holder.empty() &&
        t.exec_params("SELECT 1 FROM leases WHERE key = $1 AND holder = $2 AND expires_ms > $3 "
                      "FOR UPDATE",
                      game_lease_key(id), holder, now_ms)
            .empty())
      return false;
    // As set_result (a result ends the running turn), only while the game goes on.
    if (t.exec_params("UPDATE games SET result = $1, reason = $2, updated_ms = $3, "
                      "flag_at_ms = 0, draw_offer = '' WHERE id = $4 AND result = '*'",
                      result, reason, updated_ms, id)
            .affected_rows() != 1)
      return false;
    apply_pg_rating_once(t, id, result);
    notify_change(t, id);
    return true;
  });
}

std::vector<std::string> PgStorage::engine_turns_unleased(std::int64_t now_ms) {
  return one_statement([&](pqxx::transaction_base& t) {
    std::vector<std::string> ids;
    for (const auto& row : t.exec_params(kEngineTurnUnleased, now_ms))
      ids.push_back(row[0].as<std::string>());
    return ids;
  });
}

int PgStorage::delete_lapsed_leases(std::int64_t lapsed_before_ms) {
  return transact([&](pqxx::work& t) {
    return static_cast<int>(
        t.exec_params("DELETE FROM leases WHERE expires_ms < $1", lapsed_before_ms)
            .affected_rows());
  });
}

std::vector<std::string> PgStorage::cancel_challenges_of_lapsed_instances(std::int64_t now_ms) {
  return transact([&](pqxx::work& t) {
    std::vector<std::string> ids;
    for (const auto& row :
         t.exec_params("UPDATE challenges SET state = 'cancelled' WHERE state = 'open' AND "
                       "challenges.instance <> '' AND NOT EXISTS "
                       "(SELECT 1 FROM leases WHERE key = 'instance:' || challenges.instance AND "
                       "expires_ms > $1) RETURNING id",
                       now_ms))
      ids.push_back(row[0].as<std::string>());
    for (const std::string& id : ids) notify_challenge(t, id);
    return ids;
  });
}

int PgStorage::count_lobby_streams(std::int64_t account, const std::string& instance, int change,
                                   std::int64_t now_ms) {
  return transact([&](pqxx::work& t) {
    t.exec_params(kCountLobbyStreams, account, instance, change);
    t.exec_params(kDropEmptyLobbyStreams, account, instance);
    return t.exec_params(kLiveLobbyStreams, account, instance, now_ms)[0][0].as<int>();
  });
}

}  // namespace ordo::server
