// Which seats of a game have an open event stream, so that each player can see whether
// the other one is there. Counted per seat: a player may have the game open in two tabs.
// Where instances share storage, the streams open on the others are read from it
// (presence_storage.h, game_presence.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/any_game.h"

namespace ordo::server {

struct Match;

struct SeatPresence {
  std::array<int, 2> streams{};  // open on this instance
  // The seats with a stream open on another instance, and whether that is known: read
  // when first needed and again after each change another instance announces.
  std::array<bool, 2> elsewhere{};
  bool elsewhere_known = false;
  // Since when this instance has known each seat without any stream (0 while it has
  // one): how long a player has been gone, for the other's claim (game_abandon.cpp).
  std::array<std::int64_t, 2> absent_since{};
  bool connected(games::Side seat) const {
    const auto i = static_cast<std::size_t>(index(seat));
    return streams[i] > 0 || elsewhere[i];
  }
  // Brings absent_since up to date with what is known at `now`.
  void observe(std::int64_t now) {
    for (games::Side seat : {games::Side::First, games::Side::Second}) {
      auto& since = absent_since[static_cast<std::size_t>(index(seat))];
      if (connected(seat))
        since = 0;
      else if (since == 0)
        since = now;
    }
  }
};

// Told, under the game's lock, when a seat's streams on this instance become or stop
// being any (where instances share storage, it is stored for the others).
using SeatOpenChange = std::function<void(const std::string& game_id, games::Side seat, bool open)>;

// Counts `seats` as connected while it lives; each change wakes the game's streams.
class PresenceGuard {
 public:
  PresenceGuard(std::shared_ptr<Match> match, std::vector<games::Side> seats,
                SeatOpenChange on_change = {});
  ~PresenceGuard();
  PresenceGuard(const PresenceGuard&) = delete;
  PresenceGuard& operator=(const PresenceGuard&) = delete;

 private:
  void count(int change);

  std::shared_ptr<Match> match_;
  std::vector<games::Side> seats_;
  SeatOpenChange on_change_;
};

}  // namespace ordo::server
