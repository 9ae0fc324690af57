// PgStorage's challenges and chat (ChallengeStorage, ChatStorage), with the same
// statements as SQLite's storage_challenges.cpp and storage_chat.cpp. A challenge changes
// state only from open, by one conditional UPDATE: of two accepts at once (on two
// instances, say), the row lock lets exactly one find it still open.
#include <pqxx/pqxx>

#include "server/storage/pg/pg_storage.h"
#include "server/storage/pg/pg_storage_impl.h"

namespace ordo::server {

namespace {
// The advisory lock of challenge posts (any number that no other lock of ours uses).
constexpr std::int64_t kChallengeLimitLock = 0x6f72646f4368;  // "ordoCh"
}  // namespace

void PgStorage::notify_challenge(pqxx::transaction_base& t, const std::string& id) {
  t.exec_params("SELECT pg_notify('ordo_lobby', $1)", instance_ + " " + id);
}

void PgStorage::on_other_instance_challenge(std::function<void(const std::string& id)> handler) {
  std::lock_guard lock(listener_mutex_);
  lobby_listener_.reset();  // joins its thread: the old handler runs no more
  if (!handler) return;
  lobby_listener_ = std::make_unique<PgListener>(
      pool_, "ordo_lobby", [this, handler = std::move(handler)](const std::string& payload) {
        const auto space = payload.find(' ');
        if (space == std::string::npos || payload.compare(0, space, instance_) == 0) return;
        handler(payload.substr(space + 1));
      });
}

ChallengeStorage::Created PgStorage::create_challenge(const StoredChallenge& c, int per_creator,
                                                      int in_all) {
  return transact([&](pqxx::work& t) {
    // Challenge posts wait for each other (on every instance) until this one commits, so
    // the count below stays true until the insert.
    t.exec_params("SELECT pg_advisory_xact_lock($1)", kChallengeLimitLock);
    const auto counts = t.exec_params1(
        "SELECT count(*), coalesce(sum((creator = $1)::int), 0) FROM challenges "
        "WHERE state = 'open'",
        c.creator);
    if (counts[1].as<std::int64_t>() >= per_creator) return Created::creator_full;
    if (counts[0].as<std::int64_t>() >= in_all) return Created::lobby_full;
    t.exec_params(std::string("INSERT INTO challenges (") + kChallengeColumns +
                      ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, "
                      "$15, $16, $17)",
                  c.id, c.creator, c.creator_name, c.target, c.target_name, c.game, c.rules, c.size,
                  c.setup, c.rated ? 1 : 0, c.color, c.creator_token, c.state, c.accepter,
                  c.game_id, c.created_ms, c.instance);
    notify_challenge(t, c.id);
    return Created::created;
  });
}

std::vector<StoredChallenge> PgStorage::select_challenges(const std::string& where,
                                                          const std::string& key) {
  const std::string sql = std::string("SELECT ") + kChallengeColumns + " FROM challenges WHERE " +
                          where + " ORDER BY created_ms, id COLLATE \"C\"";
  return transact([&](pqxx::work& t) {
    const auto rows = key.empty() ? t.exec(sql) : t.exec_params(sql, key);
    std::vector<StoredChallenge> list;
    for (const auto& row : rows) list.push_back(read_challenge(PgRow(row)));
    return list;
  });
}

std::optional<StoredChallenge> PgStorage::challenge(const std::string& id) {
  if (id.empty() || !storable_text(id)) return std::nullopt;
  auto list = select_challenges("id = $1", id);
  if (list.empty()) return std::nullopt;
  return std::move(list.front());
}

std::vector<StoredChallenge> PgStorage::open_challenges() {
  return select_challenges("state = 'open'", "");
}

bool PgStorage::claim_challenge(const std::string& id, std::int64_t accepter) {
  return transact([&](pqxx::work& t) {
    const bool claimed = t.exec_params(
                              "UPDATE challenges SET state = 'accepted', accepter = $1 WHERE id = "
                              "$2 AND state = 'open' AND creator != $1",
                              accepter, id)
                             .affected_rows() == 1;
    if (claimed) notify_challenge(t, id);
    return claimed;
  });
}

void PgStorage::set_challenge_game(const std::string& id, const std::string& game_id) {
  transact([&](pqxx::work& t) {
    t.exec_params("UPDATE challenges SET game_id = $1 WHERE id = $2", game_id, id);
    notify_challenge(t, id);
  });
}

void PgStorage::reopen_challenge(const std::string& id) {
  transact([&](pqxx::work& t) {
    t.exec_params(
        "UPDATE challenges SET state = 'open', accepter = 0 WHERE id = $1 AND "
        "state = 'accepted' AND game_id = ''",
        id);
    notify_challenge(t, id);
  });
}

bool PgStorage::close_challenge(const std::string& id, const std::string& state) {
  return transact([&](pqxx::work& t) {
    const bool closed =
        t.exec_params("UPDATE challenges SET state = $1 WHERE id = $2 AND state = 'open'", state,
                      id)
            .affected_rows() == 1;
    if (closed) notify_challenge(t, id);
    return closed;
  });
}

std::vector<std::string> PgStorage::cancel_challenges_of(std::int64_t creator) {
  return transact([&](pqxx::work& t) {
    std::vector<std::string> ids;
    for (const auto& row :
         t.exec_params("UPDATE challenges SET state = 'cancelled' WHERE state = 'open' AND "
                       "instance <> '' AND ($1::BIGINT = 0 OR creator = $1::BIGINT) RETURNING id",
                       creator))
      ids.push_back(row[0].as<std::string>());
    for (const std::string& id : ids) notify_challenge(t, id);
    return ids;
  });
}

std::int64_t PgStorage::add_chat(const StoredChatMessage& m) {
  return transact([&](pqxx::work& t) {
    // The other instances' streams of the game are told, as of a move.
    notify_change(t, m.game_id);
    return t
        .exec_params(
            "INSERT INTO chat_messages (game_id, seat, account_id, name, text, sent_ms) "
            "VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            m.game_id, m.seat, m.account, m.name, m.text, m.sent_ms)[0][0]
        .as<std::int64_t>();
  });
}

std::vector<StoredChatMessage> PgStorage::chat_of(const std::string& game_id, int limit) {
  if (!storable_text(game_id)) return {};
  return transact([&](pqxx::work& t) {
    std::vector<StoredChatMessage> list;
    for (const auto& r : t.exec_params(
             "SELECT id, seat, account_id, name, text, sent_ms FROM (SELECT * FROM "
             "chat_messages WHERE game_id = $1 AND removed = 0 ORDER BY id DESC LIMIT $2) "
             "AS newest ORDER BY id",
             game_id, limit)) {
      StoredChatMessage m;
      m.id = r[0].as<std::int64_t>();
      m.game_id = game_id;
      m.seat = r[1].as<std::string>();
      m.account = r[2].as<std::int64_t>();
      m.name = r[3].as<std::string>();
      m.text = r[4].as<std::string>();
      m.sent_ms = r[5].as<std::int64_t>();
      list.push_back(std::move(m));
    }
    return list;
  });
}

bool PgStorage::remove_chat(std::int64_t message_id) {
  return transact([&](pqxx::work& t) {
    return t.exec_params("UPDATE chat_messages SET removed = 1 WHERE id = $1 AND removed = 0",
                         message_id)
               .affected_rows() == 1;
  });
}

void PgStorage::set_spectator_chat(const std::string& game_id, const std::string& seat,
                                   bool allowed) {
  transact([&](pqxx::work& t) {
    t.exec_params(allowed ? "INSERT INTO chat_spectators VALUES ($1, $2) ON CONFLICT DO NOTHING"
                          : "DELETE FROM chat_spectators WHERE game_id = $1 AND seat = $2",
                  game_id, seat);
    notify_change(t, game_id);
  });
}

std::vector<std::string> PgStorage::spectator_chat_seats(const std::string& game_id) {
  if (!storable_text(game_id)) return {};
  return transact([&](pqxx::work& t) {
    std::vector<std::string> seats;
    for (const auto& row : t.exec_params(
             "SELECT seat FROM chat_spectators WHERE game_id = $1 ORDER BY seat COLLATE \"C\"",
             game_id))
      seats.push_back(row[0].as<std::string>());
    return seats;
  });
}

void PgStorage::set_spectator_analysis(const std::string& game_id, const std::string& seat,
                                       bool allowed) {
  transact([&](pqxx::work& t) {
    t.exec_params(allowed ? "INSERT INTO analysis_spectators VALUES ($1, $2) ON CONFLICT DO NOTHING"
                          : "DELETE FROM analysis_spectators WHERE game_id = $1 AND seat = $2",
                  game_id, seat);
    notify_change(t, game_id);
  });
}

std::vector<std::string> PgStorage::spectator_analysis_seats(const std::string& game_id) {
  if (!storable_text(game_id)) return {};
  return transact([&](pqxx::work& t) {
    std::vector<std::string> seats;
    for (const auto& row : t.exec_params(
             "SELECT seat FROM analysis_spectators WHERE game_id = $1 ORDER BY seat COLLATE \"C\"",
             game_id))
      seats.push_back(row[0].as<std::string>());
    return seats;
  });
}

void PgStorage::block(std::int64_t owner, std::int64_t blocked, std::int64_t now_ms) {
  transact([&](pqxx::work& t) {
    t.exec_params("INSERT INTO blocks VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", owner, blocked,
                  now_ms);
  });
}

void PgStorage::unblock(std::int64_t owner, std::int64_t blocked) {
  transact([&](pqxx::work& t) {
    t.exec_params("DELETE FROM blocks WHERE owner = $1 AND blocked = $2", owner, blocked);
  });
}

bool PgStorage::blocked_between(std::int64_t a, std::int64_t b) {
  return transact([&](pqxx::work& t) {
    return !t.exec_params(
                 "SELECT 1 FROM blocks WHERE (owner = $1 AND blocked = $2) OR "
                 "(owner = $2 AND blocked = $1)",
                 a, b)
                .empty();
  });
}

std::vector<std::pair<std::int64_t, std::string>> PgStorage::blocks_of(std::int64_t owner) {
  return transact([&](pqxx::work& t) {
    std::vector<std::pair<std::int64_t, std::string>> list;
    for (const auto& r : t.exec_params(
             "SELECT accounts.id, accounts.name FROM blocks JOIN accounts ON accounts.id = "
             "blocks.blocked WHERE blocks.owner = $1 ORDER BY accounts.name_key COLLATE \"C\"",
             owner))
      list.emplace_back(r[0].as<std::int64_t>(), r[1].as<std::string>());
    return list;
  });
}

}  // namespace ordo::server
