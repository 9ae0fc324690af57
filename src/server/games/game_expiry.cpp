// Guests' games left behind: a game no account holds a seat of, that no clock or
// correspondence deadline will end, and that nobody moved in for
// ServiceOptions::expire_guest_games_after_ms, is closed unfinished (stored as
// kAbortedScore with kExpiredReason), so that it stops showing as under way. A game
// between accounts is never closed so: its players find it in their games.
#include "server/common/storage_error.h"
#include "server/games/game_service.h"
#include "server/observe/log.h"

namespace ordo::server {

namespace {

// How many games one sweep closes at most, so that a backlog does not hold up the timer.
constexpr int kExpiredPerSweep = 100;
constexpr std::int64_t kExpirySweepEveryMs = 60 * 1000;

}  // namespace

int GameService::expire_idle_guest_games() {
  const std::int64_t after = options_.expire_guest_games_after_ms;
  const std::int64_t now = options_.now();
  if (after <= 0 || now < next_expiry_sweep_ms_) return 0;
  next_expiry_sweep_ms_ = now + kExpirySweepEveryMs;
  const std::int64_t idle_since = now - after;
  int expired = 0;
  for (const std::string& id : storage_.idle_guest_games(idle_since, kExpiredPerSweep)) {
    try {
      auto match = acquire(id);
      std::lock_guard lock(match->mutex);
      refresh_if_stale(*match);
      // Read again under the game's lock: a move made since the list was read keeps it.
      const auto stored = storage_.game(id);
      if (match->over() || !stored || stored->result != "*" || stored->updated_ms >= idle_since)
        continue;
      if (commit_abort(*match, now, false, kExpiredReason)) ++expired;
    } catch (const StorageUnavailable&) {
      throw;  // the timer reports an outage once
    } catch (const std::exception& e) {
      log_warning("an idle guest game not closed", {{"game", id}, {"error", e.what()}});
    }
  }
  if (expired > 0)
    log_info("closed guests' games left with no move",
             {{"games", expired}, {"idle_over_ms", after}});
  return expired;
}

}  // namespace ordo::server
