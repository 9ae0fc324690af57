// What the game service needs from storage for the games and their moves, free of
// database types (like AccountStorage), so that SQLite (sqlite_storage.h) and PostgreSQL
// (pg_storage.h) implement it alike. Every write is one committed transaction before the
// call returns, so a caller may acknowledge a move as soon as append_move returns.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/storage/stored_game.h"

namespace ordo::server {

// append_move's refusal: the game changed since its caller read it (another server
// instance stored a move, or a result, first). Nothing was stored.
class StaleGame : public std::runtime_error {
 public:
  explicit StaleGame(const std::string& id)
      : std::runtime_error("storage: game " + id + " changed meanwhile") {}
};

class GameStorage {
 public:
  virtual ~GameStorage() = default;

  // A new game with its first moves (an imported record), in one transaction.
  virtual void create_game(const StoredGame& game, const std::vector<StoredMove>& moves) = 0;
  // One move and the game's new result, committed before returning. The next turn starts
  // at `updated_ms`; its clock falls at `flag_at_ms` (0: no clock runs). A move withdraws
  // a pending draw offer, as do undo and a result. A back end shared by several
  // instances (PostgreSQL) throws StaleGame unless `move.ply` is the game's next ply, the
  // game goes on and (if given) the stored turn started at `turn_started_ms`: the move
  // was judged on the game as it is stored.
  virtual void append_move(const std::string& id, const StoredMove& move, const std::string& result,
                           const std::string& reason, std::int64_t updated_ms,
                           std::int64_t flag_at_ms = 0,
                           std::optional<std::int64_t> turn_started_ms = std::nullopt) = 0;
  // Deletes the moves from `first_ply` on (undo) and sets the result; the turn restarts
  // at `updated_ms`.
  virtual void truncate_moves(const std::string& id, int first_ply, const std::string& result,
                              const std::string& reason, std::int64_t updated_ms,
                              std::int64_t flag_at_ms = 0) = 0;
  // The result ends the running turn at `updated_ms` (turn_started_ms is kept, so the
  // clock's last turn can be charged when the game is read back). A rated game's rating
  // change is applied in the same transaction, once however often this is called.
  virtual void set_result(const std::string& id, const std::string& result,
                          const std::string& reason, std::int64_t updated_ms) = 0;
  // Whether the unfinished game changes ratings when it ends (a game of a rated match:
  // only its last); nothing for a game already over.
  virtual void set_rated(const std::string& id, bool rated) = 0;
  // white | black | empty (no offer).
  virtual void set_draw_offer(const std::string& id, const std::string& seat) = 0;
  // The takeback and rematch offers (text of GameOffers), stored only if they still are
  // `expected`: StaleGame when another instance changed them first.
  virtual void set_offers(const std::string& id, const std::string& expected,
                          const std::string& offers) = 0;
  virtual void set_turn(const std::string& id, std::int64_t turn_started_ms,
                        std::int64_t flag_at_ms) = 0;
  // At start-up: every unfinished game's turn restarts at `now_ms` (time while the server
  // was down is charged to nobody) and its flag is unknown until the game is loaded.
  virtual void restart_turns(std::int64_t now_ms) = 0;

  virtual std::vector<StoredGame> all_games() = 0;
  virtual std::optional<StoredGame> game(const std::string& id) = 0;
  // The game's row and how many moves it has, read together.
  virtual std::optional<GameSummary> game_summary(const std::string& id) = 0;
  virtual std::int64_t game_count() = 0;
  // Unfinished games that must be in memory after a restart: those with a running clock
  // (a clock and at least one move) and those against the engine whose last move was not
  // the engine's (it may owe a move).
  virtual std::vector<StoredGame> games_to_resume() = 0;
  // Ids of the games whose running clock has fallen at `now_ms`.
  virtual std::vector<std::string> games_flagged_at(std::int64_t now_ms) = 0;
  virtual std::vector<StoredMove> moves_of(const std::string& id) = 0;
  // The public games (kPublicGamesQuery: those between two accounts), newest first;
  // `status` is "all", "playing" or "finished".
  virtual std::vector<GameSummary> list_public_games(const std::string& status, int limit,
                                                     int offset) = 0;
  // Ids of at most `limit` guests' unfinished games untouched since `idle_since_ms` that
  // no clock will end (kIdleGuestGamesQuery), oldest first.
  virtual std::vector<std::string> idle_guest_games(std::int64_t idle_since_ms, int limit) = 0;

  // Several server instances write this database (PostgreSQL): a game held in memory may
  // have been changed by another, so it is checked against storage before it is acted on.
  virtual bool shared() const { return false; }
  // `handler` is called, on a thread of storage's own, with the id of each game another
  // instance changed, soon after it committed (PostgreSQL's LISTEN/NOTIFY); never on a
  // back end that is not shared. An empty handler stops the calls: after that returns,
  // none is running or will run.
  virtual void on_other_instance_change(std::function<void(const std::string& id)> handler) {
    (void)handler;
  }
  // Move now that reached an instance where the engine of game `id` does not think: asks
  // every instance (this one too) through on_move_now_asked; the one whose engine thinks
  // stops it, so that it moves at once. Nothing on a back end that is not shared.
  virtual void ask_to_move_now(const std::string& id) { (void)id; }
  // `handler` gets the id of each game asked so, on a thread of storage's own (as above).
  virtual void on_move_now_asked(std::function<void(const std::string& id)> handler) {
    (void)handler;
  }
};

}  // namespace ordo::server
