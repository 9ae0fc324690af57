// PgStorage's addresses, mail links and claims, and the deadlines that mail warns of
// (MailStorage, mail_storage.h), with the statements SQLite runs too (stored_queries.h).
// A mail is claimed by one conditional insert: of several instances claiming it at once,
// the key's uniqueness lets exactly one insert the row, and only that one sends it.
#include <pqxx/pqxx>

#include "server/storage/pg/pg_storage.h"
#include "server/storage/pg/pg_storage_impl.h"

namespace ordo::server {

namespace {

std::string pg_query(const char* query) {
  return sql_text(query, SqlDialect::kPostgres);
}

}  // namespace

std::optional<StoredEmail> PgStorage::account_email(std::int64_t account) {
  static const std::string sql = pg_query(kAccountEmailQuery);
  return one_statement([&](pqxx::transaction_base& t) -> std::optional<StoredEmail> {
    const auto rows = t.exec_params(sql, account);
    if (rows.empty()) return std::nullopt;
    return read_stored_email(PgRow(rows[0]));
  });
}

void PgStorage::set_account_email(std::int64_t account, const std::string& address) {
  static const std::string set = pg_query(kSetAccountEmail);
  static const std::string remove = pg_query(kDeleteAccountEmail);
  one_statement([&](pqxx::transaction_base& t) {
    if (address.empty())
      t.exec_params(remove, account);
    else
      t.exec_params(set, account, address);
  });
}

bool PgStorage::verify_account_email(std::int64_t account, const std::string& address,
                                     std::int64_t now_ms) {
  if (!storable_text(address)) return false;  // never stored, so not the account's
  static const std::string sql = pg_query(kVerifyAccountEmail);
  return one_statement([&](pqxx::transaction_base& t) {
    return t.exec_params(sql, now_ms, account, address).affected_rows() == 1;
  });
}

void PgStorage::set_email_notify(std::int64_t account, bool notify) {
  static const std::string sql = pg_query(kSetEmailNotify);
  one_statement([&](pqxx::transaction_base& t) { t.exec_params(sql, notify ? 1 : 0, account); });
}

void PgStorage::add_mail_link(const std::string& digest, const StoredMailLink& link) {
  static const std::string sql = pg_query(kAddMailLink);
  one_statement([&](pqxx::transaction_base& t) {
    t.exec_params(sql, digest, link.account, link.purpose, link.address, link.created_ms);
  });
}

std::optional<StoredMailLink> PgStorage::mail_link(const std::string& digest) {
  if (digest.empty() || !storable_text(digest)) return std::nullopt;
  static const std::string sql = pg_query(kMailLinkQuery);
  return one_statement([&](pqxx::transaction_base& t) -> std::optional<StoredMailLink> {
    const auto rows = t.exec_params(sql, digest);
    if (rows.empty()) return std::nullopt;
    return read_mail_link(PgRow(rows[0]));
  });
}

void PgStorage::delete_mail_link(const std::string& digest) {
  if (!storable_text(digest)) return;
  static const std::string sql = pg_query(kDeleteMailLink);
  one_statement([&](pqxx::transaction_base& t) { t.exec_params(sql, digest); });
}

bool PgStorage::claim_mail(const std::string& key, std::int64_t now_ms) {
  static const std::string sql = pg_query(kClaimMail);
  return one_statement([&](pqxx::transaction_base& t) {
    return t.exec_params(sql, key, now_ms).affected_rows() == 1;
  });
}

std::size_t PgStorage::delete_mail_records_before(std::int64_t before_ms) {
  static const std::string links = pg_query(kDeleteMailLinksBefore);
  static const std::string claims = pg_query(kDeleteMailClaimsBefore);
  return transact([&](pqxx::work& t) {
    return static_cast<std::size_t>(t.exec_params(links, before_ms).affected_rows() +
                                    t.exec_params(claims, before_ms).affected_rows());
  });
}

std::vector<DeadlineGame> PgStorage::deadlines_between(std::int64_t from_ms, std::int64_t to_ms,
                                                       int limit) {
  static const std::string sql = pg_query(kDeadlinesQuery);
  return one_statement([&](pqxx::transaction_base& t) {
    std::vector<DeadlineGame> games;
    for (const auto& row : t.exec_params(sql, from_ms, to_ms, limit))
      games.push_back(read_deadline_game(PgRow(row)));
    return games;
  });
}

}  // namespace ordo::server
