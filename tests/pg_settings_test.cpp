// PostgreSQL's connection settings per instance (issue 60): the pool's size and the
// application_name each connection gives the server (serve --db-connections,
// --db-application-name), seen in pg_stat_activity as an operator sees them.
#include <gtest/gtest.h>

#include <pqxx/pqxx>
#include <stdexcept>
#include <thread>
#include <vector>

#include "server/storage/pg/pg_pool.h"
#include "server/storage/pg/pg_storage.h"
#include "support/pg_cluster.h"
#include "support/test_storage.h"

namespace ordo::server {
namespace {

TEST(WithApplicationName, AddsTheParameterEncodedAndRefusesBadNames) {
  EXPECT_EQ(with_application_name("postgresql://u@h/db", "ordo-a"),
            "postgresql://u@h/db?application_name=ordo-a");
  EXPECT_EQ(with_application_name("postgresql://u@h/db?sslmode=require", "ordo a/1"),
            "postgresql://u@h/db?sslmode=require&application_name=ordo%20a%2F1");
  EXPECT_THROW(with_application_name("postgresql://u@h/db", ""), std::invalid_argument);
  EXPECT_THROW(with_application_name("postgresql://u@h/db", std::string(64, 'a')),
               std::invalid_argument);
  EXPECT_THROW(with_application_name("postgresql://u@h/db", "a\nb"), std::invalid_argument);
}

// The pooled connections of `url`'s database that call themselves `name` (those that
// listen for the other instances' notices apart).
int connections_named(const std::string& url, const std::string& name) {
  pqxx::connection connection(url);
  pqxx::nontransaction t(connection);
  return t
      .exec_params1(
          "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 "
          "AND datname = current_database() AND query NOT LIKE 'LISTEN %'",
          name)[0]
      .as<int>();
}

TEST(PgSettings, ThePoolKeepsToItsSizeAndNamesItself) {
  if (!testing::testing_on_postgres()) GTEST_SKIP() << "PostgreSQL only";
  const std::string url = testing::test_cluster().new_database();
  PgStorage storage(url, 2, "ordo-test-a");
  // Eight threads at once: the pool lends at most two connections; the others wait.
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 30; ++i) storage.game_count();
    });
  for (auto& thread : threads) thread.join();
  const int named = connections_named(url, "ordo-test-a");
  EXPECT_GE(named, 1);
  EXPECT_LE(named, 2);
  // The default name.
  PgStorage other(url);
  other.game_count();
  EXPECT_GE(connections_named(url, "ordo-engine"), 1);
}

// The database role of docs/deployment.md ("The database"): on PostgreSQL 15 a role that
// does not own the database may not make the tables, and is told what to do; once it owns
// it, it needs no other right (no superuser).
TEST(PgSettings, TheInstancesRoleMustOwnTheDatabaseAndNeedsNothingElse) {
  if (!testing::testing_on_postgres()) GTEST_SKIP() << "PostgreSQL only";
  const std::string url = testing::test_cluster().new_database(false);
  const std::string database =
      url.substr(url.find(":///") + 4, url.find('?') - url.find(":///") - 4);
  {
    pqxx::connection admin(url);
    pqxx::nontransaction t(admin);
    t.exec("CREATE ROLE tenant LOGIN");
  }
  const std::string as_tenant = url.substr(0, url.find("&user=")) + "&user=tenant";
  try {
    PgStorage storage(as_tenant, 1);
    ADD_FAILURE() << "a role that does not own the database made the tables";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("must own the database"), std::string::npos) << e.what();
  }
  {
    pqxx::connection admin(url);
    pqxx::nontransaction t(admin);
    t.exec("ALTER DATABASE " + database + " OWNER TO tenant");
  }
  PgStorage storage(as_tenant, 1);
  EXPECT_EQ(storage.game_count(), 0);
  EXPECT_EQ(storage.schema_version(), kPgSchemaVersion);
}

}  // namespace
}  // namespace ordo::server
