// PostgreSQL's schema, versioned like SQLite's (sqlite_storage.cpp) and with the same
// numbers: a new database is made from the description of both (schema_tables.cpp) at the
// current version; older ones (version 6 at the least) are migrated. Never edit a
// migration that has shipped; add a new one (to both back ends) and change the description.
#include <pqxx/pqxx>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/storage/look_alike_names.h"
#include "server/storage/pg/pg_storage.h"
#include "server/storage/schema_tables.h"

namespace ordo::server {

namespace {

struct PgMigration {
  int to_version;
  const char* sql;
  void (*code)(pqxx::work& t) = nullptr;  // after the SQL, if any
};

// Version 9's code: each account's name skeleton, as SQLite's migration stores them
// (sqlite_storage.cpp): names that collided before are kept and reported.
void fill_name_skeletons(pqxx::work& t) {
  std::vector<StoredAccount> accounts;
  for (const auto& r : t.exec("SELECT id, name FROM accounts")) {
    StoredAccount account;
    account.id = r[0].as<std::int64_t>();
    account.name = r[1].as<std::string>();
    accounts.push_back(std::move(account));
  }
  const auto skeletons = skeletons_to_store(accounts);
  for (std::size_t i = 0; i < accounts.size(); ++i)
    if (skeletons[i])
      t.exec_params("UPDATE accounts SET name_skeleton = $1 WHERE id = $2", *skeletons[i],
                    accounts[i].id);
  warn_of_look_alikes(accounts);
  t.exec("CREATE UNIQUE INDEX accounts_by_skeleton ON accounts (name_skeleton)");
}

// The migrations of databases made before version 9. A new database is made at once from
// the description (schema_tables.cpp), which these must end at; version 6 was the first.
constexpr PgMigration kPgMigrations[] = {
    // Leases for work that must happen once (lease_storage.h), and the instance each
    // challenge was made on.
    {7, R"(CREATE TABLE leases (
         key TEXT PRIMARY KEY,
         holder TEXT NOT NULL,
         expires_ms BIGINT NOT NULL);
       ALTER TABLE challenges ADD COLUMN instance TEXT NOT NULL DEFAULT '';)"},
    // The takeback and rematch offers, so that every instance sees and answers them,
    // each instance's lobby streams per account (challenge_storage.h), its seats'
    // streams (presence_storage.h), and the failed log-ins (login_throttle.h).
    {8, R"(ALTER TABLE games ADD COLUMN offers TEXT NOT NULL DEFAULT '';
       CREATE TABLE lobby_streams (
         account BIGINT NOT NULL,
         instance TEXT NOT NULL,
         streams INTEGER NOT NULL,
         PRIMARY KEY (account, instance));
       -- Which instance has a stream of which seat open (presence_storage.h). Only here:
       -- one SQLite server knows its streams in memory.
       CREATE TABLE seat_streams (
         game TEXT NOT NULL,
         seat TEXT NOT NULL,
         instance TEXT NOT NULL,
         PRIMARY KEY (game, seat, instance));
       CREATE TABLE login_failures (
         key TEXT NOT NULL,
         at_ms BIGINT NOT NULL);
       CREATE INDEX login_failures_by_key ON login_failures (key, at_ms);
       CREATE INDEX login_failures_by_time ON login_failures (at_ms);)"},
    // Names unique by their skeleton (name_skeleton.h); many NULLs are allowed.
    {9, R"(ALTER TABLE accounts ADD COLUMN name_skeleton TEXT;)", fill_name_skeletons},
    // Each seat's consent to spectators seeing the engine's analysis, kept with the game
    // (it was kept in memory, per instance). IF NOT EXISTS: it runs again on a database
    // taken back to an older version by hand.
    {10, R"(CREATE TABLE IF NOT EXISTS analysis_spectators (
         game_id TEXT NOT NULL,
         seat TEXT NOT NULL,
         PRIMARY KEY (game_id, seat));)"},
    // Version 11 gave SQLite's ids AUTOINCREMENT, so that none is given twice; here an
    // identity column's sequence never did. Numbered alike all the same.
    {11, "SELECT 1"},
    // Notifications by e-mail (mail_storage.h): each account's address, the links sent by
    // mail (by their token's digest) and the claims that send each mail once.
    {12, R"(CREATE TABLE IF NOT EXISTS account_emails (
         account_id BIGINT PRIMARY KEY NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
         address TEXT NOT NULL,
         verified_ms BIGINT NOT NULL DEFAULT 0,
         notify INTEGER NOT NULL DEFAULT 1);
       CREATE TABLE IF NOT EXISTS mail_links (
         digest TEXT PRIMARY KEY NOT NULL,
         account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
         purpose TEXT NOT NULL,
         address TEXT NOT NULL,
         created_ms BIGINT NOT NULL);
       CREATE INDEX IF NOT EXISTS mail_links_by_created ON mail_links (created_ms);
       CREATE TABLE IF NOT EXISTS mail_claims (
         key TEXT PRIMARY KEY NOT NULL,
         claimed_ms BIGINT NOT NULL);
       CREATE INDEX IF NOT EXISTS mail_claims_by_time ON mail_claims (claimed_ms);)"},
};
static_assert(std::size(kPgMigrations) > 0 &&
              kPgMigrations[std::size(kPgMigrations) - 1].to_version == kPgSchemaVersion);

// Any number that no other program on the same database uses for an advisory lock.
constexpr std::int64_t kMigrationLock = 0x6f72646f;  // "ordo"

}  // namespace

int pg_schema_version(pqxx::transaction_base& t) {
  const auto table = t.exec("SELECT to_regclass('schema_version') IS NOT NULL");
  if (!table[0][0].as<bool>()) return 0;
  const auto row = t.exec("SELECT COALESCE(MAX(version), 0) FROM schema_version");
  return row[0][0].as<int>();
}

namespace {

void migrate(PgPool& pool) {
  auto connection = pool.connect();
  pqxx::work t(*connection);
  // Held until this transaction ends: a second instance starting at the same time waits
  // here, then finds the schema up to date. DDL is transactional in PostgreSQL, so a
  // failed migration leaves the schema as it was.
  t.exec_params("SELECT pg_advisory_xact_lock($1)", kMigrationLock);
  t.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
  const int version = pg_schema_version(t);
  if (version > kPgSchemaVersion)
    throw std::runtime_error("storage: the database has schema version " + std::to_string(version) +
                             ", newer than this program's " + std::to_string(kPgSchemaVersion));
  if (version == 0) t.exec(create_schema_sql(SqlDialect::kPostgres));
  for (const auto& migration : kPgMigrations) {
    if (version == 0 || migration.to_version <= version) continue;
    t.exec(migration.sql);
    if (migration.code) migration.code(t);
  }
  if (version < kPgSchemaVersion) {
    t.exec("DELETE FROM schema_version");
    t.exec_params("INSERT INTO schema_version (version) VALUES ($1)", kPgSchemaVersion);
    // Heard by the running instances as this commits: older ones take no new work.
    t.exec_params("SELECT pg_notify($1, $2)", kSchemaChannel, std::to_string(kPgSchemaVersion));
  }
  install_pg_routines(t);
  t.commit();
}

}  // namespace

void migrate_pg_schema(PgPool& pool) {
  try {
    migrate(pool);
  } catch (const pqxx::insufficient_privilege& e) {
    // PostgreSQL 15 lets only the database's owner create tables in `public`.
    throw std::runtime_error(std::string("storage: ") + e.what() +
                             "the instances' role must own the database (CREATE DATABASE ... "
                             "OWNER ...; docs/deployment.md, \"The database\")");
  }
}

}  // namespace ordo::server
