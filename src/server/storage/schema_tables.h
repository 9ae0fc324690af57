// Every table the server stores, described once for both back ends: columns with a
// logical type that each dialect spells its own way, keys and indexes. A new database of
// either back end is made from this description (schema_sql.h); the migrations of older
// databases (sqlite_storage.cpp, pg_schema.cpp) must end at the same tables, which
// tests/schema_agreement_test.cpp checks.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ordo::server {

enum class SqlDialect { kSqlite, kPostgres };

enum class ColumnType {
  kInt,       // a small whole number or a 0/1 flag: INTEGER in both
  kBigInt,    // a 64-bit whole number: INTEGER, BIGINT
  kText,      // TEXT in both
  kReal,      // REAL, DOUBLE PRECISION
  kRowId,     // the table's own 64-bit key, numbered by the database when not given
  kSequence,  // PostgreSQL only: the insertion order that SQLite's rowid gives
};

struct Column {
  std::string name;
  ColumnType type;
  bool not_null = true;
  std::string default_value;  // SQL text as both dialects read it; empty: none
  bool unique = false;
  std::string references;          // "table(column)" and what a deletion there does; empty: none
  std::optional<SqlDialect> only;  // a column of one back end alone
};

struct Index {
  std::string name;
  std::vector<std::string> columns;  // "name" or "name DESC"; other dialects' columns dropped
  bool unique = false;
  std::string where;  // a partial index's condition; empty: every row
};

struct Table {
  std::string name;
  std::vector<Column> columns;
  std::vector<std::string> primary_key;  // several columns; one kRowId column is its own key
  std::vector<Index> indexes;
  std::optional<SqlDialect> only;  // a table of one back end alone
};

// The tables of the current schema version, in the order they are created.
const std::vector<Table>& schema_tables();

// Whether a table or a column exists in a dialect.
bool in_dialect(const std::optional<SqlDialect>& only, SqlDialect dialect);

// The type as the dialect declares it ("BIGINT"), and as it reports it back: SQLite's
// PRAGMA table_info type, PostgreSQL's information_schema data_type ("bigint").
std::string declared_type(ColumnType type, SqlDialect dialect);
std::string reported_type(ColumnType type, SqlDialect dialect);

// The statements that make every table and index of the current schema in a new database.
std::string create_schema_sql(SqlDialect dialect);

}  // namespace ordo::server
