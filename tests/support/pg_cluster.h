// A throwaway PostgreSQL cluster for tests: Debian's initdb and postgres
// (/usr/lib/postgresql/*/bin) in a new temporary directory, reached only through a Unix
// socket in that directory (no TCP port), with fsync off. PostgreSQL refuses to run as
// root, so under root (as in CI) both run as the unprivileged user `nobody`. The server
// dies with the process that started it (it is its child, with a parent-death signal),
// and its directory is removed when the cluster object goes.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace ordo::server::testing {

class PgCluster {
 public:
  // Throws std::runtime_error saying what failed (no PostgreSQL installed, initdb's log).
  PgCluster();
  ~PgCluster();
  PgCluster(const PgCluster&) = delete;
  PgCluster& operator=(const PgCluster&) = delete;

  // The URL of `database` in this cluster (postgresql:///DB?host=SOCKET_DIR&...).
  std::string url(const std::string& database) const;
  // A new database, empty or (by default) a copy of one already migrated to the latest
  // schema (CREATE DATABASE ... TEMPLATE, much cheaper than migrating each).
  std::string new_database(bool migrated = true);
  // Runs one of the installed PostgreSQL's programs (pg_dump, pg_restore) as the server's
  // user, and returns what it printed; throws with that if it exits non-zero.
  std::string run_program(const std::string& program, const std::vector<std::string>& args) const;
  // A path in the cluster's directory, where those programs may write.
  std::string path(const std::string& name) const { return dir_ + "/" + name; }

 private:
  void create_database(const std::string& name, const std::string& template_name);

  std::string dir_;
  pid_t server_ = -1;
  int databases_ = 0;
};

// The cluster of this test process, started on first use and stopped at exit.
PgCluster& test_cluster();

}  // namespace ordo::server::testing
