// Durable storage of everything the server keeps in SQLite (WAL mode): ServerStorage's
// default back end, one file. Rows are game-agnostic: a `game` column names the game
// ("ordo"), and the start position, settings and moves are text the game's own code reads
// back. Every write is one committed transaction before the call returns, on the disk by
// default (durability.h).
//
// The schema is versioned with PRAGMA user_version: a new file gets the tables of
// schema_tables.h at once, an older one runs the migrations in order at open.
// One connection, guarded by a mutex: calls may come from any thread. The accounts,
// ratings, challenges, player games and chat are in storage_*.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/durability.h"
#include "server/storage/server_storage.h"

struct sqlite3;
struct sqlite3_stmt;

namespace ordo::server {

struct StatementDeleter {
  void operator()(sqlite3_stmt* statement) const;
};
using Statement = std::unique_ptr<sqlite3_stmt, StatementDeleter>;

class SqliteStorage : public ServerStorage {
 public:
  static constexpr int kSchemaVersion = 12;
  static constexpr int kLockWaitMs = 1000;

  // Opens (creating if needed) the database file, checks its pages and brings its schema
  // up to date. Throws std::runtime_error saying what is wrong and what to do: for a
  // damaged, read-only or empty (truncated) file, or a schema newer than ours.
  explicit SqliteStorage(const std::string& path, Durability durability = Durability::full);
  ~SqliteStorage() override;
  SqliteStorage(const SqliteStorage&) = delete;
  SqliteStorage& operator=(const SqliteStorage&) = delete;

  int schema_version() override;
  std::string journal_mode();

  // GameStorage (game_storage.h).
  void create_game(const StoredGame& game, const std::vector<StoredMove>& moves) override;
  void append_move(const std::string& id, const StoredMove& move, const std::string& result,
                   const std::string& reason, std::int64_t updated_ms, std::int64_t flag_at_ms = 0,
                   std::optional<std::int64_t> turn_started_ms = std::nullopt) override;
  void truncate_moves(const std::string& id, int first_ply, const std::string& result,
                      const std::string& reason, std::int64_t updated_ms,
                      std::int64_t flag_at_ms = 0) override;
  void set_result(const std::string& id, const std::string& result, const std::string& reason,
                  std::int64_t updated_ms) override;
  void set_draw_offer(const std::string& id, const std::string& seat) override;
  void set_rated(const std::string& id, bool rated) override;
  void set_offers(const std::string& id, const std::string& expected,
                  const std::string& offers) override;
  void set_turn(const std::string& id, std::int64_t turn_started_ms,
                std::int64_t flag_at_ms) override;
  void restart_turns(std::int64_t now_ms) override;
  std::vector<StoredGame> all_games() override;
  std::optional<StoredGame> game(const std::string& id) override;
  std::optional<GameSummary> game_summary(const std::string& id) override;
  std::int64_t game_count() override;
  std::vector<StoredGame> games_to_resume() override;
  std::vector<std::string> games_flagged_at(std::int64_t now_ms) override;
  std::vector<StoredMove> moves_of(const std::string& id) override;
  std::vector<GameSummary> list_public_games(const std::string& status, int limit,
                                             int offset) override;
  std::vector<std::string> idle_guest_games(std::int64_t idle_since_ms, int limit) override;

  // Copies the write-ahead log into the database file on a second connection, so moves
  // keep being committed meanwhile. SQLite's own checkpoint (every 1000 pages, by the
  // committing request, which then waits for it) still runs and restarts the log; called
  // from a timer, this one leaves it little to copy.
  void checkpoint() override;
  // A TRUNCATE checkpoint on the main connection: the log copied into the database file
  // and synced.
  std::string flush_for_shutdown() override;
  std::optional<std::uint64_t> free_disk_bytes() override;

  // A consistent copy of the whole database into the new file `path` (SQLite's online
  // backup API, on a connection of its own: other connections, other processes, keep
  // writing meanwhile). Throws if the file exists or cannot be written.
  void backup_to(const std::string& path);

  // PRAGMA query_only.
  void refuse_writes(bool on) override;

  // AccountStorage (storage_accounts.cpp, storage_ratings.cpp).
  std::int64_t create_account(const std::string& name, const std::string& name_key,
                              const std::string& password_hash, std::int64_t created_ms) override;
  std::optional<StoredAccount> account_by_key(const std::string& name_key) override;
  std::optional<StoredAccount> account_by_skeleton(const std::string& skeleton) override;
  std::optional<StoredAccount> account_by_id(std::int64_t id) override;
  void change_password(std::int64_t id, const std::string& password_hash) override;
  void delete_account(std::int64_t id, const std::string& neutral_name) override;
  void create_session(const std::string& digest, std::int64_t account_id, std::int64_t created_ms,
                      std::int64_t expires_ms) override;
  std::optional<StoredSession> session(const std::string& digest) override;
  void delete_session(const std::string& digest) override;
  void add_login_failures(const std::vector<std::string>& keys, std::int64_t at_ms,
                          std::int64_t forget_until_ms) override;
  std::vector<std::int64_t> login_failures(const std::string& key, std::int64_t since_ms,
                                           int limit) override;
  void clear_login_failures(const std::string& key) override;
  std::vector<StoredAccount> all_accounts() override;
  bool set_account_disabled(std::int64_t id, bool disabled) override;
  std::vector<StoredRating> ratings(const RatingPool& pool, int limit) override;
  std::vector<RatingChange> rating_changes(const std::string& game_id) override;

