#include "server/players/account_events.h"

#include "server/players/my_games.h"

namespace ordo::server {

using nlohmann::json;

AccountEvents::AccountEvents(std::shared_ptr<EventSource> challenges, AccountChanges& changes,
                             PlayerGamesStorage& games, std::int64_t account, TimeSource now)
    : challenges_(std::move(challenges)),
      changes_(changes),
      games_(games),
      account_(account),
      now_(std::move(now)) {}

ChangeListeners::Id AccountEvents::listen(std::function<void()> on_change) {
  const ChangeListeners::Id id = challenges_->listen(on_change);
  const ChangeListeners::Id games = changes_.add(account_, std::move(on_change));
  std::lock_guard lock(mutex_);
  account_listener_[id] = games;
  return id;
}

void AccountEvents::unlisten(ChangeListeners::Id listener) {
  challenges_->unlisten(listener);
  std::optional<ChangeListeners::Id> games;
  {
    std::lock_guard lock(mutex_);
    if (const auto it = account_listener_.find(listener); it != account_listener_.end()) {
      games = it->second;
      account_listener_.erase(it);
    }
  }
  if (games) changes_.remove(*games);
}

std::optional<json> AccountEvents::games_if_changed() {
  // The version is read before the games: a change while they are read moves it on, and
  // the next call reads them again.
  const std::uint64_t version = changes_.version(account_);
  if (games_sent_ && version == games_version_) return std::nullopt;
  json games = my_games(games_, account_, now_());  // a failure: the next call reads again
  games_version_ = version;
  if (games_sent_ && *games_sent_ == games) return std::nullopt;
  games_sent_ = games;
  return games;
}

std::optional<json> AccountEvents::next(std::uint64_t& version) {
  std::lock_guard lock(mutex_);
  if (version == 0) {
    challenges_version_ = 0;
    games_sent_.reset();
  }
  std::optional<json> event = challenges_->next(challenges_version_);
  if (std::optional<json> games = games_if_changed()) {
    if (!event) event = json::object();
    (*event)["my_games"] = std::move(*games);
  }
  if (event) ++version;
  return event;
}

}  // namespace ordo::server
