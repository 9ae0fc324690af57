#include "server/live/change_listeners.h"

#include <algorithm>

namespace ordo::server {

ChangeListeners::Id ChangeListeners::add(std::function<void()> on_change) {
  std::lock_guard lock(mutex_);
  const Id id = next_id_++;
  listeners_.emplace_back(id, std::move(on_change));
  return id;
}

void ChangeListeners::remove(Id id) {
  std::lock_guard lock(mutex_);
  std::erase_if(listeners_, [id](const auto& entry) { return entry.first == id; });
}

void ChangeListeners::notify() {
  std::lock_guard lock(mutex_);
  for (const auto& entry : listeners_) entry.second();
}

}  // namespace ordo::server
