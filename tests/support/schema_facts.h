// What a database's tables are, read back from the database itself (SQLite's pragmas,
// PostgreSQL's catalogs) or made from the description both back ends are created from
// (server/storage/schema_tables.h), as lines of text that compare with readable diffs.
#pragma once

#include <string>
#include <vector>

#include "server/storage/schema_tables.h"

namespace ordo::server::testing {

struct SchemaFacts {
  // "table column TYPE [NOT NULL] [DEFAULT value]", tables by name, columns in their order.
  std::vector<std::string> columns;
  // "table (column, ...)": each table's primary key.
  std::vector<std::string> keys;
  // "table index [UNIQUE] (column [DESC], ...) [PARTIAL]": the indexes made by name (not
  // those the database makes for a key or a UNIQUE column), by table and name.
  std::vector<std::string> indexes;
};

SchemaFacts sqlite_schema_facts(const std::string& path);
SchemaFacts pg_schema_facts(const std::string& url);
// As the dialect would report the described tables.
SchemaFacts described_schema_facts(SqlDialect dialect);
// The facts both dialects share: types as logical families (integer, text, real), a key's
// columns NOT NULL, and without what the description gives only to a dialect other than
// `other` (the back end these facts are compared with).
SchemaFacts shared_schema_facts(const SchemaFacts& facts, SqlDialect other);

}  // namespace ordo::server::testing
