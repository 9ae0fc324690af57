// The game service: every action of docs/api.md apart from HTTP, so it can be tested
// without sockets. Requests and the answers are JSON objects as in docs/api.md; a refused
// request throws ApiError and changes nothing.
//
// Memory: only games in use stay in memory (see GameCache): a game nobody has asked for
// in a while, or that is over, is dropped and read back from storage (its moves replayed
// through the rules core) on the next request. A running clock needs no resident game:
// storage keeps when each running clock falls, and the timer loads a game only to end it.
// At start-up only games with a running clock or an engine that may owe a move are loaded.
//
// Threads: any method may be called from any thread. Each game has its own mutex; the
// cache has another, held only to find a game. The engine of a game in mode ai thinks on
// its own thread; its move comes back through a queue that one dispatcher thread plays,
// so no lock is held while an engine searches. A timer thread (optional, see
// ServiceOptions) ends games whose clock has run out and drops idle games.
//
// The code is split by concern: game_service.cpp (life cycle, loading, timer),
// game_creation.cpp (create, import, list), game_actions.cpp (the POST actions and the
// reads), game_turns.cpp (moves, results and clocks, stored before they are seen),
// game_engine.cpp (the engine of mode ai), game_state.cpp (the state JSON) and
// request_fields.cpp (reading request bodies, seats). Its options are in
// service_options.h, the seats of a game made in the lobby in account_seats.h.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/chat/chat_rate_limit.h"
#include "server/common/chess_clock.h"
#include "server/games/account_seats.h"
#include "server/games/game_cache.h"
#include "server/games/game_news.h"
#include "server/games/request_fields.h"
#include "server/games/served_game.h"
#include "server/games/service_options.h"
#include "server/live/account_changes.h"
#include "server/live/held_leases.h"
#include "server/storage/server_storage.h"
#include "server/storage/stored_result.h"

namespace ordo::server {

class GameService {
 public:
  // A game held open by an event stream: it stays in memory while the watch lives.
  class Watch {
   public:
    explicit Watch(std::shared_ptr<Match> match, std::shared_ptr<PresenceGuard> presence = {})
        : match_(std::move(match)), presence_(std::move(presence)) {}

   private:
    friend class GameService;
    std::shared_ptr<Match> match_;
    std::shared_ptr<PresenceGuard> presence_;  // the watcher's seats count as connected
  };

  // Resumes the stored games that cannot wait for a request (see above).
  GameService(ServerStorage& storage, ServiceOptions options = {});
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // POST /api/games; answers {id, tokens, links, state}. With `accounts` (a network game
  // from the lobby), the seats belong to those accounts, named after them.
  nlohmann::json create(const nlohmann::json& body, const AccountSeats& accounts = {});
  // POST /api/games/import.
  nlohmann::json import_record(const nlohmann::json& body);
  // GET /api/games: the public games (between two accounts, made in the lobby), or with
  // `ids` exactly those games, whatever their mode: whoever knows a game's id may watch it,
  // so naming ids lists nothing new. A guest's game or one against the engine is listed
  // only so (game_creation.cpp).
  struct ListQuery {
    std::string status = "all";  // all | playing | finished (public games)
    std::vector<std::string> ids;
    int limit = 50;
    int offset = 0;
  };
  static constexpr std::size_t kMaxListedIds = 100;
  nlohmann::json list(const ListQuery& query);
  // GET /api/games/{id}; `key` may be empty (a spectator).
  nlohmann::json state(const std::string& id, const SeatKey& key);
  // The account's rating in the pool of a game, rules and size: its rating and deviation,
  // or the start (1500, the largest deviation) where it has played no rated game there.
  PoolRating rating_in_pool(std::int64_t account, const RatingPool& pool);
  nlohmann::json state(const std::string& id, const std::string& token) {
    return state(id, SeatKey(token));
  }
  std::string record(const std::string& id);
  // GET /api/games/{id}/match-record: the records of every game of the match `id` belongs
  // to, from its first to its last made so far, one after another (game_matches.cpp);
  // ApiError 404 not_a_match for a game of no match.
  std::string match_record(const std::string& id);
  // The game's name ("ordo", "orderchaos").
  std::string game_of(const std::string& id);

