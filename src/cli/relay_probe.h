// serve-bench --watchers: how long a move takes to reach a page that watches its game,
// through another server instance if there is one. A probe plays a local game through
// one server and watches it (GET /api/games/ID/events) through another, and times each
// move from its request to the event that shows it there.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "cli/latency_histogram.h"

namespace ordo::cli {

struct RelayStats {
  LatencyHistogram latencies;  // move request sent -> the watcher's event received
  std::uint64_t errors = 0;    // failed requests, and moves never seen within 10 s
};

// Plays through `mover_url` and watches through `watcher_url` (http://HOST:PORT) until
// `end`: one move at a time, each once the watcher has seen the one before.
void run_relay_probe(const std::string& mover_url, const std::string& watcher_url,
                     std::uint64_t seed, std::chrono::steady_clock::time_point end,
                     RelayStats& stats);

}  // namespace ordo::cli
