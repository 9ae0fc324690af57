#include "server/seat_presence.h"

#include <mutex>

#include "server/match.h"

namespace ordo::server {

PresenceGuard::PresenceGuard(std::shared_ptr<Match> match, std::vector<games::Side> seats)
    : match_(std::move(match)), seats_(std::move(seats)) {
  count(+1);
}

PresenceGuard::~PresenceGuard() {
  count(-1);
}

void PresenceGuard::count(int change) {
  if (seats_.empty()) return;  // a spectator changes nothing
  std::lock_guard lock(match_->mutex);
  for (games::Side seat : seats_)
    match_->presence.streams[static_cast<std::size_t>(index(seat))] += change;
  match_->touch();
}

}  // namespace ordo::server