  // The POST actions; `body` holds the token and the action's fields. `account` is the
  // account signed in (0: none; the routes checked its session and CSRF token): it acts
  // for the seats it holds, on any device, where the body names no token.
  nlohmann::json play(const std::string& id, const nlohmann::json& body, std::int64_t account = 0);
  nlohmann::json undo(const std::string& id, const nlohmann::json& body, std::int64_t account = 0);
  nlohmann::json resign(const std::string& id, const nlohmann::json& body,
                        std::int64_t account = 0);
  nlohmann::json draw(const std::string& id, const nlohmann::json& body, std::int64_t account = 0);
  // Ends the game with no result and no rating change, until each side has moved
  // (game_abort.cpp).
  nlohmann::json abort(const std::string& id, const nlohmann::json& body, std::int64_t account = 0);
  // In a live game between two people, once the opponent has had the game open nowhere for
  // ServiceOptions::claim_after_leaving_ms, the player who stayed may take the win
  // (game_abandon.cpp; the state's claim_win_in_ms says when).
  nlohmann::json claim_win(const std::string& id, const nlohmann::json& body,
                           std::int64_t account = 0);
  nlohmann::json move_now(const std::string& id, const nlohmann::json& body,
                          std::int64_t account = 0);
  // The accounts whose games changed (a move stored, a game ended or made), here or on
  // another instance: what an account's stream follows (players/account_events.h).
  AccountChanges& account_changes() { return account_changes_; }
  // The service's clock (ServiceOptions::now), for the routes' rate limits.
  std::int64_t now_ms() const { return options_.now(); }
  // game_analysis.cpp. POST /api/games/{id}/analyze: the Analyzer request for the game's
  // position at `ply` (default the last), or ApiError 403 analysis_not_allowed where the
  // caller may not see analysis now (a player of a live network game, say).
  nlohmann::json analysis_request(const std::string& id, const nlohmann::json& body,
                                  std::int64_t account = 0);
  // POST /api/analyze's guard: ApiError 403 analysis_not_allowed for the position (text)
  // of a live network game in memory.
  void refuse_live_network_position(const std::string& position);
  // POST /api/games/{id}/spectator-analysis: the seat's consent to spectators' analysis.
  nlohmann::json allow_spectator_analysis(const std::string& id, const nlohmann::json& body,
                                          std::int64_t account = 0);
  // game_chat.cpp: POST /api/games/{id}/chat (a player's message) and
  // .../chat-spectators (the seat's consent to spectators reading the chat).
  nlohmann::json chat(const std::string& id, const nlohmann::json& body, std::int64_t account = 0);
  nlohmann::json allow_spectator_chat(const std::string& id, const nlohmann::json& body,
                                      std::int64_t account = 0);
  // game_offers.cpp: takeback requests (network games) and rematches.
  nlohmann::json takeback(const std::string& id, const nlohmann::json& body,
                          std::int64_t account = 0);
  nlohmann::json rematch(const std::string& id, const nlohmann::json& body,
                         std::int64_t account = 0);

