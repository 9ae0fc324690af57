// What notifications by e-mail need from storage (issue 59), free of database types like
// the other *_storage.h: each player's address and whether it is verified and wanted, the
// links sent by mail, the claims that send each mail once however many instances share
// the database, and the correspondence games whose deadline is near. Every call is one
// committed transaction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ordo::server {

// A player's e-mail address for notifications: one per account, used once verified and
// only while its player wants mail.
struct StoredEmail {
  std::string address;
  std::int64_t verified_ms = 0;  // 0: not verified
  bool notify = true;
  bool account_disabled = false;  // by the operator: no mail goes to it
};
// A link sent by mail (verify an address, unsubscribe), found by its token's digest: the
// token itself is never stored (server/common/token_digest.h digests it).
struct StoredMailLink {
  std::int64_t account = 0;
  std::string purpose;  // "verify" | "unsubscribe"
  std::string address;  // the address it was sent to
  std::int64_t created_ms = 0;
};
// A correspondence game whose turn's deadline is near (time running out).
struct DeadlineGame {
  std::string id;
  std::int64_t white_account = 0, black_account = 0;
  std::int64_t turn_started_ms = 0, flag_at_ms = 0;
  int days_per_move = 0;
};

class MailStorage {
 public:
  virtual ~MailStorage() = default;
  virtual std::optional<StoredEmail> account_email(std::int64_t account) = 0;
  // Sets the account's address, not verified, notify on; an empty address removes it.
  virtual void set_account_email(std::int64_t account, const std::string& address) = 0;
  // Marks the account's address verified if it is still `address`; true if so.
  virtual bool verify_account_email(std::int64_t account, const std::string& address,
                                    std::int64_t now_ms) = 0;
  virtual void set_email_notify(std::int64_t account, bool notify) = 0;
  virtual void add_mail_link(const std::string& digest, const StoredMailLink& link) = 0;
  virtual std::optional<StoredMailLink> mail_link(const std::string& digest) = 0;
  virtual void delete_mail_link(const std::string& digest) = 0;
  // True for the first claim of `key` only, across every instance sharing storage (one
  // conditional insert): the mail it names is sent once.
  virtual bool claim_mail(const std::string& key, std::int64_t now_ms) = 0;
  // Forgets links and claims made before `before_ms`; returns how many rows went.
  virtual std::size_t delete_mail_records_before(std::int64_t before_ms) = 0;
  // Unfinished games with days per move whose running turn's deadline (flag_at_ms > 0) is
  // in [from_ms, to_ms), at most `limit`, nearest first.
  virtual std::vector<DeadlineGame> deadlines_between(std::int64_t from_ms, std::int64_t to_ms,
                                                      int limit) = 0;
};

}  // namespace ordo::server
