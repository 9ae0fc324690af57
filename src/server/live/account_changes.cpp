#include "server/live/account_changes.h"

#include <algorithm>

namespace ordo::server {

ChangeListeners::Id AccountChanges::add(std::int64_t account, std::function<void()> on_change) {
  std::lock_guard lock(mutex_);
  const ChangeListeners::Id id = next_id_++;
  followers_.push_back({id, account, std::move(on_change)});
  versions_.try_emplace(account, next_version_++);
  return id;
}

void AccountChanges::remove(ChangeListeners::Id id) {
  std::lock_guard lock(mutex_);
  const auto it = std::find_if(followers_.begin(), followers_.end(),
                               [id](const Follower& f) { return f.id == id; });
  if (it == followers_.end()) return;
  const std::int64_t account = it->account;
  followers_.erase(it);
  if (std::none_of(followers_.begin(), followers_.end(),
                   [account](const Follower& f) { return f.account == account; }))
    versions_.erase(account);
}

void AccountChanges::changed(std::int64_t account) {
  if (account == 0) return;
  std::lock_guard lock(mutex_);
  const auto version = versions_.find(account);
  if (version == versions_.end()) return;
  version->second = next_version_++;
  for (const Follower& f : followers_)
    if (f.account == account) f.on_change();
}

std::uint64_t AccountChanges::version(std::int64_t account) {
  std::lock_guard lock(mutex_);
  const auto version = versions_.find(account);
  return version == versions_.end() ? 0 : version->second;
}

bool AccountChanges::followed() {
  std::lock_guard lock(mutex_);
  return !followers_.empty();
}

}  // namespace ordo::server