  // For event streams: keeps the game in memory while the stream is open. Throws
  // no_such_game.
  Watch watch(const std::string& id);
  // The same, and the seats `key` holds count as connected while the watch lives.
  Watch watch(const std::string& id, const SeatKey& key);
  Watch watch(const std::string& id, const std::string& token) { return watch(id, SeatKey(token)); }
  // Waits up to `wait` for the game to change after `version`; returns the state (and
  // the new version) if it did, nullopt on time-out or when the service is closing. Pass
  // version 0 to get the state at once.
  std::optional<nlohmann::json> next_state(const Watch& watch, const SeatKey& key,
                                           std::uint64_t& version, std::chrono::milliseconds wait);
  std::optional<nlohmann::json> next_state(const std::string& id, const SeatKey& key,
                                           std::uint64_t& version, std::chrono::milliseconds wait);
  std::optional<nlohmann::json> next_state(const Watch& watch, const std::string& token,
                                           std::uint64_t& version, std::chrono::milliseconds wait) {
    return next_state(watch, SeatKey(token), version, wait);
  }
  std::optional<nlohmann::json> next_state(const std::string& id, const std::string& token,
                                           std::uint64_t& version, std::chrono::milliseconds wait) {
    return next_state(id, SeatKey(token), version, wait);
  }
  // The same without waiting (game_listeners.cpp): `on_change` runs after every change of
  // the watched game until unlisten; it runs under the game's lock and must only post work.
  ChangeListeners::Id listen(const Watch& watch, std::function<void()> on_change);
  void unlisten(const Watch& watch, ChangeListeners::Id listener);
  // Ends every game whose running clock has fallen (loading it if it is not in memory);
  // returns how many.
  int check_clocks();
  // Drops the games nobody uses that are over or idle (see GameCache); returns how many.
  std::size_t drop_idle_games();
  // Settles every game whose engine owes a move that nothing else will bring: a move
  // storage refused is stored again, a search that ended without a move starts again.
  // The timer calls it on every tick; returns how many games were settled.
  int retry_owed_engine_moves();
  // Where instances share storage (game_leases.cpp; the timer calls both): renews this
  // instance's leases when due, stopping the engines whose lease another instance took;
  // and takes over the games whose engine is to move with no live lease (their instance
  // died), starting their engines here. Returns how many engines it started.
  void renew_leases();
  int take_over_engine_turns();
  // Closes, unfinished, the guests' games left with no move for
  // ServiceOptions::expire_guest_games_after_ms (at most once a minute; the timer calls
  // it with its housekeeping); returns how many (game_expiry.cpp).
  int expire_idle_guest_games();
  // Deletes the leases lapsed longer than ServiceOptions::lapsed_lease_grace_ms, if a minute
  // passed since it last did (the timer calls it); returns how many.
  int delete_lapsed_leases();
  // One round of the timer's work: leases, clocks and owed moves, then, with
  // `housekeeping`, the takeover, the housekeeping work, idle games and a checkpoint. A
  // step that fails (the database out of reach, say) is reported and left for the next
  // round: an exception out of the timer's thread would end the process.
  void timer_round(bool housekeeping);
  // This instance's name in the leases (lease_storage.h), and whether it shares storage.
  const std::string& instance_id() const { return leases_.holder(); }
  bool shares_storage() const { return storage_.shared(); }
  // Told after every move stored here that hands a game between accounts to the other
  // side, and every ending stored here (game_news.h); until replaced, an empty one ends
  // it. It runs under the game's lock: it must only hand the news elsewhere.
  void set_news_listener(GameNewsListener listener);
  // Work the timer does with its housekeeping (about every second) until replaced; an
  // empty one ends it: after that returns, the old one is not running (the lobby's).
  void set_housekeeping(std::function<void()> work);
  // Blocks until no engine of any game is thinking (tests), or `timeout` passes.
  bool wait_until_idle(std::chrono::milliseconds timeout);
  // Wakes every event stream so that it ends; later next_state calls return nullopt.
  void close();
  bool closed() const { return streams_closed_.load(); }
  // Stored games, and those of them in memory now.
  std::size_t game_count();
  std::size_t resident_count();
  // Engine searches thinking now, and replies waiting (found and not yet played, or owed).
  struct EngineWork {
    int thinking = 0;
    std::size_t waiting = 0;
  };
  EngineWork engine_work();

 private:
  struct EngineAnswer {
    std::string id;
    std::uint64_t search = 0;
    std::optional<std::string> move;
    int score = 0;
  };
  // Tokens as created (storage keeps only what checks them).
  struct SeatTokens {
    std::string white, black;
  };
  // A POST action under way: its game, locked, and the seats the caller's token holds.
  struct Action {
    std::shared_ptr<Match> match;
    std::unique_lock<std::mutex> lock;
    std::vector<games::Side> seats;
    SeatKey key;
    std::int64_t now = 0;
    Match& game() { return *match; }
  };
  enum class IfOver { Refuse, Allow };
  // How an action knows that the game it holds in memory is the stored one (shared
  // storage): ReadFirst checks the stored row first (refresh_if_stale); WhenStored acts
  // on memory, and the write that follows refuses a game changed meanwhile (StaleGame).
  enum class Freshness { ReadFirst, WhenStored };

