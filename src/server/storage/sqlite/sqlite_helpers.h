// Small helpers the SQLite storage files share (sqlite_storage.cpp, storage_*.cpp):
// errors, statements of their own, binding and reading text, and a transaction that rolls
// back unless committed.
#pragma once

#include <sqlite3.h>

#include <stdexcept>
#include <string>

#include "server/common/storage_error.h"
#include "server/observe/metrics.h"
#include "server/storage/sqlite/sqlite_storage.h"

namespace ordo::server {

// Throws what went wrong; StorageUnavailable where the database cannot answer now (locked,
// read-only, its disk full or failing), which clients get as 503 or 507, not as a fault.
[[noreturn]] inline void fail(sqlite3* db, const std::string& what) {
  std::string message = "storage: " + what + ": " + (db ? sqlite3_errmsg(db) : "no database");
  const int code = db ? sqlite3_errcode(db) : SQLITE_CANTOPEN;
  const bool unavailable = code == SQLITE_FULL || code == SQLITE_BUSY || code == SQLITE_LOCKED ||
                           code == SQLITE_IOERR || code == SQLITE_READONLY ||
                           code == SQLITE_CANTOPEN || code == SQLITE_PROTOCOL;
  (unavailable ? metrics().db_errors_unavailable : metrics().db_errors_other).Increment();
  switch (code) {
    case SQLITE_FULL:
      throw StorageUnavailable(message, true);
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_IOERR:
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PROTOCOL:
      throw StorageUnavailable(message, false);
    default:
      throw std::runtime_error(message);
  }
}

// A statement of its own (one not kept by SqliteStorage), finalised when it goes.
inline Statement prepared(sqlite3* db, const char* sql) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK) fail(db, sql);
  return Statement(s);
}

inline void bind_text(sqlite3_stmt* s, int i, const std::string& text) {
  sqlite3_bind_text(s, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

inline std::string column_text(sqlite3_stmt* s, int i) {
  const auto* text = sqlite3_column_text(s, i);
  // All of the stored bytes (a C string would end at a NUL).
  return text ? std::string(reinterpret_cast<const char*>(text),
                            static_cast<std::size_t>(sqlite3_column_bytes(s, i)))
              : "";
}

// Runs a statement that returns no rows, and resets it for the next use.
inline void run(sqlite3* db, sqlite3_stmt* s, const char* what) {
  const int rc = sqlite3_step(s);
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  if (rc != SQLITE_DONE) fail(db, what);
}

// Steps a statement to its next row: true for a row, false when done; throws on an error.
inline bool next_row(sqlite3* db, sqlite3_stmt* s, const char* what) {
  const int rc = sqlite3_step(s);
  if (rc == SQLITE_ROW) return true;
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  if (rc != SQLITE_DONE) fail(db, what);
  return false;
}

// Rolls back unless committed: a failed write leaves the database as it was.
class Transaction {
 public:
  explicit Transaction(sqlite3* db) : db_(db) {
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
      fail(db_, "begin");
  }
  ~Transaction() {
    if (!committed_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit() {
    if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) fail(db_, "commit");
    committed_ = true;
  }

 private:
  sqlite3* db_;
  bool committed_ = false;
};

}  // namespace ordo::server
