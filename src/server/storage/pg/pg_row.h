// A libpqxx row as the readers of stored_rows.h read it.
#pragma once

#include <cstdint>
#include <pqxx/pqxx>
#include <string>

namespace ordo::server {

class PgRow {
 public:
  explicit PgRow(const pqxx::row& row) : row_(row) {}
  std::string text(int i) const { return row_[i].as<std::string>(); }
  std::int64_t int64(int i) const { return row_[i].as<std::int64_t>(); }
  int integer(int i) const { return row_[i].as<int>(); }
  double real(int i) const { return row_[i].as<double>(); }

 private:
  const pqxx::row& row_;
};

}  // namespace ordo::server