  // game_service.cpp
  // A match of `row` at its start, then `moves` played by the rules (the row's result
  // applied if the players decided it). Throws if the game cannot be read back.
  static std::shared_ptr<Match> replay(StoredGame row, const std::vector<StoredMove>& moves);
  // The game, from memory or loaded; a loaded game's engine starts once it is resident.
  std::shared_ptr<Match> acquire(const std::string& id);
  std::shared_ptr<Match> load(const std::string& id);
  // A stored game back in memory with its clock restored; its engine is not started.
  std::shared_ptr<Match> resume(StoredGame row);
  void start_engine_when_resident(Match& match);
  void resume_at_start();
  void run_timer();
  // Ends the timer and the dispatcher and stops every engine (destructor, failed start).
  void stop_threads();

  // game_creation.cpp
  void add_game(const std::shared_ptr<Match>& match, const std::vector<StoredMove>& moves);
  nlohmann::json new_game_answer(Match& match, const SeatTokens& tokens);
  // game_import.cpp: a game read from a record, ready to store (422 for a record the
  // server cannot take), and a match's records stored as its games.
  struct ImportedGame {
    StoredGame row;
    std::vector<StoredMove> moves;
  };
  ImportedGame imported_game(games::AnyRecord& record, const std::string& mode,
                             const SeatTokens& tokens);
  nlohmann::json import_match(std::vector<games::AnyRecord>& records, const std::string& mode,
                              const SeatTokens& tokens);
  // game_offers.cpp: the finished game's rematch, under its lock.
  void create_rematch(Match& finished, std::int64_t now);
  // game_matches.cpp, under the finished game's lock. The row of a game that follows
  // `old` (a rematch, with `swap_seats`; a match's next game): the same settings, seats
  // and tokens, new dice, nothing played.
  static StoredGame following_row(const StoredGame& old, bool swap_seats, std::int64_t now);
  // Stores `row` as the game that follows `finished` (its offers name it once, so only one
  // is made where instances share storage), then rolls and starts its engine.
  void add_following_game(Match& finished, StoredGame row, std::unique_ptr<games::AnyGame> start,
                          std::int64_t now);
  // Makes the next game of the match `finished` belongs to, if it ended and the match goes
  // on and none was made; true if it made one. Throws what storage throws.
  bool continue_match(Match& finished, std::int64_t now);
  // The same where a game has just ended: a failure is reported, and the next request for
  // the next game (a rematch offer) makes it.
  void continue_match_if_over(Match& finished, std::int64_t now);
  // Before the result that ends a game of a rated match is stored: the game changes
  // ratings only if it ends the match (storage's rated flag set so), so a match changes
  // them once, as one game won by the match's winner.
  void rate_match_at_its_end(Match& match, const games::GameResult& result);
  // The state's "match": target, game number, score, who began, the games before and after.
  static void add_match_state(const Match& match, nlohmann::json& state);
  // One try of takeback or rematch: StaleGame if another instance answered first.
  nlohmann::json takeback_once(const std::string& id, const nlohmann::json& body,
                               std::int64_t account);
  nlohmann::json rematch_once(const std::string& id, const nlohmann::json& body,
                              std::int64_t account);

  // game_actions.cpp: a game's record (under its lock), and the prologue every POST
  // action shares.
  std::string record_of(const Match& match);
  // The body's token, else `account`, must hold a seat (ApiError 403 bad_token).
  Action begin_action(const std::string& id, const nlohmann::json& body, std::int64_t account,
                      IfOver if_over, Freshness freshness = Freshness::ReadFirst);
  // ApiError 403 account_disabled where an account holding the acting seats was disabled
  // by the operator: its seat tokens stop acting (moves, chat, offers) at once.
  void refuse_disabled_seats(const Action& action);
  // One try of play: StaleGame if another instance changed the game first.
  nlohmann::json play_once(const std::string& id, const nlohmann::json& body, std::int64_t account,
                           Freshness freshness);

