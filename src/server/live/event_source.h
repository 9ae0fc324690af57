// What an event stream (GET .../events) follows: something that tells listeners when it
// changes and gives its JSON state after a version. The transport (http_connection.cpp)
// streams any of them the same way: a game (game_events.h) or the lobby (lobby.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/live/change_listeners.h"

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

}  // namespace ordo::server
