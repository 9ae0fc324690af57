// SqliteStorage's chat messages, spectators' consent and blocks (ChatStorage, chat_storage.h).
#include "server/storage/sqlite/sqlite_helpers.h"
#include "server/storage/sqlite/sqlite_storage.h"

namespace ordo::server {

std::int64_t SqliteStorage::add_chat(const StoredChatMessage& m) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_,
                         "INSERT INTO chat_messages (game_id, seat, account_id, name, text, "
                         "sent_ms) VALUES (?,?,?,?,?,?)");
  bind_text(s.get(), 1, m.game_id);
  bind_text(s.get(), 2, m.seat);
  sqlite3_bind_int64(s.get(), 3, m.account);
  bind_text(s.get(), 4, m.name);
  bind_text(s.get(), 5, m.text);
  sqlite3_bind_int64(s.get(), 6, m.sent_ms);
  run(db_, s.get(), "store a chat message");
  return sqlite3_last_insert_rowid(db_);
}

std::vector<StoredChatMessage> SqliteStorage::chat_of(const std::string& game_id, int limit) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_,
                         "SELECT id, seat, account_id, name, text, sent_ms FROM ("
                         "SELECT * FROM chat_messages WHERE game_id = ? AND removed = 0 "
                         "ORDER BY id DESC LIMIT ?) ORDER BY id");
  bind_text(s.get(), 1, game_id);
  sqlite3_bind_int(s.get(), 2, limit);
  std::vector<StoredChatMessage> list;
  while (next_row(db_, s.get(), "read chat")) {
    StoredChatMessage m;
    m.id = sqlite3_column_int64(s.get(), 0);
    m.game_id = game_id;
    m.seat = column_text(s.get(), 1);
    m.account = sqlite3_column_int64(s.get(), 2);
    m.name = column_text(s.get(), 3);
    m.text = column_text(s.get(), 4);
    m.sent_ms = sqlite3_column_int64(s.get(), 5);
    list.push_back(std::move(m));
  }
  return list;
}

bool SqliteStorage::remove_chat(std::int64_t message_id) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, "UPDATE chat_messages SET removed = 1 WHERE id = ? AND removed = 0");
  sqlite3_bind_int64(s.get(), 1, message_id);
  run(db_, s.get(), "remove a chat message");
  return sqlite3_changes(db_) == 1;
}

void SqliteStorage::set_spectator_chat(const std::string& game_id, const std::string& seat,
                                       bool allowed) {
  std::lock_guard lock(mutex_);
  Statement s =
      prepared(db_, allowed ? "INSERT OR IGNORE INTO chat_spectators VALUES (?, ?)"
                            : "DELETE FROM chat_spectators WHERE game_id = ? AND seat = ?");
  bind_text(s.get(), 1, game_id);
  bind_text(s.get(), 2, seat);
  run(db_, s.get(), "store the spectators' chat consent");
}

std::vector<std::string> SqliteStorage::spectator_chat_seats(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, "SELECT seat FROM chat_spectators WHERE game_id = ? ORDER BY seat");
  bind_text(s.get(), 1, game_id);
  std::vector<std::string> seats;
  while (next_row(db_, s.get(), "read the spectators' chat consent"))
    seats.push_back(column_text(s.get(), 0));
  return seats;
}

void SqliteStorage::set_spectator_analysis(const std::string& game_id, const std::string& seat,
                                           bool allowed) {
  std::lock_guard lock(mutex_);
  Statement s =
      prepared(db_, allowed ? "INSERT OR IGNORE INTO analysis_spectators VALUES (?, ?)"
                            : "DELETE FROM analysis_spectators WHERE game_id = ? AND seat = ?");
  bind_text(s.get(), 1, game_id);
  bind_text(s.get(), 2, seat);
  run(db_, s.get(), "store the spectators' analysis consent");
}

std::vector<std::string> SqliteStorage::spectator_analysis_seats(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  Statement s =
      prepared(db_, "SELECT seat FROM analysis_spectators WHERE game_id = ? ORDER BY seat");
  bind_text(s.get(), 1, game_id);
  std::vector<std::string> seats;
  while (next_row(db_, s.get(), "read the spectators' analysis consent"))
    seats.push_back(column_text(s.get(), 0));
  return seats;
}

void SqliteStorage::block(std::int64_t owner, std::int64_t blocked, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, "INSERT OR IGNORE INTO blocks VALUES (?, ?, ?)");
  sqlite3_bind_int64(s.get(), 1, owner);
  sqlite3_bind_int64(s.get(), 2, blocked);
  sqlite3_bind_int64(s.get(), 3, now_ms);
  run(db_, s.get(), "store a block");
}

void SqliteStorage::unblock(std::int64_t owner, std::int64_t blocked) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_, "DELETE FROM blocks WHERE owner = ? AND blocked = ?");
  sqlite3_bind_int64(s.get(), 1, owner);
  sqlite3_bind_int64(s.get(), 2, blocked);
  run(db_, s.get(), "remove a block");
}

bool SqliteStorage::blocked_between(std::int64_t a, std::int64_t b) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_,
                         "SELECT 1 FROM blocks WHERE (owner = ?1 AND blocked = ?2) "
                         "OR (owner = ?2 AND blocked = ?1)");
  sqlite3_bind_int64(s.get(), 1, a);
  sqlite3_bind_int64(s.get(), 2, b);
  return next_row(db_, s.get(), "read blocks");
}

std::vector<std::pair<std::int64_t, std::string>> SqliteStorage::blocks_of(std::int64_t owner) {
  std::lock_guard lock(mutex_);
  Statement s = prepared(db_,
                         "SELECT accounts.id, accounts.name FROM blocks JOIN accounts "
                         "ON accounts.id = blocks.blocked WHERE blocks.owner = ? "
                         "ORDER BY accounts.name_key");
  sqlite3_bind_int64(s.get(), 1, owner);
  std::vector<std::pair<std::int64_t, std::string>> list;
  while (next_row(db_, s.get(), "read blocks"))
    list.emplace_back(sqlite3_column_int64(s.get(), 0), column_text(s.get(), 1));
  return list;
}

}  // namespace ordo::server
