// Which storage back end the server's tests run on: SQLite by default, PostgreSQL when
// ORDO_TEST_BACKEND=postgres (tests/CMakeLists.txt reruns the server suites so, in the
// full tier, on one throwaway cluster per test binary: pg_cluster.h).
#pragma once

#include <memory>
#include <string>

#include "server/storage/server_storage.h"

namespace ordo::server::testing {

bool testing_on_postgres();

// One test's database: the SQLite file `sqlite_path`, or a new database of the test
// process's cluster. open() again is a restart: the same database.
class TestDatabase {
 public:
  explicit TestDatabase(std::string sqlite_path);
  std::unique_ptr<ServerStorage> open() const;
  // Runs SQL on a connection of its own (as another process would); throws on an error.
  void execute(const std::string& sql) const;
  bool postgres() const { return !url_.empty(); }
  // The PostgreSQL URL (empty on SQLite).
  const std::string& url() const { return url_; }

 private:
  std::string sqlite_path_, url_;
};

}  // namespace ordo::server::testing
