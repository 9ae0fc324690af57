// Presence across instances sharing storage (presence_storage.h): this instance stores
// when a seat's streams here become or stop being any, and reads the seats open on the
// others when a game's state first needs them and after each change they announce.

#include "server/games/game_service.h"
#include "server/observe/log.h"

namespace ordo::server {

std::shared_ptr<PresenceGuard> GameService::presence_guard(std::shared_ptr<Match> match,
                                                           std::vector<games::Side> seats) {
  SeatOpenChange on_change;
  if (storage_.shared() && !seats.empty()) {
    // Storage and the name, not the service: a guard may end after the service did.
    on_change = [&storage = storage_, instance = leases_.holder()](const std::string& id,
                                                                   games::Side seat, bool open) {
      try {
        storage.set_seat_open(id, seat_name(seat), instance, open);
      } catch (const std::exception& e) {
        // The other instances show the seat as they last knew it; this one knows.
        log_warning("presence not stored", {{"game", id}, {"error", e.what()}});
      }
    };
  }
  return std::make_shared<PresenceGuard>(std::move(match), std::move(seats), std::move(on_change));
}

void GameService::read_presence_elsewhere(Match& match) {
  std::array<bool, 2> open{};
  for (const std::string& seat :
       storage_.seats_open_elsewhere(match.row.id, leases_.holder(), options_.now()))
    if (auto side = seat_from_name(seat)) open[static_cast<std::size_t>(index(*side))] = true;
  match.presence.elsewhere = open;
  for (std::size_t i = 0; i < open.size(); ++i)
    if (open[i]) match.presence.absent_since[i] = 0;  // as PresenceGuard::count
  match.presence.elsewhere_known = true;
}

void GameService::know_presence_elsewhere(Match& match) {
  if (!storage_.shared() || match.presence.elsewhere_known) return;
  try {
    read_presence_elsewhere(match);
  } catch (const std::exception& e) {
    // Shown as this instance knows it; read again for the next state.
    log_warning("presence not read", {{"game", match.row.id}, {"error", e.what()}});
  }
}

void GameService::presence_changed_elsewhere(const std::string& id) {
  // As refresh_changed_elsewhere: a game nobody watches here is read when next needed.
  auto match = cache_.find_resident(id);
  if (!match) return;
  const bool watched = match.use_count() > 2;
  std::lock_guard lock(match->mutex);
  if (!watched) {
    match->presence.elsewhere_known = false;
    return;
  }
  const auto before = match->presence.elsewhere;
  match->presence.elsewhere_known = false;
  know_presence_elsewhere(*match);
  if (!match->presence.elsewhere_known || match->presence.elsewhere != before) match->touch();
}

void GameService::restore_presence() {
  for (const auto& match : cache_.resident()) {
    std::lock_guard lock(match->mutex);
    for (games::Side seat : {games::Side::First, games::Side::Second}) {
      if (match->presence.streams[static_cast<std::size_t>(index(seat))] == 0) continue;
      try {
        storage_.set_seat_open(match->row.id, seat_name(seat), leases_.holder(), true);
      } catch (const std::exception& e) {
        log_warning("presence not restored", {{"game", match->row.id}, {"error", e.what()}});
      }
    }
  }
}

void GameService::drop_streams_of_gone_instances(const std::string& starting) {
  if (!storage_.shared()) return;
  for (const std::string& instance :
       storage_.drop_streams_of_gone_instances(starting, options_.now()))
    log_info("an instance died: its lease lapsed; its players' streams are shown closed",
             {{"peer", instance}});
}

}  // namespace ordo::server
