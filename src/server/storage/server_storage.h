// Everything the server stores, as one interface with two implementations: SQLite
// (sqlite_storage.h, the default, one file) and PostgreSQL (pg_storage.h, for several
// instances on one database). open_storage.h picks one. The server holds only this.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/storage/account_storage.h"
#include "server/storage/challenge_storage.h"
#include "server/storage/chat_storage.h"
#include "server/storage/game_storage.h"
#include "server/storage/lease_storage.h"
#include "server/storage/mail_storage.h"
#include "server/storage/player_games_storage.h"
#include "server/storage/presence_storage.h"

namespace ordo::server {

class ServerStorage : public GameStorage,
                      public AccountStorage,
                      public ChallengeStorage,
                      public PlayerGamesStorage,
                      public ChatStorage,
                      public LeaseStorage,
                      public PresenceStorage,
                      public MailStorage {
 public:
  // The schema version of the database (each back end migrates to its own latest).
  virtual int schema_version() = 0;
  // The timer's upkeep, called every tick or so (SQLite: copies its log into the
  // database); nothing by default.
  virtual void checkpoint() {}
  // At shutdown: makes sure everything committed is on the disk (SQLite: a last full
  // checkpoint). Empty if so, else what went wrong, for the operator.
  virtual std::string flush_for_shutdown() { return ""; }
  // The bytes free to the server on the disk that holds the database, where it knows
  // (SQLite; PostgreSQL's disk is the database server's).
  virtual std::optional<std::uint64_t> free_disk_bytes() { return std::nullopt; }
  // Tests: while on, every write fails through the database's own error path, as on a
  // full or failing disk; reads still work.
  virtual void refuse_writes(bool on) = 0;
};

}  // namespace ordo::server
