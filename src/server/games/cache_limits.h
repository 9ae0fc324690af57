// How many games the game service keeps in memory, and for how long (game_cache.h).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ordo::server {

struct CacheLimits {
  // Resident games at most, unless more than that are pinned at once.
  std::size_t max_games = 512;
  std::int64_t idle_ms = 60 * 1000;  // an unpinned game leaves after this long unused
};

}  // namespace ordo::server
