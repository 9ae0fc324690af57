#include "server/games/game_cache.h"

namespace ordo::server {

std::shared_ptr<Match> GameCache::get(const std::string& id, const Loader& load) {
  std::promise<std::shared_ptr<Match>> promise;
  std::shared_future<std::shared_ptr<Match>> loading;
  {
    std::lock_guard lock(mutex_);
    auto it = slots_.find(id);
    if (it != slots_.end() && it->second.match) {
      use(it->second);
      return it->second.match;
    }
    if (it != slots_.end()) {
      loading = it->second.loading;  // another request loads it
      ++it->second.waiting;
    } else {
      slots_.emplace(id, Slot{nullptr, promise.get_future().share(), recent_.end(), 0});
    }
  }
  if (loading.valid()) return loading.get();  // waits outside the lock; rethrows its error
  std::shared_ptr<Match> match;
  try {
    match = load(id);  // no lock held: storage and the replay take their time
  } catch (...) {
    {
      std::lock_guard lock(mutex_);
      slots_.erase(id);
    }
    promise.set_exception(std::current_exception());
    throw;
  }
  std::vector<std::shared_ptr<Match>> dropped;
  {
    std::lock_guard lock(mutex_);
    Slot& slot = slots_.at(id);
    slot.match = match;
    slot.loading = {};
    slot.waiting = 0;
    recent_.push_front(id);
    slot.recent = recent_.begin();
    slot.last_used_ms = now_();
    trim(dropped, false);
  }
  promise.set_value(match);
  return match;
}

std::size_t GameCache::waiting_for_load(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = slots_.find(id);
  return it == slots_.end() || it->second.match ? 0 : it->second.waiting;
}

std::shared_ptr<Match> GameCache::find_resident(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = slots_.find(id);
  return it == slots_.end() ? nullptr : it->second.match;
}

void GameCache::insert(const std::shared_ptr<Match>& match) {
  std::vector<std::shared_ptr<Match>> dropped;
  std::lock_guard lock(mutex_);
  auto it = slots_.find(match->row.id);
  if (it != slots_.end() && it->second.match) recent_.erase(it->second.recent);  // replaced
  recent_.push_front(match->row.id);
  slots_[match->row.id] = Slot{match, {}, recent_.begin(), now_()};
  trim(dropped, false);
}

void GameCache::use(Slot& slot) {
  recent_.splice(recent_.begin(), recent_, slot.recent);
  slot.last_used_ms = now_();
}

bool GameCache::droppable(const Slot& slot, bool& over) const {
  if (slot.match.use_count() > 1) return false;
  // Nobody else holds it, so nobody holds its lock either; try_lock only guards the rule.
  std::unique_lock lock(slot.match->mutex, std::try_to_lock);
  if (!lock.owns_lock() || slot.match->ai_thinking) return false;
  over = slot.match->game->result().over();
  return true;
}

void GameCache::trim(std::vector<std::shared_ptr<Match>>& dropped, bool idle_too) {
  if (!idle_too && recent_.size() <= limits_.max_games) return;
  const std::int64_t now = now_();
  // Least recently used first.
  for (auto it = recent_.end(); it != recent_.begin();) {
    if (!idle_too && recent_.size() <= limits_.max_games) break;
    --it;
    Slot& slot = slots_.at(*it);
    bool over = false;
    if (!droppable(slot, over)) continue;
    const bool idle = over || now - slot.last_used_ms >= limits_.idle_ms;
    if (recent_.size() <= limits_.max_games && !(idle_too && idle)) continue;
    dropped.push_back(std::move(slot.match));
    slots_.erase(*it);
    it = recent_.erase(it);
  }
}

std::size_t GameCache::drop_idle() {
  std::vector<std::shared_ptr<Match>> dropped;
  {
    std::lock_guard lock(mutex_);
    trim(dropped, true);
  }
  return dropped.size();  // the games (and their engines) are freed here, unlocked
}

std::vector<std::shared_ptr<Match>> GameCache::resident() {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Match>> all;
  for (auto& [id, slot] : slots_)
    if (slot.match) all.push_back(slot.match);
  return all;
}

std::size_t GameCache::size() {
  std::lock_guard lock(mutex_);
  return recent_.size();
}

}  // namespace ordo::server
