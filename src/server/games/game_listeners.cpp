// GameService::listen/unlisten: the non-blocking form of next_state's wait, for event
// streams that hold no thread (see change_listeners.h).
#include "server/games/game_service.h"

namespace ordo::server {

ChangeListeners::Id GameService::listen(const Watch& watch, std::function<void()> on_change) {
  return watch.match_->listeners.add(std::move(on_change));
}

void GameService::unlisten(const Watch& watch, ChangeListeners::Id listener) {
  watch.match_->listeners.remove(listener);
}

}  // namespace ordo::server
