// What an event stream (GET .../events) follows: something that tells listeners when it
// changes and gives its JSON state after a version. The transport (http_connection.cpp)
// streams any of them the same way: a game (GameEvents) or the lobby (lobby.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/change_listeners.h"
#include "server/game_service.h"

namespace ordo::server {

class EventSource {
 public:
  virtual ~EventSource() = default;
  // `on_change` runs after every change until unlisten; it must only post work.
  virtual ChangeListeners::Id listen(std::function<void()> on_change) = 0;
  virtual void unlisten(ChangeListeners::Id listener) = 0;
  // The state if it changed after `version` (which then moves on), else nullopt; version
  // 0 gets the state at once. Never blocks for long.
  virtual std::optional<nlohmann::json> next(std::uint64_t& version) = 0;
};

// A game's stream: the watch keeps the game in memory while the stream is open, and the
// seats `token` holds count as connected (presence).
class GameEvents : public EventSource {
 public:
  GameEvents(GameService& games, GameService::Watch watch, std::string token)
      : games_(games), watch_(std::move(watch)), token_(std::move(token)) {}
  ChangeListeners::Id listen(std::function<void()> on_change) override {
    return games_.listen(watch_, std::move(on_change));
  }
  void unlisten(ChangeListeners::Id listener) override { games_.unlisten(watch_, listener); }
  std::optional<nlohmann::json> next(std::uint64_t& version) override {
    return games_.next_state(watch_, token_, version, std::chrono::milliseconds(0));
  }

 private:
  GameService& games_;
  GameService::Watch watch_;
  std::string token_;
};

}  // namespace ordo::server
