// A game's event stream (GET /api/games/{id}/events): an EventSource over the game service.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "server/games/game_service.h"
#include "server/live/event_source.h"

namespace ordo::server {

// A game's stream: the watch keeps the game in memory while the stream is open, and the
// seats `key` holds count as connected (presence).
class GameEvents : public EventSource {
 public:
  GameEvents(GameService& games, GameService::Watch watch, SeatKey key)
      : games_(games), watch_(std::move(watch)), key_(std::move(key)) {}
  ChangeListeners::Id listen(std::function<void()> on_change) override {
    return games_.listen(watch_, std::move(on_change));
  }
  void unlisten(ChangeListeners::Id listener) override { games_.unlisten(watch_, listener); }
  std::optional<nlohmann::json> next(std::uint64_t& version) override {
    return games_.next_state(watch_, key_, version, std::chrono::milliseconds(0));
  }

 private:
  GameService& games_;
  GameService::Watch watch_;
  SeatKey key_;
};

}  // namespace ordo::server
