// The game service: every game the server holds, and every action of docs/api.md apart
// from HTTP, so it can be tested without sockets. Requests and the answers are JSON
// objects as in docs/api.md; a refused request throws ApiError and changes nothing.
//
// Threads: any method may be called from any thread. Each game has its own mutex; the
// service's map has another, held only to find a game. The engine of a game in mode ai
// thinks on its own thread; its move comes back through a queue that one dispatcher thread
// plays, so no lock is held while an engine searches. A timer thread (optional, see
// ServiceOptions) ends games whose clock has run out.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "server/chess_clock.h"
#include "server/match.h"
#include "server/storage.h"

namespace ordo::server {

struct ServiceOptions {
  TimeSource now = system_time_ms;
  // How often the timer thread looks for fallen flags (and copies the storage's log into
  // its database); 0 = no timer thread (tests call check_clocks themselves).
  int clock_tick_ms = 100;
  std::size_t engine_hash_mib = 8;
  // Replaces the level's limits for every engine move (tests: a small fixed depth).
  std::optional<int> fixed_ai_depth;
};

class GameService {
 public:
  // Loads and resumes every stored game (replaying its moves through the rules core).
  GameService(Storage& storage, ServiceOptions options = {});
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // POST /api/games; answers {id, tokens, links, state}.
  nlohmann::json create(const nlohmann::json& body);
  // POST /api/games/import.
  nlohmann::json import_record(const nlohmann::json& body);
  // GET /api/games.
  nlohmann::json list(int limit, int offset);
  // GET /api/games/{id}; `token` may be empty (a spectator).
  nlohmann::json state(const std::string& id, const std::string& token);
  std::string record(const std::string& id);

  // The POST actions; `body` holds the token and the action's fields.
  nlohmann::json play(const std::string& id, const nlohmann::json& body);
  nlohmann::json undo(const std::string& id, const nlohmann::json& body);
  nlohmann::json resign(const std::string& id, const nlohmann::json& body);
  nlohmann::json draw(const std::string& id, const nlohmann::json& body);
  nlohmann::json move_now(const std::string& id, const nlohmann::json& body);

  // For event streams: waits up to `wait` for the game to change after `version`; returns
  // the state (and the new version) if it did, nullopt on time-out or when the service
  // is closing. Pass version 0 to get the state at once. Throws no_such_game.
  std::optional<nlohmann::json> next_state(const std::string& id, const std::string& token,
                                           std::uint64_t& version, std::chrono::milliseconds wait);
  // Ends every game whose running clock has fallen; returns how many.
  int check_clocks();
  // Blocks until no engine of any game is thinking (tests), or `timeout` passes.
  bool wait_until_idle(std::chrono::milliseconds timeout);
  // Wakes every event stream so that it ends; later next_state calls return nullopt.
  void close();
  bool closed() const { return streams_closed_.load(); }
  std::size_t game_count();

 private:
  struct EngineAnswer {
    std::string id;
    std::uint64_t search = 0;
    std::optional<std::string> move;
    int score = 0;
  };

  std::shared_ptr<Match> find(const std::string& id);
  std::shared_ptr<Match> resume(StoredGame row);
  nlohmann::json new_game_answer(const std::shared_ptr<Match>& match);
  nlohmann::json state_of(Match& match, const std::string& token);
  void add_game(const std::shared_ptr<Match>& match, const std::vector<StoredMove>& moves);

  // Under the game's lock.
  void commit_move(Match& match, const std::string& text, std::int64_t now);
  void commit_result(Match& match, const Result& result, std::int64_t now);
  bool end_on_time(Match& match, std::int64_t now);
  void restart_turn_clock(Match& match, std::int64_t now);
  void start_engine_if_its_turn(Match& match);
  void cancel_engine(Match& match);
  void release_engine(Match& match);

  void dispatch_engine_answers();
  void run_clock_timer();

  Storage& storage_;
  ServiceOptions options_;

  std::mutex answers_mutex_;
  std::condition_variable answers_ready_;
  std::deque<EngineAnswer> answers_;
  int engines_thinking_ = 0;  // guarded by answers_mutex_
  bool closing_ = false;      // guarded by answers_mutex_
  std::atomic<bool> streams_closed_{false};

  std::mutex games_mutex_;
  std::map<std::string, std::shared_ptr<Match>> games_;

  std::thread dispatcher_;
  std::thread clock_timer_;
};

}  // namespace ordo::server
