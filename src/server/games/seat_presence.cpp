#include "server/games/seat_presence.h"

#include <mutex>

#include "server/games/served_game.h"

namespace ordo::server {

PresenceGuard::PresenceGuard(std::shared_ptr<Match> match, std::vector<games::Side> seats,
                             SeatOpenChange on_change)
    : match_(std::move(match)), seats_(std::move(seats)), on_change_(std::move(on_change)) {
  count(+1);
}

PresenceGuard::~PresenceGuard() {
  count(-1);
}

void PresenceGuard::count(int change) {
  if (seats_.empty()) return;  // a spectator changes nothing
  std::lock_guard lock(match_->mutex);
  for (games::Side seat : seats_) {
    const auto i = static_cast<std::size_t>(index(seat));
    int& streams = match_->presence.streams[i];
    const bool was_open = streams > 0;
    streams += change;
    // Back, however briefly: a later absence counts from the next observe().
    if (streams > 0) match_->presence.absent_since[i] = 0;
    // Under the lock, so that the changes of one seat are told in their order.
    if (on_change_ && was_open != (streams > 0)) on_change_(match_->row.id, seat, streams > 0);
  }
  match_->touch();
}

}  // namespace ordo::server
