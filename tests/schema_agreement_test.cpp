// Both back ends' tables are the one description they are made from
// (server/storage/schema_tables.h): a new SQLite file and one migrated from the first
// version, a new PostgreSQL database and one migrated from version 6; and, compared with
// each other column by column, SQLite's tables and PostgreSQL's, so that a column added
// to one back end alone (in a migration, say) fails here.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "server/storage/sqlite/sqlite_storage.h"
#include "server_test_util.h"
#include "support/schema_facts.h"
#include "support/test_storage.h"

namespace ordo::server {
namespace {

using testing::described_schema_facts;
using testing::pg_schema_facts;
using testing::SchemaFacts;
using testing::shared_schema_facts;
using testing::sqlite_schema_facts;
using testing::TempDir;
using testing::TestDatabase;

void expect_same(const SchemaFacts& actual, const SchemaFacts& expected) {
  EXPECT_EQ(actual.columns, expected.columns);
  EXPECT_EQ(actual.keys, expected.keys);
  EXPECT_EQ(actual.indexes, expected.indexes);
}

// SQL on a SQLite file whichever back end the run tests.
void execute_sqlite(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  sqlite3_close(db);
}

// A new SQLite file at `path`, closed again.
void make_sqlite(const std::string& path) {
  SqliteStorage storage(path);
}

TEST(SchemaAgreement, ANewSqliteDatabaseHasTheDescribedTables) {
  TempDir dir;
  make_sqlite(dir.file("db.sqlite"));
  const auto facts = sqlite_schema_facts(dir.file("db.sqlite"));
  ASSERT_FALSE(facts.columns.empty());
  expect_same(facts, described_schema_facts(SqlDialect::kSqlite));
}

TEST(SchemaAgreement, AColumnOrIndexOfOneBackEndAloneIsFound) {
  TempDir dir;
  make_sqlite(dir.file("db.sqlite"));
  const auto described = described_schema_facts(SqlDialect::kSqlite);
  execute_sqlite(dir.file("db.sqlite"), "ALTER TABLE games ADD COLUMN extra TEXT");
  EXPECT_NE(sqlite_schema_facts(dir.file("db.sqlite")).columns, described.columns);
  execute_sqlite(dir.file("db.sqlite"),
                 "ALTER TABLE games DROP COLUMN extra; CREATE INDEX games_by_mode ON games(mode)");
  const auto facts = sqlite_schema_facts(dir.file("db.sqlite"));
  EXPECT_EQ(facts.columns, described.columns);
  EXPECT_NE(facts.indexes, described.indexes);
}

// The tables of the first version, as its program made them: every later migration runs.
TEST(SchemaAgreement, ASqliteDatabaseOfTheFirstVersionMigratesToTheDescribedTables) {
  TempDir dir;
  execute_sqlite(dir.file("old.sqlite"), R"(CREATE TABLE games (
      id TEXT PRIMARY KEY, game TEXT NOT NULL, mode TEXT NOT NULL, rules TEXT NOT NULL,
      size TEXT NOT NULL, start TEXT NOT NULL, settings TEXT NOT NULL,
      white_name TEXT NOT NULL, black_name TEXT NOT NULL, white_token TEXT NOT NULL,
      black_token TEXT NOT NULL, clock_initial_ms INTEGER NOT NULL,
      clock_increment_ms INTEGER NOT NULL, ai_level INTEGER NOT NULL, ai_color TEXT NOT NULL,
      result TEXT NOT NULL, reason TEXT NOT NULL, created_ms INTEGER NOT NULL,
      updated_ms INTEGER NOT NULL);
    CREATE TABLE moves (
      game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,
      notation TEXT NOT NULL, by TEXT NOT NULL, think_ms INTEGER NOT NULL,
      clock_after_ms INTEGER, PRIMARY KEY (game_id, ply));
    PRAGMA user_version = 1;)");
  make_sqlite(dir.file("old.sqlite"));
  expect_same(sqlite_schema_facts(dir.file("old.sqlite")),
              described_schema_facts(SqlDialect::kSqlite));
}

TEST(SchemaAgreement, BothBackEndsHaveTheSameTablesColumnByColumn) {
  if (!testing::testing_on_postgres()) GTEST_SKIP() << "needs PostgreSQL";
  TempDir dir;
  const TestDatabase pg(dir.file("unused.sqlite"));
  pg.open();
  make_sqlite(dir.file("db.sqlite"));
  const SchemaFacts sqlite = sqlite_schema_facts(dir.file("db.sqlite"));
  const SchemaFacts postgres = pg_schema_facts(pg.url());
  expect_same(postgres, described_schema_facts(SqlDialect::kPostgres));
  expect_same(shared_schema_facts(postgres, SqlDialect::kSqlite),
              shared_schema_facts(sqlite, SqlDialect::kPostgres));
}

// Version 6 was PostgreSQL's first: what versions 7 to 12 added is taken away, and their
// migrations add it back.
TEST(SchemaAgreement, APostgresDatabaseOfVersionSixMigratesToTheDescribedTables) {
  if (!testing::testing_on_postgres()) GTEST_SKIP() << "needs PostgreSQL";
  TempDir dir;
  const TestDatabase pg(dir.file("unused.sqlite"));
  pg.open();
  pg.execute(
      "DROP TABLE leases, lobby_streams, seat_streams, login_failures, analysis_spectators, "
      "account_emails, mail_links, mail_claims; "
      "ALTER TABLE challenges DROP COLUMN instance; ALTER TABLE games DROP COLUMN offers; "
      "DROP INDEX accounts_by_skeleton; ALTER TABLE accounts DROP COLUMN name_skeleton; "
      "UPDATE schema_version SET version = 6;");
  EXPECT_EQ(pg.open()->schema_version(), 12);
  expect_same(pg_schema_facts(pg.url()), described_schema_facts(SqlDialect::kPostgres));
}

}  // namespace
}  // namespace ordo::server