  // PlayerGamesStorage (storage_player_games.cpp).
  std::vector<AccountGame> games_of_account(std::int64_t account, bool unfinished_only,
                                            int limit) override;
  std::vector<PoolRating> ratings_of(std::int64_t account) override;
  std::vector<RatingPoint> rating_history(std::int64_t account) override;

  // ChatStorage (storage_chat.cpp).
  std::int64_t add_chat(const StoredChatMessage& message) override;
  std::vector<StoredChatMessage> chat_of(const std::string& game_id, int limit) override;
  bool remove_chat(std::int64_t message_id) override;
  void set_spectator_chat(const std::string& game_id, const std::string& seat,
                          bool allowed) override;
  std::vector<std::string> spectator_chat_seats(const std::string& game_id) override;
  void set_spectator_analysis(const std::string& game_id, const std::string& seat,
                              bool allowed) override;
  std::vector<std::string> spectator_analysis_seats(const std::string& game_id) override;
  void block(std::int64_t owner, std::int64_t blocked, std::int64_t now_ms) override;
  void unblock(std::int64_t owner, std::int64_t blocked) override;
  bool blocked_between(std::int64_t a, std::int64_t b) override;
  std::vector<std::pair<std::int64_t, std::string>> blocks_of(std::int64_t owner) override;

  // ChallengeStorage (storage_challenges.cpp).
  Created create_challenge(const StoredChallenge& challenge, int per_creator, int in_all) override;
  std::optional<StoredChallenge> challenge(const std::string& id) override;
  std::vector<StoredChallenge> open_challenges() override;
  bool claim_challenge(const std::string& id, std::int64_t accepter) override;
  void set_challenge_game(const std::string& id, const std::string& game_id) override;
  void reopen_challenge(const std::string& id) override;
  bool close_challenge(const std::string& id, const std::string& state) override;
  std::vector<std::string> cancel_challenges_of(std::int64_t creator) override;

  // LeaseStorage (storage_leases.cpp).
  bool take_lease(const std::string& key, const std::string& holder, std::int64_t now_ms,
                  std::int64_t until_ms) override;
  void release_lease(const std::string& key, const std::string& holder) override;
  std::string lease_holder(const std::string& key, std::int64_t now_ms) override;
  bool set_result_under_lease(const std::string& id, const std::string& result,
                              const std::string& reason, std::int64_t updated_ms,
                              const std::string& holder, std::int64_t now_ms) override;
  std::vector<std::string> engine_turns_unleased(std::int64_t now_ms) override;
  int delete_lapsed_leases(std::int64_t lapsed_before_ms) override;
  std::vector<std::string> cancel_challenges_of_lapsed_instances(std::int64_t now_ms) override;
  int count_lobby_streams(std::int64_t account, const std::string& instance, int change,
                          std::int64_t now_ms) override;

  // MailStorage (sqlite_mail.cpp).
  std::optional<StoredEmail> account_email(std::int64_t account) override;
  void set_account_email(std::int64_t account, const std::string& address) override;
  bool verify_account_email(std::int64_t account, const std::string& address,
                            std::int64_t now_ms) override;
  void set_email_notify(std::int64_t account, bool notify) override;
  void add_mail_link(const std::string& digest, const StoredMailLink& link) override;
  std::optional<StoredMailLink> mail_link(const std::string& digest) override;
  void delete_mail_link(const std::string& digest) override;
  bool claim_mail(const std::string& key, std::int64_t now_ms) override;
  std::size_t delete_mail_records_before(std::int64_t before_ms) override;
  std::vector<DeadlineGame> deadlines_between(std::int64_t from_ms, std::int64_t to_ms,
                                              int limit) override;

 private:
  void execute(const char* sql);
  void check_integrity(const std::string& path);
  void migrate();
  // Throws if a row refers to no row (PRAGMA foreign_key_check), within a migration.
  void check_foreign_keys();
  sqlite3_stmt* prepare(Statement& slot, const char* sql);
  void update_result(const std::string& id, const std::string& result, const std::string& reason,
                     std::int64_t updated_ms, std::optional<std::int64_t> flag_at_ms);
  std::vector<StoredGame> select_games(Statement& slot, const std::string& sql);
  std::vector<StoredChallenge> select_challenges(const char* where, const std::string& key);
  std::optional<StoredAccount> select_account(const char* where, const std::string& key,
                                              std::int64_t id);

  std::mutex mutex_;
  sqlite3* db_ = nullptr;
  std::mutex checkpoint_mutex_;
  sqlite3* checkpoint_db_ = nullptr;
  Statement insert_game_, insert_move_, update_result_, delete_moves_, select_games_, select_moves_,
      list_games_, select_game_, set_draw_offer_, set_offers_, set_turn_, flagged_, to_resume_;
};

}  // namespace ordo::server