  // game_refresh.cpp. Under the game's lock: reads the game again if another instance
  // changed it (shared storage only); true if it did.
  bool refresh_if_stale(Match& match);
  // The storage's listener: a game changed by another instance.
  void refresh_changed_elsewhere(const std::string& id);
  // Its players' account streams here are told (a chat message too: they read again).
  void tell_accounts_of_game_changed_elsewhere(const std::string& id);
  // The storage's listener: Move now for a game, asked on any instance; the engine stops
  // (and so moves) if it thinks on this one.
  void move_now_asked(const std::string& id);

  // game_presence.cpp, where storage is shared (presence_storage.h). The guard of a
  // watch by `seats`, which stores when they open or close here.
  std::shared_ptr<PresenceGuard> presence_guard(std::shared_ptr<Match> match,
                                                std::vector<games::Side> seats);
  // Under the game's lock: reads the seats open on other instances (throws if storage
  // fails), or does so if they are not known (a failure is reported, not thrown).
  void read_presence_elsewhere(Match& match);
  void know_presence_elsewhere(Match& match);
  // The storage's listener: game `id`'s presence changed on some instance.
  void presence_changed_elsewhere(const std::string& id);
  // Forgets the streams of instances that are gone, and of `starting` (this one, at its
  // start); the timer's housekeeping calls it with none starting.
  void drop_streams_of_gone_instances(const std::string& starting = {});
  // Stores again the seats with a stream open here (after this instance's lease lapsed,
  // the others dropped them).
  void restore_presence();

  // game_chat.cpp, under the game's lock.
  void load_chat(Match& match);
  void add_chat_state(Match& match, const std::vector<games::Side>& seats, nlohmann::json& state);

  // game_state.cpp
  nlohmann::json state_of(Match& match, const SeatKey& key);
  // The seats' accounts, whether the game is rated, and its rating changes once over.
  void add_rating_state(Match& match, nlohmann::json& state);
  void add_seat_ratings(Match& match, const nlohmann::json& changes, nlohmann::json& state);
  // game_abandon.cpp: when the player holding `seats` may claim the win from one who left.
  void add_claim_state(Match& match, const std::vector<games::Side>& seats, nlohmann::json& state);

  // game_dice.cpp, under the game's lock, for a game with chance (GameInfo::chance): at a
  // chance node, stores the roll derived from the game's seed; after a roll that moves
  // nothing, stores the pass (and so on). A write that fails is reported and left to the
  // next action; a roll another instance stored first is read.
  void settle_chance(Match& match, std::int64_t now);
  void commit_roll(Match& match, const std::string& outcome);
  // The state's dice fields: the roll, its dice, the commitment (the seed once over), the
  // turns die by die and the pip counts.
  static void add_dice_state(const Match& match, nlohmann::json& state);
  // ApiError 409 not_allowed for a takeback (undo, a request) in a game with chance: the
  // next roll is shown as soon as a turn is played.
  static void refuse_takebacks_with_dice(const Match& match);
  // The record's tags of a game's dice (its scheme, commitment, first roll, and the seed
  // once over); none for a game without chance.
  static std::map<std::string, std::string> dice_tags(const Match& match);

