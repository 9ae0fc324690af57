// Durable storage of games in SQLite (WAL mode). Rows are game-agnostic: a `game` column
// names the game ("ordo"), and the start position, settings and moves are text the game's
// own code reads back. Every write is one committed transaction before the call returns,
// so a caller may acknowledge a move as soon as append_move returns.
//
// The schema is versioned with PRAGMA user_version; the migrations run in order at open.
// One connection, guarded by a mutex: calls may come from any thread.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/account_storage.h"
#include "server/challenge_storage.h"
#include "server/chat_storage.h"
#include "server/player_games_storage.h"
#include "server/stored_game.h"

struct sqlite3;
struct sqlite3_stmt;

namespace ordo::server {

struct StatementDeleter {
  void operator()(sqlite3_stmt* statement) const;
};
using Statement = std::unique_ptr<sqlite3_stmt, StatementDeleter>;

class Storage : public AccountStorage,
                public ChallengeStorage,
                public PlayerGamesStorage,
                public ChatStorage {
 public:
  static constexpr int kSchemaVersion = 6;

  // Opens (creating if needed) the database file, checks its pages and brings its schema
  // up to date. Throws std::runtime_error saying what is wrong and what to do: for a
  // damaged, read-only or empty (truncated) file, or a schema newer than ours.
  explicit Storage(const std::string& path);
  ~Storage() override;
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  int schema_version();
  std::string journal_mode();

  // A new game with its first moves (an imported record), in one transaction.
  void create_game(const StoredGame& game, const std::vector<StoredMove>& moves);
  // One move and the game's new result, committed before returning. The next turn starts
  // at `updated_ms`; its clock falls at `flag_at_ms` (0: no clock runs). A move withdraws
  // a pending draw offer, as do undo and a result.
  void append_move(const std::string& id, const StoredMove& move, const std::string& result,
                   const std::string& reason, std::int64_t updated_ms, std::int64_t flag_at_ms = 0);
  // Deletes the moves from `first_ply` on (undo) and sets the result; the turn restarts
  // at `updated_ms`.
  void truncate_moves(const std::string& id, int first_ply, const std::string& result,
                      const std::string& reason, std::int64_t updated_ms,
                      std::int64_t flag_at_ms = 0);
  // The result ends the running turn at `updated_ms` (turn_started_ms is kept, so the
  // clock's last turn can be charged when the game is read back).
  void set_result(const std::string& id, const std::string& result, const std::string& reason,
                  std::int64_t updated_ms);
  // white | black | empty (no offer).
  void set_draw_offer(const std::string& id, const std::string& seat);
  void set_turn(const std::string& id, std::int64_t turn_started_ms, std::int64_t flag_at_ms);
  // At start-up: every unfinished game's turn restarts at `now_ms` (time while the server
  // was down is charged to nobody) and its flag is unknown until the game is loaded.
  void restart_turns(std::int64_t now_ms);

  // Copies the write-ahead log into the database file on a second connection, so moves
  // keep being committed meanwhile. SQLite's own checkpoint (every 1000 pages, by the
  // committing request, which then waits for it) still runs and restarts the log; called
  // from a timer, this one leaves it little to copy.
  void checkpoint();

  // A consistent copy of the whole database into the new file `path` (SQLite's online
  // backup API, on a connection of its own: other connections, other processes, keep
  // writing meanwhile). Throws if the file exists or cannot be written.
  void backup_to(const std::string& path);

  // Tests: while on, every write fails through SQLite's own error path (PRAGMA
  // query_only), as on a full or failing disk; reads still work.
  void refuse_writes(bool on);

  std::vector<StoredGame> all_games();
  std::optional<StoredGame> game(const std::string& id);
  std::int64_t game_count();
  // Unfinished games that must be in memory after a restart: those with a running clock
  // (a clock and at least one move) and those against the engine whose last move was not
  // the engine's (it may owe a move).
  std::vector<StoredGame> games_to_resume();
  // Ids of the games whose running clock has fallen at `now_ms`.
  std::vector<std::string> games_flagged_at(std::int64_t now_ms);
  std::vector<StoredMove> moves_of(const std::string& id);
  // Newest first.
  std::vector<GameSummary> list_games(int limit, int offset);

  // AccountStorage (storage_accounts.cpp, storage_ratings.cpp).
  std::int64_t create_account(const std::string& name, const std::string& name_key,
                              const std::string& password_hash, std::int64_t created_ms) override;
  std::optional<StoredAccount> account_by_key(const std::string& name_key) override;
  std::optional<StoredAccount> account_by_id(std::int64_t id) override;
  void change_password(std::int64_t id, const std::string& password_hash) override;
  void delete_account(std::int64_t id, const std::string& neutral_name) override;
  void create_session(const std::string& digest, std::int64_t account_id, std::int64_t created_ms,
                      std::int64_t expires_ms) override;
  std::optional<StoredSession> session(const std::string& digest) override;
  void delete_session(const std::string& digest) override;
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
  void block(std::int64_t owner, std::int64_t blocked, std::int64_t now_ms) override;
  void unblock(std::int64_t owner, std::int64_t blocked) override;
  bool blocked_between(std::int64_t a, std::int64_t b) override;
  std::vector<std::pair<std::int64_t, std::string>> blocks_of(std::int64_t owner) override;

  // ChallengeStorage (storage_challenges.cpp).
  void create_challenge(const StoredChallenge& challenge) override;
  std::optional<StoredChallenge> challenge(const std::string& id) override;
  std::vector<StoredChallenge> open_challenges() override;
  bool claim_challenge(const std::string& id, std::int64_t accepter) override;
  void set_challenge_game(const std::string& id, const std::string& game_id) override;
  void reopen_challenge(const std::string& id) override;
  bool close_challenge(const std::string& id, const std::string& state) override;
  std::vector<std::string> cancel_challenges_of(std::int64_t creator) override;

 private:
  void execute(const char* sql);
  void check_integrity(const std::string& path);
  void migrate();
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
      list_games_, select_game_, set_draw_offer_, set_turn_, flagged_, to_resume_;
};

}  // namespace ordo::server
