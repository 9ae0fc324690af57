// The process's metrics, in Prometheus's text exposition format (docs/deployment.md lists
// them). One registry per process: a process serves one instance (tests that run two in
// one process read them summed). Counters and gauges are atomics (no lock to count);
// values that are states rather than events (games in memory, open streams) are read
// when scraped, by whoever serves /metrics.
#pragma once

#include <prometheus/counter.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include <string>

namespace ordo::server {

struct Metrics {
  prometheus::Registry registry;
  // Events.
  prometheus::Counter& login_failures;
  prometheus::Counter& lease_takeovers;
  prometheus::Counter& db_transactions_postgresql;
  prometheus::Counter& db_errors_unavailable;  // StorageUnavailable: 503/507 to clients
  prometheus::Counter& db_errors_other;
  // States, set when scraped.
  prometheus::Gauge& event_streams_open;
  prometheus::Gauge& games_in_memory;
  prometheus::Gauge& engine_searches_running;
  prometheus::Gauge& engine_moves_queued;

  Metrics();
};

// The process's metrics (made on first use).
Metrics& metrics();

// Everything registered, in the text format (version 0.0.4).
std::string metrics_text();
inline constexpr const char* kMetricsContentType = "text/plain; version=0.0.4; charset=utf-8";

}  // namespace ordo::server
