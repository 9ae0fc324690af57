#include "server/storage/sql_text.h"

#include <cctype>
#include <string_view>

namespace ordo::server {

namespace {

constexpr std::string_view kByteOrder = " COLLATE \"C\"";

}  // namespace

std::string sql_text(const std::string& query, SqlDialect dialect) {
  std::string sql;
  int number = 0;
  for (std::size_t i = 0; i < query.size(); ++i) {
    if (dialect == SqlDialect::kSqlite) {
      if (query.compare(i, kByteOrder.size(), kByteOrder) == 0)
        i += kByteOrder.size() - 1;
      else
        sql += query[i];
    } else if (query[i] != '?') {
      sql += query[i];
    } else if (i + 1 < query.size() && std::isdigit(static_cast<unsigned char>(query[i + 1]))) {
      sql += '$';  // ?N: its digits follow
    } else {
      sql += '$' + std::to_string(++number);
    }
  }
  return sql;
}

}  // namespace ordo::server
