// GET /api/account/events: what every page of a signed-in player follows (docs/api.md).
// Its challenges as they close (the lobby's account stream) and its games as My games
// lists them, sent again whenever one of them changes (its turn came, a game ended or was
// made, here or on another instance): the page's badge, notices and browser
// notifications come from it, with no polling.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>

#include "server/common/chess_clock.h"
#include "server/live/account_changes.h"
#include "server/live/event_source.h"
#include "server/storage/player_games_storage.h"

namespace ordo::server {

class AccountEvents : public EventSource {
 public:
  // `challenges`: the lobby's stream of the account's closed challenges.
  AccountEvents(std::shared_ptr<EventSource> challenges, AccountChanges& changes,
                PlayerGamesStorage& games, std::int64_t account, TimeSource now);
  ChangeListeners::Id listen(std::function<void()> on_change) override;
  void unlisten(ChangeListeners::Id listener) override;
  // The challenges' state or change, with "my_games" (as GET /api/my/games) whenever it
  // differs from what was sent last.
  std::optional<nlohmann::json> next(std::uint64_t& version) override;

 private:
  std::optional<nlohmann::json> games_if_changed();

  std::shared_ptr<EventSource> challenges_;
  AccountChanges& changes_;
  PlayerGamesStorage& games_;
  std::int64_t account_;
  TimeSource now_;
  std::mutex mutex_;  // guards what follows: one event after another, as sent
  std::map<ChangeListeners::Id, ChangeListeners::Id> account_listener_;  // by challenge's
  std::uint64_t challenges_version_ = 0;
  std::uint64_t games_version_ = 0;  // AccountChanges' version when last read
  std::optional<nlohmann::json> games_sent_;
};

}  // namespace ordo::server
