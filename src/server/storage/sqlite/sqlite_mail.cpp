// SqliteStorage's addresses, mail links and claims, and the deadlines that mail warns of
// (MailStorage, mail_storage.h), with the statements PostgreSQL runs too
// (stored_queries.h).
#include "server/storage/sql_text.h"
#include "server/storage/sqlite/sqlite_helpers.h"
#include "server/storage/sqlite/sqlite_row.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "server/storage/stored_queries.h"

namespace ordo::server {

namespace {

Statement prepared_query(sqlite3* db, const char* query) {
  return prepared(db, sql_text(query, SqlDialect::kSqlite).c_str());
}

}  // namespace

std::optional<StoredEmail> SqliteStorage::account_email(std::int64_t account) {
  std::lock_guard lock(mutex_);
  Statement s = prepared_query(db_, kAccountEmailQuery);
  sqlite3_bind_int64(s.get(), 1, account);
  if (!next_row(db_, s.get(), "read an e-mail address")) return std::nullopt;
  return read_stored_email(SqliteRow(s.get()));
}

void SqliteStorage::set_account_email(std::int64_t account, const std::string& address) {
  std::lock_guard lock(mutex_);
  if (address.empty()) {
    Statement s = prepared_query(db_, kDeleteAccountEmail);
    sqlite3_bind_int64(s.get(), 1, account);
    run(db_, s.get(), "remove an e-mail address");
    return;
  }
  Statement s = prepared_query(db_, kSetAccountEmail);
  sqlite3_bind_int64(s.get(), 1, account);
  bind_text(s.get(), 2, address);
  run(db_, s.get(), "store an e-mail address");
}

bool SqliteStorage::verify_account_email(std::int64_t account, const std::string& address,
                                         std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Statement s = prepared_query(db_, kVerifyAccountEmail);
  sqlite3_bind_int64(s.get(), 1, now_ms);
  sqlite3_bind_int64(s.get(), 2, account);
  bind_text(s.get(), 3, address);
  run(db_, s.get(), "verify an e-mail address");
  return sqlite3_changes(db_) == 1;
}

void SqliteStorage::set_email_notify(std::int64_t account, bool notify) {
  std::lock_guard lock(mutex_);
  Statement s = prepared_query(db_, kSetEmailNotify);
  sqlite3_bind_int(s.get(), 1, notify ? 1 : 0);
  sqlite3_bind_int64(s.get(), 2, account);
  run(db_, s.get(), "store whether to send mail");
}

void SqliteStorage::add_mail_link(const std::string& digest, const StoredMailLink& link) {
  std::lock_guard lock(mutex_);
  Statement s = prepared_query(db_, kAddMailLink);
  bind_text(s.get(), 1, digest);
  sqlite3_bind_int64(s.get(), 2, link.account);
  bind_text(s.get(), 3, link.purpose);
  bind_text(s.get(), 4, link.address);
  sqlite3_bind_int64(s.get(), 5, link.created_ms);
  run(db_, s.get(), "store a mail link");
}

std::optional<StoredMailLink> SqliteStorage::mail_link(const std::string& digest) {
  std::lock_guard lock(mutex_);
  Statement s = prepared_query(db_, kMailLinkQuery);
  bind_text(s.get(), 1, digest);
  if (!next_row(db_, s.get(), "read a mail link")) return std::nullopt;
  return read_mail_link(SqliteRow(s.get()));
}

void SqliteStorage::delete_mail_link(const std::string& digest) {
  std::lock_guard lock(mutex_);
  Statement s = prepared_query(db_, kDeleteMailLink);
  bind_text(s.get(), 1, digest);
  run(db_, s.get(), "remove a mail link");
}

bool SqliteStorage::claim_mail(const std::string& key, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Statement s = prepared_query(db_, kClaimMail);
  bind_text(s.get(), 1, key);
  sqlite3_bind_int64(s.get(), 2, now_ms);
  run(db_, s.get(), "claim a mail");
  return sqlite3_changes(db_) == 1;
}

std::size_t SqliteStorage::delete_mail_records_before(std::int64_t before_ms) {
  std::lock_guard lock(mutex_);
  Transaction t(db_);
  std::size_t deleted = 0;
  for (const char* query : {kDeleteMailLinksBefore, kDeleteMailClaimsBefore}) {
    Statement s = prepared_query(db_, query);
    sqlite3_bind_int64(s.get(), 1, before_ms);
    run(db_, s.get(), "forget old mail links and claims");
    deleted += static_cast<std::size_t>(sqlite3_changes(db_));
  }
  t.commit();
  return deleted;
}

std::vector<DeadlineGame> SqliteStorage::deadlines_between(std::int64_t from_ms, std::int64_t to_ms,
                                                           int limit) {
  std::lock_guard lock(mutex_);
  Statement s = prepared_query(db_, kDeadlinesQuery);
  sqlite3_bind_int64(s.get(), 1, from_ms);
  sqlite3_bind_int64(s.get(), 2, to_ms);
  sqlite3_bind_int(s.get(), 3, limit);
  std::vector<DeadlineGame> games;
  while (next_row(db_, s.get(), "read the games whose deadline is near"))
    games.push_back(read_deadline_game(SqliteRow(s.get())));
  return games;
}

}  // namespace ordo::server
