// What the accounts, sessions and ratings need from storage, as one interface with no
// database types in it, so that a second back end (PostgreSQL, issue 48) can implement it
// beside SQLite's (server_storage.h). Every call is one committed transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace ordo::server {

struct StoredAccount {
  std::int64_t id = 0;
  std::string name;           // as registered
  std::string password_hash;  // Argon2id in libsodium's string form
  std::int64_t created_ms = 0;
  bool disabled = false;  // by the operator: cannot log in
};

struct StoredSession {
  std::int64_t account_id = 0;
  std::int64_t expires_ms = 0;
};

// One rating pool: a game, its rule set and board size ("ordo", "classic", "10x8").
struct RatingPool {
  std::string game, rules, size;
};

struct StoredRating {
  std::int64_t account_id = 0;
  std::string name;
  double rating = 1500, deviation = 350, volatility = 0.06;
  int games = 0;
};

// A rated game's effect on one seat's rating.
struct RatingChange {
  std::string seat;  // white | black
  double before = 0, after = 0, deviation_after = 0;
};

// create_account's refusal: the name (case-insensitively), or one that looks like it (its
// skeleton, name_skeleton.h), is taken.
class NameTaken : public std::runtime_error {
 public:
  NameTaken() : std::runtime_error("the name is taken") {}
};

class AccountStorage {
 public:
  virtual ~AccountStorage() = default;

  // `name_key` is the name folded for look-ups (unique); the storage adds the name's
  // skeleton (name_skeleton.h, unique too). Throws NameTaken.
  virtual std::int64_t create_account(const std::string& name, const std::string& name_key,
                                      const std::string& password_hash,
                                      std::int64_t created_ms) = 0;
  virtual std::optional<StoredAccount> account_by_key(const std::string& name_key) = 0;
  // The account holding the skeleton (accounts that collided before version 9 hold none).
  virtual std::optional<StoredAccount> account_by_skeleton(const std::string& skeleton) = 0;
  virtual std::optional<StoredAccount> account_by_id(std::int64_t id) = 0;
  // The new hash, and every session of the account ended, together.
  virtual void change_password(std::int64_t id, const std::string& password_hash) = 0;
  // The account, its sessions and ratings go; its games stay, their seat renamed to
  // `neutral_name` and no longer linked to any account.
  virtual void delete_account(std::int64_t id, const std::string& neutral_name) = 0;

  // Every account (without its hash), by name; for the operator.
  virtual std::vector<StoredAccount> all_accounts() = 0;
  // Disables (every session ended with it) or enables the account; false if none.
  virtual bool set_account_disabled(std::int64_t id, bool disabled) = 0;

  // Sessions by the digest of their token (token_digest.h).
  virtual void create_session(const std::string& digest, std::int64_t account_id,
                              std::int64_t created_ms, std::int64_t expires_ms) = 0;
  virtual std::optional<StoredSession> session(const std::string& digest) = 0;
  virtual void delete_session(const std::string& digest) = 0;

  // Failed log-ins (login_throttle.h), stored so that every instance on the database
  // counts them. Each key is a digest (of a name or an address). Records a failure of
  // each of `keys` at `at_ms`, forgetting every failure at or before `forget_until_ms`.
  virtual void add_login_failures(const std::vector<std::string>& keys, std::int64_t at_ms,
                                  std::int64_t forget_until_ms) = 0;
  // The times of `key`'s last `limit` failures after `since_ms`, oldest first.
  virtual std::vector<std::int64_t> login_failures(const std::string& key, std::int64_t since_ms,
                                                   int limit) = 0;
  virtual void clear_login_failures(const std::string& key) = 0;

  // The pool's ratings, best first.
  virtual std::vector<StoredRating> ratings(const RatingPool& pool, int limit) = 0;
  // The rating changes a rated game made (none for a casual or unfinished one).
  virtual std::vector<RatingChange> rating_changes(const std::string& game_id) = 0;
};

}  // namespace ordo::server
