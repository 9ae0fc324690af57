#include "support/test_storage.h"

#include <sqlite3.h>

#include <cstdlib>
#include <pqxx/pqxx>
#include <stdexcept>

#include "server/storage/pg/pg_storage.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "support/pg_cluster.h"

namespace ordo::server::testing {

bool testing_on_postgres() {
  const char* backend = std::getenv("ORDO_TEST_BACKEND");
  return backend && std::string(backend) == "postgres";
}

TestDatabase::TestDatabase(std::string sqlite_path) : sqlite_path_(std::move(sqlite_path)) {
  if (testing_on_postgres()) url_ = test_cluster().new_database();
}

std::unique_ptr<ServerStorage> TestDatabase::open() const {
  if (postgres()) return std::make_unique<PgStorage>(url_);
  return std::make_unique<SqliteStorage>(sqlite_path_);
}

void TestDatabase::execute(const std::string& sql) const {
  if (postgres()) {
    pqxx::connection connection(url_);
    pqxx::nontransaction t(connection);
    t.exec(sql);
    return;
  }
  sqlite3* db = nullptr;
  if (sqlite3_open(sqlite_path_.c_str(), &db) != SQLITE_OK) {
    sqlite3_close(db);
    throw std::runtime_error("cannot open " + sqlite_path_);
  }
  char* error = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  const std::string message = error ? error : "";
  sqlite3_free(error);
  sqlite3_close(db);
  if (rc != SQLITE_OK) throw std::runtime_error(message + " in: " + sql);
}

}  // namespace ordo::server::testing