  // game_turns.cpp, under the game's lock. Each change is stored before it is seen.
  // The seats' accounts are told that one of their games changed.
  void tell_seat_accounts(const Match& match);
  // The news listener is told what the change stored here means (game_news.h).
  void tell_news(const Match& match);
  void commit_move(Match& match, const std::string& text, std::int64_t now);
  // Ends the game outside the board (ApiError 409 where the game has no such ending);
  // before each side has moved, aborts it instead.
  void commit_result(Match& match, games::Ending how, std::optional<games::Side> loser,
                     std::int64_t now);
  void commit_undo(Match& match, std::size_t take, std::int64_t now);
  void commit_draw_offer(Match& match, std::optional<games::Side> offer);
  // Stored only if the stored offers are still the ones in memory (else StaleGame).
  void commit_offers(Match& match, const GameOffers& next);
  // Ends the game on time if its clock fell; where instances share storage only if no
  // other ended it first, and with `leased` only while this instance holds the game's
  // lease (the timer's work). True if it ended it here.
  bool end_on_time(Match& match, std::int64_t now, bool leased = false);
  // The game as it ends so (ApiError 409 where it has no such ending), and that ending
  // taken into memory once stored.
  static std::unique_ptr<games::AnyGame> ended_game(Match& match, games::Ending how,
                                                    std::optional<games::Side> loser);
  void adopt_result(Match& match, std::unique_ptr<games::AnyGame> ended, std::int64_t now);
  // What every ending does once stored (a result adopted, an abort): no flag, the clock
  // stopped, no draw offer, no engine; the streams told.
  void settle_end(Match& match, std::int64_t now);
  // Whether end_on_time would end the game now (a clock has fallen, a first move is overdue).
  static bool falls_now(const Match& match, std::int64_t now);
  // game_abort.cpp: the game ends with no result (stored as kAbortedScore). With
  // `leased`, where instances share storage, only if no other ended it first; true if
  // ended here.
  // `reason` is the stored reason: kAbortedScore, or kExpiredReason (game_expiry.cpp).
  bool commit_abort(Match& match, std::int64_t now, bool leased = false,
                    const char* reason = kAbortedScore);

  // game_engine.cpp, under the game's lock (but the dispatcher).
  // Makes the engine of a game in mode ai if it has none, before anything is stored that
  // needs it: ApiError 422 no_engine if it cannot play the game.
  void prepare_engine(Match& match);
  void start_engine_if_its_turn(Match& match);
  void cancel_engine(Match& match);
  void release_engine(Match& match);
  void dispatch_engine_answers();
  void play_engine_answer(const EngineAnswer& answer);
  // Under the game's lock, on the engine's turn with no search running: stores the move
  // storage refused (throws if it still does), else starts a search.
  void settle_owed_move(Match& match);
  void owe_engine_move(const std::string& id);

  // game_leases.cpp. Where storage is shared: takes the game's lease for its engine's
  // work (false if another instance holds it; or storage fails, and the move is owed),
  // and gives it up once the work is done. True at once / nothing on unshared storage.
  bool hold_game_lease(Match& match);
  void give_up_game_lease(Match& match);

  ServerStorage& storage_;
  ServiceOptions options_;
  HeldLeases leases_;
  std::int64_t next_lapsed_lease_sweep_ms_ = 0;  // the timer's thread only
  std::int64_t next_expiry_sweep_ms_ = 0;        // the timer's thread only
  std::mutex housekeeping_mutex_;                // held while housekeeping_ runs
  std::function<void()> housekeeping_;
  std::mutex news_mutex_;  // held while news_listener_ runs
  GameNewsListener news_listener_;

  std::mutex answers_mutex_;
  std::condition_variable answers_ready_;
  std::deque<EngineAnswer> answers_;
  int engines_thinking_ = 0;  // guarded by answers_mutex_
  // Games whose engine owes a move that only retry_owed_engine_moves brings; guarded by
  // answers_mutex_.
  std::set<std::string> owed_moves_;
  bool closing_ = false;  // guarded by answers_mutex_
  std::atomic<bool> streams_closed_{false};
  // Searches are numbered across the service, so an answer of a game's earlier life in
  // memory can never pass for the search of the game loaded again.
  std::atomic<std::uint64_t> last_search_{0};
  // After the answer queue: dropping the last games joins their engines, whose final
  // answers still go to the queue.
  GameCache cache_;
  ChatRateLimit chat_rate_;
  AccountChanges account_changes_;

  std::thread dispatcher_;
  std::thread timer_;
};

}  // namespace ordo::server
