// Work that must happen once where several instances share storage (lease_storage.h):
// the engine's reply and the end of a game on time. The engine of a game thinks only on
// the instance holding the game's lease (its reply is then stored once: append_move's ply
// check refuses a second); a flag is ended by the timer only under the lease, and any
// result on time only while the game goes on. An instance that dies stops renewing its
// leases; another takes its games over when they lapse.
#include <algorithm>

#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/observe/log.h"
#include "server/observe/metrics.h"

namespace ordo::server {

bool GameService::hold_game_lease(Match& match) {
  if (!storage_.shared()) return true;
  try {
    return leases_.take(game_lease_key(match.row.id));
  } catch (const std::exception& e) {
    // Storage fails: the engine's move is owed, and tried again when storage works.
    log_warning("lease not taken", {{"game", match.row.id}, {"error", e.what()}});
    owe_engine_move(match.row.id);
    return false;
  }
}

void GameService::give_up_game_lease(Match& match) {
  if (storage_.shared()) leases_.release(game_lease_key(match.row.id));
}

void GameService::renew_leases() {
  if (!storage_.shared()) return;
  const std::string prefix = game_lease_key("");
  const HeldLeases::Renewal renewal = leases_.renew_if_due();
  // The others may have dropped this instance's open streams as those of one gone.
  if (std::ranges::count(renewal.lapsed, instance_lease_key(leases_.holder())) > 0)
    restore_presence();
  for (const std::string& key : renewal.lost) {
    if (!key.starts_with(prefix)) continue;
    // Another instance took the game's work over: this one's search is of no use.
    auto match = cache_.find_resident(key.substr(prefix.size()));
    if (!match) continue;
    std::lock_guard lock(match->mutex);
    cancel_engine(*match);
    match->unstored_engine_move.reset();
  }
}

int GameService::delete_lapsed_leases() {
  const std::int64_t now = options_.now();
  if (!storage_.shared() || now < next_lapsed_lease_sweep_ms_) return 0;
  next_lapsed_lease_sweep_ms_ = now + 60 * 1000;
  const int deleted = storage_.delete_lapsed_leases(now - options_.lapsed_lease_grace_ms);
  if (deleted > 0)
    log_info("deleted leases lapsed long ago (their instances died)",
             {{"leases", deleted}, {"lapsed_over_ms", options_.lapsed_lease_grace_ms}});
  return deleted;
}

int GameService::take_over_engine_turns() {
  if (!storage_.shared()) return 0;
  std::vector<std::string> unleased;
  try {
    unleased = storage_.engine_turns_unleased(options_.now());
  } catch (const std::exception& e) {
    // The database is out of reach: the timer's next round looks again.
    log_warning("games to take over not read", {{"error", e.what()}});
    return 0;
  }
  int started = 0;
  for (const std::string& id : unleased) {
    try {
      // A game loaded here starts its engine as it becomes resident.
      auto match = acquire(id);
      std::lock_guard lock(match->mutex);
      refresh_if_stale(*match);
      start_engine_if_its_turn(*match);
      // Listed, so its lease was not live: if it thinks here now, this call started it.
      if (match->ai_thinking) {
        ++started;
        metrics().lease_takeovers.Increment();
        log_info("took over a game's engine turn from an instance whose lease lapsed",
                 {{"game", id}});
      }
    } catch (const std::exception& e) {
      log_warning("game not taken over", {{"game", id}, {"error", e.what()}});
    }
  }
  return started;
}

void GameService::set_housekeeping(std::function<void()> work) {
  std::lock_guard lock(housekeeping_mutex_);
  housekeeping_ = std::move(work);
}

}  // namespace ordo::server
