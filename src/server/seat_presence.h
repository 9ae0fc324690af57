// Which seats of a game have an open event stream, so that each player can see whether
// the other one is there. Counted per seat: a player may have the game open in two tabs.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "engine/any_game.h"

namespace ordo::server {

struct Match;

struct SeatPresence {
  std::array<int, 2> streams{};
  bool connected(games::Side seat) const {
    return streams[static_cast<std::size_t>(index(seat))] > 0;
  }
};

// Counts `seats` as connected while it lives; each change wakes the game's streams.
class PresenceGuard {
 public:
  PresenceGuard(std::shared_ptr<Match> match, std::vector<games::Side> seats);
  ~PresenceGuard();
  PresenceGuard(const PresenceGuard&) = delete;
  PresenceGuard& operator=(const PresenceGuard&) = delete;

 private:
  void count(int change);

  std::shared_ptr<Match> match_;
  std::vector<games::Side> seats_;
};

}  // namespace ordo::server
