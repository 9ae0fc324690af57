// PostgreSQL's PresenceStorage (presence_storage.h): the table seat_streams, one row per
// game, seat and instance with a stream of that seat open, and NOTIFY ordo_presence with
// the game's id on each change. Each write is one statement, its NOTIFY with it.
#include <pqxx/pqxx>
#include <set>

#include "server/storage/pg/pg_storage.h"
#include "server/storage/pg/pg_storage_impl.h"

namespace ordo::server {

namespace {

constexpr const char* kOpenSeat =
    "WITH opened AS (INSERT INTO seat_streams (game, seat, instance) VALUES ($1, $2, $3) "
    "ON CONFLICT DO NOTHING) SELECT pg_notify('ordo_presence', $1)";
constexpr const char* kCloseSeat =
    "WITH closed AS (DELETE FROM seat_streams WHERE game = $1 AND seat = $2 AND instance = $3) "
    "SELECT pg_notify('ordo_presence', $1)";
constexpr const char* kSeatsOpenElsewhere =
    "SELECT DISTINCT seat FROM seat_streams s WHERE game = $1 AND instance <> $2 AND EXISTS "
    "(SELECT 1 FROM leases WHERE key = 'instance:' || s.instance AND expires_ms > $3) "
    "ORDER BY seat";
// An instance is gone if it is `starting` ($1) or its lease lapsed at $2. Its lobby
// streams are dropped only in the first case: those of a lapsed lease stop counting
// anyway, and count again if the instance lived on and renews it.
constexpr const char* kDropGoneInstances =
    "WITH gone_seats AS (DELETE FROM seat_streams s WHERE instance = $1 OR NOT EXISTS "
    "(SELECT 1 FROM leases WHERE key = 'instance:' || s.instance AND expires_ms > $2) "
    "RETURNING game, instance), "
    "gone_lobby AS (DELETE FROM lobby_streams WHERE instance = $1) "
    // One row per game and instance; PostgreSQL folds a transaction's equal notifications.
    "SELECT instance, pg_notify('ordo_presence', game) "
    "FROM (SELECT DISTINCT game, instance FROM gone_seats) g";

}  // namespace

void PgStorage::set_seat_open(const std::string& id, const std::string& seat,
                              const std::string& instance, bool open) {
  one_statement([&](pqxx::transaction_base& t) {
    t.exec_params(open ? kOpenSeat : kCloseSeat, id, seat, instance);
  });
}

std::vector<std::string> PgStorage::seats_open_elsewhere(const std::string& id,
                                                         const std::string& instance,
                                                         std::int64_t now_ms) {
  return one_statement([&](pqxx::transaction_base& t) {
    std::vector<std::string> seats;
    for (const auto& row : t.exec_params(kSeatsOpenElsewhere, id, instance, now_ms))
      seats.push_back(row[0].as<std::string>());
    return seats;
  });
}

std::vector<std::string> PgStorage::drop_streams_of_gone_instances(const std::string& starting,
                                                                   std::int64_t now_ms) {
  return one_statement([&](pqxx::transaction_base& t) {
    std::set<std::string> gone;
    for (const auto& row : t.exec_params(kDropGoneInstances, starting, now_ms))
      if (const auto instance = row[0].as<std::string>(); instance != starting)
        gone.insert(instance);
    return std::vector<std::string>(gone.begin(), gone.end());
  });
}

void PgStorage::on_presence_changed(std::function<void(const std::string& id)> handler) {
  std::lock_guard lock(listener_mutex_);
  presence_listener_.reset();  // joins its thread: the old handler runs no more
  if (!handler) return;
  presence_listener_ = std::make_unique<PgListener>(pool_, "ordo_presence", std::move(handler));
}

}  // namespace ordo::server
