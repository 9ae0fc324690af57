#include "support/schema_facts.h"

#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <pqxx/pqxx>
#include <sstream>
#include <stdexcept>

namespace ordo::server::testing {

namespace {

std::string column_fact(const std::string& table, const std::string& column,
                        const std::string& type, bool not_null, const std::string& default_value) {
  return table + " " + column + " " + type + (not_null ? " NOT NULL" : "") +
         (default_value.empty() ? "" : " DEFAULT " + default_value);
}

// PostgreSQL's default as written: '' rather than ''::text.
std::string pg_default(std::string value) {
  if (value.ends_with("::text")) value.resize(value.size() - 6);
  return value;
}

std::string key_fact(const std::string& table, const std::vector<std::string>& columns) {
  std::string fact = table + " (";
  for (std::size_t i = 0; i < columns.size(); ++i) fact += (i ? ", " : "") + columns[i];
  return fact + ")";
}

std::string index_fact(const std::string& table, const std::string& name, bool unique,
                       const std::vector<std::string>& columns, bool partial) {
  std::string fact = table + " " + name + (unique ? " UNIQUE" : "") + " (";
  for (std::size_t i = 0; i < columns.size(); ++i) fact += (i ? ", " : "") + columns[i];
  return fact + ")" + (partial ? " PARTIAL" : "");
}

// SQLite's answers to one query, each row as text.
class SqliteFile {
 public:
  explicit SqliteFile(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
      throw std::runtime_error("cannot open " + path);
  }
  ~SqliteFile() { sqlite3_close(db_); }
  std::vector<std::vector<std::string>> rows(const std::string& sql) const {
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &s, nullptr) != SQLITE_OK)
      throw std::runtime_error(sqlite3_errmsg(db_));
    std::vector<std::vector<std::string>> rows;
    while (sqlite3_step(s) == SQLITE_ROW) {
      std::vector<std::string> row;
      for (int i = 0; i < sqlite3_column_count(s); ++i) {
        const auto* text = sqlite3_column_text(s, i);
        row.emplace_back(text ? reinterpret_cast<const char*>(text) : "");
      }
      rows.push_back(std::move(row));
    }
    sqlite3_finalize(s);
    return rows;
  }

 private:
  sqlite3* db_ = nullptr;
};

// "(a DESC, b) WHERE ..." of PostgreSQL's index definition as its columns.
std::vector<std::string> pg_index_columns(const std::string& definition) {
  const auto open = definition.find('(');
  const auto close = definition.find(')', open);
  std::vector<std::string> columns;
  std::stringstream list(definition.substr(open + 1, close - open - 1));
  for (std::string column; std::getline(list, column, ',');) {
    column.erase(0, column.find_first_not_of(' '));
    column.erase(std::remove(column.begin(), column.end(), '"'), column.end());
    columns.push_back(column);
  }
  return columns;
}

const Table* described_table(const std::string& name) {
  for (const auto& table : schema_tables())
    if (table.name == name) return &table;
  return nullptr;
}

const Column* described_column(const Table* table, const std::string& name) {
  if (!table) return nullptr;
  for (const auto& column : table->columns)
    if (column.name == name) return &column;
  return nullptr;
}

std::string type_family(const std::string& type) {
  if (type == "INTEGER" || type == "integer" || type == "bigint") return "integer";
  if (type == "TEXT" || type == "text") return "text";
  if (type == "REAL" || type == "double precision") return "real";
  return "unknown type " + type;
}

}  // namespace

SchemaFacts sqlite_schema_facts(const std::string& path) {
  const SqliteFile db(path);
  SchemaFacts facts;
  for (const auto& table : db.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                   "name NOT LIKE 'sqlite_%' ORDER BY name")) {
    const std::string& name = table[0];
    std::map<int, std::string> key;  // by position in the key
    // cid, name, type, notnull, dflt_value, pk
    for (const auto& column : db.rows("PRAGMA table_info(\"" + name + "\")")) {
      facts.columns.push_back(column_fact(name, column[1], column[2], column[3] == "1", column[4]));
      if (column[5] != "0") key[std::stoi(column[5])] = column[1];
    }
    std::vector<std::string> key_columns;
    for (const auto& [position, column] : key) key_columns.push_back(column);
    if (!key_columns.empty()) facts.keys.push_back(key_fact(name, key_columns));
    // seq, name, unique, origin (c: CREATE INDEX), partial
    auto indexes = db.rows("PRAGMA index_list(\"" + name + "\")");
    std::sort(indexes.begin(), indexes.end(),
              [](const auto& a, const auto& b) { return a[1] < b[1]; });
    for (const auto& index : indexes) {
      if (index[3] != "c") continue;
      std::vector<std::string> columns;
      // seqno, cid, name, desc, coll, key
      for (const auto& column : db.rows("PRAGMA index_xinfo(\"" + index[1] + "\")"))
        if (column[5] == "1") columns.push_back(column[2] + (column[3] == "1" ? " DESC" : ""));
      facts.indexes.push_back(
          index_fact(name, index[1], index[2] == "1", columns, index[4] == "1"));
    }
  }
  return facts;
}

