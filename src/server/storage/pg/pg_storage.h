// Everything the server stores, in PostgreSQL (libpqxx): ServerStorage's back end for
// several server instances on one database. The schema is SQLite's, from one description
// of both (schema_tables.h) as PostgreSQL writes it, versioned in the table schema_version
// and migrated at start under an advisory lock, so that two instances starting at once
// migrate once. Every write is one transaction, committed before the call returns.
//
// A move is serialised per game in the database: append_move locks the game's row and
// checks that the move's ply is the next one, so that of two instances storing a move
// for one game at once, exactly one succeeds (the other gets StaleGame).
//
// The games are in pg_storage.cpp, the migrations in pg_schema.cpp, the accounts, ratings and
// player games in pg_storage_accounts.cpp, challenges and chat in pg_storage_lobby.cpp,
// e-mail addresses, mail links and claims in pg_storage_mail.cpp.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/pg/pg_listener.h"
#include "server/storage/pg/pg_pool.h"
#include "server/storage/server_storage.h"

namespace pqxx {
class transaction_base;
}

namespace ordo::server {

class PgStorage : public ServerStorage {
 public:
  // Connects to `url` (postgresql://...) and brings its schema up to date. Throws
  // std::runtime_error saying what is wrong: no connection, a schema newer than ours.
  // At most `connections` pooled connections (those listening for other instances'
  // changes apart); each names itself `application_name` to the server (pg_stat_activity).
  explicit PgStorage(const std::string& url, std::size_t connections = 4,
                     const std::string& application_name = "ordo-engine");
  ~PgStorage() override;
  PgStorage(const PgStorage&) = delete;
  PgStorage& operator=(const PgStorage&) = delete;

  int schema_version() override;
  void refuse_writes(bool on) override;
  // Tests: the messages of every request from now on go to `out` (PgPool::trace).
  void trace_messages(std::FILE* out) { pool_.trace(out); }

  // GameStorage (pg_storage.cpp).
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
  bool shared() const override { return true; }
  // Each write to a game NOTIFYs the channel ordo_games with "INSTANCE GAME_ID"; this
  // instance's listener hands on the others' (pg_listener.h).
  void on_other_instance_change(std::function<void(const std::string& id)> handler) override;
  // Move now NOTIFYs the channel ordo_move_now with the game's id (pg_storage_leases.cpp).
  void ask_to_move_now(const std::string& id) override;
  void on_move_now_asked(std::function<void(const std::string& id)> handler) override;

  // AccountStorage and PlayerGamesStorage (pg_storage_accounts.cpp).
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
  std::vector<AccountGame> games_of_account(std::int64_t account, bool unfinished_only,
                                            int limit) override;
  std::vector<PoolRating> ratings_of(std::int64_t account) override;
  std::vector<RatingPoint> rating_history(std::int64_t account) override;

  // ChatStorage and ChallengeStorage (pg_storage_lobby.cpp).
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
  Created create_challenge(const StoredChallenge& challenge, int per_creator, int in_all) override;
  std::optional<StoredChallenge> challenge(const std::string& id) override;
  std::vector<StoredChallenge> open_challenges() override;
  bool claim_challenge(const std::string& id, std::int64_t accepter) override;
  void set_challenge_game(const std::string& id, const std::string& game_id) override;
  void reopen_challenge(const std::string& id) override;
  bool close_challenge(const std::string& id, const std::string& state) override;
  std::vector<std::string> cancel_challenges_of(std::int64_t creator) override;
  // Each write to a challenge NOTIFYs the channel ordo_lobby with "INSTANCE CHALLENGE_ID";
  // `handler` gets the others' ids, on the listener's thread (as for games).
  void on_other_instance_challenge(std::function<void(const std::string& id)> handler) override;

  // LeaseStorage (pg_storage_leases.cpp).
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

  // PresenceStorage (pg_storage_presence.cpp): rows of seat_streams; each change NOTIFYs
  // the channel ordo_presence with the game's id.
  void set_seat_open(const std::string& id, const std::string& seat, const std::string& instance,
                     bool open) override;
  std::vector<std::string> seats_open_elsewhere(const std::string& id, const std::string& instance,
                                                std::int64_t now_ms) override;
  std::vector<std::string> drop_streams_of_gone_instances(const std::string& starting,
                                                          std::int64_t now_ms) override;
  void on_presence_changed(std::function<void(const std::string& id)> handler) override;

  // MailStorage (pg_storage_mail.cpp).
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
  // Runs `work(transaction)` in one transaction on a pooled connection and commits it;
  // a broken connection is dropped from the pool. Every call above is one of these.
  template <class Work>
  auto transact(Work&& work);
  // Runs `work(t)` as one statement outside any transaction block, which PostgreSQL runs
  // as a transaction of its own: one round trip instead of three (no BEGIN, no COMMIT).
  // `work` must issue exactly one statement.
  template <class Work>
  auto one_statement(Work&& work);
  // Throws StorageUnavailable once another instance has migrated the database past this
  // program's schema: an older instance then takes no new work, and fails /readyz, so that
  // the balancer sends its players to the newer ones. Heard at once (NOTIFY ordo_schema),
  // and read again within a transaction every few seconds in case a notice was missed.
  void refuse_if_superseded() const;
  void check_schema(pqxx::transaction_base& t);
  void note_schema_version(int version);
  std::vector<StoredChallenge> select_challenges(const std::string& where, const std::string& key);
  std::optional<StoredAccount> select_account(const std::string& where, const std::string& key);

  // Within a write to game `id`: the others hear of it when it commits.
  void notify_change(pqxx::transaction_base& t, const std::string& id);
  void notify_challenge(pqxx::transaction_base& t, const std::string& id);

  PgPool pool_;
  std::atomic<bool> refuse_writes_{false};
  std::string instance_;  // a random name, so that an instance ignores its own changes
  std::mutex listener_mutex_;
  std::unique_ptr<PgListener> listener_;
  std::unique_ptr<PgListener> lobby_listener_;     // under listener_mutex_
  std::unique_ptr<PgListener> move_now_listener_;  // under listener_mutex_
  std::unique_ptr<PgListener> presence_listener_;  // under listener_mutex_
  std::atomic<int> newer_schema_{0};               // the database's version, when newer
  std::atomic<std::int64_t> schema_read_ms_{0};    // steady clock, of the last read
  std::unique_ptr<PgListener> schema_listener_;
};

// The schema (pg_schema.cpp): brings the database to the latest version, once, however
// many instances start at once. Throws for a schema newer than this program's.
void migrate_pg_schema(PgPool& pool);
// The channel on which a migration announces the version it left (its payload).
inline constexpr const char* kSchemaChannel = "ordo_schema";
// The functions this program calls (pg_routines.cpp), made if missing, within the
// migration's transaction.
void install_pg_routines(pqxx::transaction_base& t);
int pg_schema_version(pqxx::transaction_base& t);
inline constexpr int kPgSchemaVersion = 12;

}  // namespace ordo::server
