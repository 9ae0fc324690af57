// Inside PostgreSQL storage (pg_storage*.cpp): one transaction on a pooled connection,
// and what they share: rows read as stored_rows.h reads them, queries as sql_text.h writes them.
#pragma once

#include <pqxx/pqxx>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "server/common/storage_error.h"
#include "server/common/utf8_text.h"
#include "server/observe/metrics.h"
#include "server/observe/storage_outage.h"
#include "server/storage/pg/pg_row.h"
#include "server/storage/pg/pg_storage.h"
#include "server/storage/sql_text.h"
#include "server/storage/stored_queries.h"
#include "server/storage/stored_rows.h"

namespace ordo::server {

// PostgreSQL's errors of a database that cannot answer now (SQLSTATE classes 08
// connection, 53 insufficient resources, 57 operator intervention such as a shutdown, 25006
// read-only) as StorageUnavailable; others are left as they are.
inline void throw_if_unavailable(const pqxx::sql_error& e) {
  const std::string state = e.sqlstate();
  const bool unavailable = state.starts_with("08") || state.starts_with("53") ||
                           state.starts_with("57") || state == "25006";
  (unavailable ? metrics().db_errors_unavailable : metrics().db_errors_other).Increment();
  if (state == "53100") throw StorageUnavailable(std::string("storage: ") + e.what(), true);
  if (unavailable) throw StorageUnavailable(std::string("storage: ") + e.what(), false);
}

// A call that reached the database and came back: counted, and any outage is over.
inline void note_database_answered() {
  metrics().db_transactions_postgresql.Increment();
  storage_outage_log().succeeded();
}

inline StorageUnavailable connection_broke(const pqxx::broken_connection& e) {
  metrics().db_errors_unavailable.Increment();
  return StorageUnavailable(std::string("storage: the connection to PostgreSQL broke: ") + e.what(),
                            false);
}

template <class Work>
auto PgStorage::transact(Work&& work) {
  auto lease = pool_.acquire();
  try {
    refuse_if_superseded();
    pqxx::work t(*lease);
    check_schema(t);
    // Tests: writes then fail through PostgreSQL's own error path, as on a full disk.
    if (refuse_writes_.load()) t.exec("SET TRANSACTION READ ONLY");
    if constexpr (std::is_void_v<decltype(work(t))>) {
      work(t);
      t.commit();
      note_database_answered();
    } else {
      auto answer = work(t);
      t.commit();
      note_database_answered();
      return answer;
    }
  } catch (const pqxx::broken_connection& e) {
    lease.discard();
    throw connection_broke(e);
  } catch (const pqxx::sql_error& e) {
    throw_if_unavailable(e);
    throw;
  }
}

template <class Work>
auto PgStorage::one_statement(Work&& work) {
  // Tests: in a transaction that refuses writes, like every other write then.
  if (refuse_writes_.load()) return transact(std::forward<Work>(work));
  refuse_if_superseded();
  auto lease = pool_.acquire();
  try {
    pqxx::nontransaction t(*lease);
    if constexpr (std::is_void_v<decltype(work(t))>) {
      work(t);
      note_database_answered();
    } else {
      auto answer = work(t);
      note_database_answered();
      return answer;
    }
  } catch (const pqxx::broken_connection& e) {
    lease.discard();
    throw connection_broke(e);
  } catch (const pqxx::sql_error& e) {
    throw_if_unavailable(e);
    throw;
  }
}

// PostgreSQL holds only UTF-8 text without NUL: a key that is not such text (a request's
// path, say) names nothing stored, and is answered so rather than as the database's error.
inline bool storable_text(const std::string& text) {
  return is_valid_utf8(text) && text.find('\0') == std::string::npos;
}

}  // namespace ordo::server
