#include "server/observe/metrics.h"

#include <prometheus/text_serializer.h>

namespace ordo::server {

namespace {

prometheus::Counter& counter(prometheus::Registry& registry, const std::string& name,
                             const std::string& help, const prometheus::Labels& labels = {}) {
  return prometheus::BuildCounter().Name(name).Help(help).Register(registry).Add(labels);
}

prometheus::Gauge& gauge(prometheus::Registry& registry, const std::string& name,
                         const std::string& help) {
  return prometheus::BuildGauge().Name(name).Help(help).Register(registry).Add({});
}

// Two series of one family: the registry merges a family registered again with the same help.
const std::string kDbErrorsHelp =
    "Database calls that failed, by kind: unavailable (the database cannot answer now: "
    "clients get 503 or 507) or other";

}  // namespace

Metrics::Metrics()
    : login_failures(counter(registry, "ordo_login_failures_total",
                             "Log-ins refused for a wrong name or password")),
      lease_takeovers(counter(registry, "ordo_lease_takeovers_total",
                              "Games whose work (the engine's reply) this instance took over "
                              "from one whose lease lapsed")),
      db_transactions_postgresql(counter(registry, "ordo_db_transactions_total",
                                         "Transactions and single statements sent to the database",
                                         {{"backend", "postgresql"}})),
      db_errors_unavailable(
          counter(registry, "ordo_db_errors_total", kDbErrorsHelp, {{"kind", "unavailable"}})),
      db_errors_other(
          counter(registry, "ordo_db_errors_total", kDbErrorsHelp, {{"kind", "other"}})),
      event_streams_open(
          gauge(registry, "ordo_event_streams_open", "Event streams (games, lobby) open now")),
      games_in_memory(gauge(registry, "ordo_games_in_memory", "Games held in memory now")),
      engine_searches_running(gauge(registry, "ordo_engine_searches_running",
                                    "Engine searches thinking now on this instance")),
      engine_moves_queued(gauge(registry, "ordo_engine_moves_queued",
                                "Engine replies waiting: found and not yet played, or owed "
                                "(to be searched or stored again)")) {}

Metrics& metrics() {
  static Metrics the_metrics;
  return the_metrics;
}

std::string metrics_text() {
  return prometheus::TextSerializer().Serialize(metrics().registry.Collect());
}

}  // namespace ordo::server