SchemaFacts pg_schema_facts(const std::string& url) {
  pqxx::connection connection(url);
  pqxx::nontransaction t(connection);
  SchemaFacts facts;
  // The schema's version number is PostgreSQL's own table (SQLite keeps it in its header).
  for (const auto& r :
       t.exec("SELECT table_name, column_name, data_type, is_nullable, column_default FROM "
              "information_schema.columns "
              "WHERE table_schema = current_schema() AND table_name != 'schema_version' "
              "ORDER BY table_name COLLATE \"C\", ordinal_position"))
    facts.columns.push_back(column_fact(r[0].as<std::string>(), r[1].as<std::string>(),
                                        r[2].as<std::string>(), r[3].as<std::string>() == "NO",
                                        pg_default(r[4].as<std::string>(""))));
  std::map<std::string, std::vector<std::string>> keys;
  for (const auto& r :
       t.exec("SELECT k.table_name, k.column_name FROM information_schema.table_constraints c "
              "JOIN information_schema.key_column_usage k ON k.constraint_name = "
              "c.constraint_name AND k.table_schema = c.table_schema WHERE c.constraint_type = "
              "'PRIMARY KEY' AND c.table_schema = current_schema() ORDER BY k.table_name "
              "COLLATE \"C\", k.ordinal_position"))
    keys[r[0].as<std::string>()].push_back(r[1].as<std::string>());
  for (const auto& [table, columns] : keys) facts.keys.push_back(key_fact(table, columns));
  for (const auto& r :
       t.exec("SELECT t.relname, i.relname, x.indisunique, x.indpred IS NOT NULL, "
              "pg_get_indexdef(x.indexrelid) FROM pg_index x JOIN pg_class i ON i.oid = "
              "x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = "
              "t.relnamespace WHERE n.nspname = current_schema() AND NOT EXISTS (SELECT 1 FROM "
              "pg_constraint c WHERE c.conindid = x.indexrelid) ORDER BY t.relname COLLATE \"C\", "
              "i.relname COLLATE \"C\""))
    facts.indexes.push_back(index_fact(r[0].as<std::string>(), r[1].as<std::string>(),
                                       r[2].as<bool>(), pg_index_columns(r[4].as<std::string>()),
                                       r[3].as<bool>()));
  return facts;
}

SchemaFacts described_schema_facts(SqlDialect dialect) {
  auto tables = schema_tables();
  std::sort(tables.begin(), tables.end(),
            [](const Table& a, const Table& b) { return a.name < b.name; });
  const bool pg = dialect == SqlDialect::kPostgres;
  SchemaFacts facts;
  for (const auto& table : tables) {
    if (!in_dialect(table.only, dialect)) continue;
    auto in_key = [&](const std::string& column) {
      return std::find(table.primary_key.begin(), table.primary_key.end(), column) !=
             table.primary_key.end();
    };
    for (const auto& column : table.columns) {
      if (!in_dialect(column.only, dialect)) continue;
      // PostgreSQL makes a key's columns and an identity NOT NULL; SQLite keeps what
      // was declared.
      const bool not_null =
          column.not_null || (pg && (in_key(column.name) || column.type == ColumnType::kSequence));
      facts.columns.push_back(column_fact(table.name, column.name,
                                          reported_type(column.type, dialect), not_null,
                                          column.default_value));
    }
    if (!table.primary_key.empty()) facts.keys.push_back(key_fact(table.name, table.primary_key));
    auto indexes = table.indexes;
    std::sort(indexes.begin(), indexes.end(),
              [](const Index& a, const Index& b) { return a.name < b.name; });
    for (const auto& index : indexes) {
      std::vector<std::string> columns;
      for (const auto& entry : index.columns)
        if (in_dialect(described_column(&table, entry.substr(0, entry.find(' ')))->only, dialect))
          columns.push_back(entry);
      facts.indexes.push_back(
          index_fact(table.name, index.name, index.unique, columns, !index.where.empty()));
    }
  }
  return facts;
}

SchemaFacts shared_schema_facts(const SchemaFacts& facts, SqlDialect other) {
  SchemaFacts shared;
  std::map<std::string, std::vector<std::string>> keys;  // table: its key's columns
  for (const auto& key : facts.keys) {
    const auto space = key.find(' ');
    std::string list = key.substr(space + 2, key.size() - space - 3);
    std::stringstream columns(list);
    for (std::string column; std::getline(columns, column, ',');)
      keys[key.substr(0, space)].push_back(column.substr(column.find_first_not_of(' ')));
  }
  for (const auto& fact : facts.columns) {
    std::stringstream words(fact);
    std::string table, column, type;
    words >> table >> column >> type;
    if (type == "double") words >> type, type = "double " + type;
    const Table* described = described_table(table);
    const Column* described_col = described_column(described, column);
    if (described && !in_dialect(described->only, other)) continue;
    if (described_col && !in_dialect(described_col->only, other)) continue;
    const auto at = fact.find(" DEFAULT ");
    const std::string default_value = at == std::string::npos ? "" : fact.substr(at + 9);
    const auto& key = keys[table];
    const bool not_null = fact.substr(0, at).ends_with(" NOT NULL") ||
                          std::find(key.begin(), key.end(), column) != key.end();
    shared.columns.push_back(
        column_fact(table, column, type_family(type), not_null, default_value));
  }
  auto in_both = [&](const std::string& fact) {
    const Table* described = described_table(fact.substr(0, fact.find(' ')));
    return !described || in_dialect(described->only, other);
  };
  for (const auto& key : facts.keys)
    if (in_both(key)) shared.keys.push_back(key);
  for (const auto& index : facts.indexes)  // without the columns one dialect lacks
    if (in_both(index))
      shared.indexes.push_back(index.substr(0, index.find(" (")) +
                               (index.ends_with(" PARTIAL") ? " PARTIAL" : ""));
  return shared;
}

}  // namespace ordo::server::testing
