// Query text written once for both back ends (stored_queries.h) in the dialect each runs:
// placeholders `?` (numbered in order) or `?N` become PostgreSQL's $N; COLLATE "C", byte
// order, is dropped for SQLite, whose text compares by its bytes already.
#pragma once

#include <string>

#include "server/storage/schema_tables.h"

namespace ordo::server {

// Our queries hold no `?` and no COLLATE inside a quoted string.
std::string sql_text(const std::string& query, SqlDialect dialect);

}  // namespace ordo::server
