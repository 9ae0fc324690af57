// Callbacks run after every change of a game, for event streams that hold no thread while
// they wait (the HTTP server's). A callback runs under the game's lock, so it must only
// hand the work elsewhere (post it to an executor), never block or call back into the game.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

namespace ordo::server {

class ChangeListeners {
 public:
  using Id = std::uint64_t;

  Id add(std::function<void()> on_change);
  // After remove returns, the callback is not running and will not run again.
  void remove(Id id);
  void notify();

 private:
  std::mutex mutex_;
  Id next_id_ = 1;
  std::vector<std::pair<Id, std::function<void()>>> listeners_;
};

}  // namespace ordo::server
