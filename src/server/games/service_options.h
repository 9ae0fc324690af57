// How a game service runs (game_service.h): its clock, its timer, its engines, its cache,
// its leases. Apart from the service, so that what sets them up needs no more.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "server/common/chess_clock.h"
#include "server/games/cache_limits.h"

namespace ordo::server {

struct ServiceOptions {
  TimeSource now = system_time_ms;
  // How often the timer thread looks for fallen flags (and drops idle games, and copies
  // the storage's log into its database); 0 = no timer thread (tests call check_clocks
  // and drop_idle_games themselves).
  int clock_tick_ms = 100;
  std::size_t engine_hash_mib = 8;
  // Replaces the level's limits for every engine move (tests: a small fixed depth).
  std::optional<int> fixed_ai_depth;
  // Tests: every search reports its move only when stopped (move-now), so the test, not
  // the speed of the machine, decides when the engine answers.
  bool ai_answers_when_stopped = false;
  // The seed of every engine's chance (tests, reproducible runs); unset, each game has its own.
  std::optional<std::uint64_t> ai_seed;
  // Below this many bytes free on the database's disk, new games are refused (507
  // storage_full), so that the games under way can still store their moves.
  std::uint64_t disk_reserve_bytes = 64ULL << 20;
  // How long a player of a live game between two people must have had the game open
  // nowhere before the other may claim the win (game_abandon.cpp).
  std::int64_t claim_after_leaving_ms = 30'000;
  // A guest's unfinished game (no account holds a seat, no clock or deadline runs) with no
  // move for this long is closed unfinished (game_expiry.cpp); 0: never.
  std::int64_t expire_guest_games_after_ms = 30LL * 24 * 60 * 60 * 1000;
  // How many games stay in memory, and how long an unused one stays (see GameCache).
  CacheLimits cache;
  // Where instances share storage: how long a lease on a game's work (the engine's
  // reply, a flag) lasts unrenewed, so how soon another instance takes over the work of
  // one that died (held_leases.h).
  std::int64_t lease_ms = 5000;
  // This instance's name in the leases (empty: a random one).
  std::string instance_id;
  // Leases lapsed this long (their instances died) are deleted (at most once a minute).
  std::int64_t lapsed_lease_grace_ms = 60 * 60 * 1000;
};

}  // namespace ordo::server
