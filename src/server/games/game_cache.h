// The games held in memory: a map from id to Match, bounded, least recently used first
// out. A game that is not resident is loaded on demand by the caller's loader; two
// requests for the same game while it loads wait for the one load and get the same Match.
//
// A game is pinned (never dropped) while anyone outside the cache holds its shared_ptr:
// a request working on it, an event stream watching it, the engine dispatcher. Copies
// are only handed out under the cache's mutex, so a use_count of 1 seen under that mutex
// means nobody can be using the game or be about to. A game whose engine is thinking is
// pinned too. Dropping a game loses nothing: every change is stored before the request
// that made it returns, and the game is read back from storage on the next request.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <future>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/common/chess_clock.h"
#include "server/games/cache_limits.h"
#include "server/games/served_game.h"

namespace ordo::server {

class GameCache {
 public:
  using Loader = std::function<std::shared_ptr<Match>(const std::string& id)>;

  GameCache(CacheLimits limits, TimeSource now) : limits_(limits), now_(std::move(now)) {}

  // The game, loaded with `load` if it is not resident (an exception from `load` reaches
  // every caller waiting for that load, and nothing is kept).
  std::shared_ptr<Match> get(const std::string& id, const Loader& load);
  // The game if it is resident, else null (never loads).
  std::shared_ptr<Match> find_resident(const std::string& id);
  // A new game (created or imported), resident from the start.
  void insert(const std::shared_ptr<Match>& match);

  // Drops every unpinned game that is over or unused for idle_ms, and the least recently
  // used unpinned games beyond max_games. Returns how many were dropped.
  std::size_t drop_idle();
  std::vector<std::shared_ptr<Match>> resident();
  std::size_t size();  // resident games (not those still loading)
  // How many callers are waiting for the load of `id` now in progress, besides the one
  // that loads it (0 when none is in progress): lets tests hold a load until every
  // request has joined it, instead of sleeping.
  std::size_t waiting_for_load(const std::string& id);

 private:
  struct Slot {
    std::shared_ptr<Match> match;                        // null while it loads
    std::shared_future<std::shared_ptr<Match>> loading;  // valid while it loads
    std::list<std::string>::iterator recent;             // its place in recent_
    std::int64_t last_used_ms = 0;
    std::size_t waiting = 0;  // callers that joined the load in progress
  };

  // Under mutex_: marks `slot` used now.
  void use(Slot& slot);
  // Under mutex_: true if nobody uses the game; `over` then says if it has ended.
  bool droppable(const Slot& slot, bool& over) const;
  // Under mutex_: moves droppable games into `dropped` (destroyed after the lock).
  void trim(std::vector<std::shared_ptr<Match>>& dropped, bool idle_too);

  CacheLimits limits_;
  TimeSource now_;
  std::mutex mutex_;
  std::unordered_map<std::string, Slot> slots_;
  std::list<std::string> recent_;  // most recently used first; loading games are not in it
};

}  // namespace ordo::server
