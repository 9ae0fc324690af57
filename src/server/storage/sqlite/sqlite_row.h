// The row a SQLite statement stands on, as the readers of stored_rows.h read it.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>

#include "server/storage/sqlite/sqlite_helpers.h"

namespace ordo::server {

class SqliteRow {
 public:
  explicit SqliteRow(sqlite3_stmt* s) : s_(s) {}
  std::string text(int i) const { return column_text(s_, i); }
  std::int64_t int64(int i) const { return sqlite3_column_int64(s_, i); }
  int integer(int i) const { return sqlite3_column_int(s_, i); }
  double real(int i) const { return sqlite3_column_double(s_, i); }

 private:
  sqlite3_stmt* s_;
};

}  // namespace ordo::server
