#include "server/observe/request_metrics.h"

#include <map>
#include <utility>

#include "server/observe/metrics.h"

namespace ordo::server {

namespace {

// From a millisecond (a cached state) to ten seconds (an analysis).
const prometheus::Histogram::BucketBoundaries kLatencyBuckets{
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

prometheus::Family<prometheus::Histogram>& latency_family() {
  static auto& family = prometheus::BuildHistogram()
                            .Name("ordo_http_request_duration_seconds")
                            .Help("Time from a request's routing to its answer, by route")
                            .Register(metrics().registry);
  return family;
}

prometheus::Family<prometheus::Counter>& requests_family() {
  static auto& family = prometheus::BuildCounter()
                            .Name("ordo_http_requests_total")
                            .Help("Requests answered, by route, method and status")
                            .Register(metrics().registry);
  return family;
}

}  // namespace

RouteMetrics::RouteMetrics(std::string method, std::string route)
    : method_(std::move(method)),
      route_(std::move(route)),
      latency_(latency_family().Add({{"method", method_}, {"route", route_}}, kLatencyBuckets)) {}

prometheus::Counter& RouteMetrics::counter_for(int status) {
  const std::size_t slot = status >= 0 && status < 600 ? static_cast<std::size_t>(status) : 0;
  if (auto* known = by_status_[slot].load(std::memory_order_acquire)) return *known;
  std::lock_guard lock(adding_);
  auto& made = requests_family().Add(
      {{"method", method_}, {"route", route_}, {"status", std::to_string(status)}});
  by_status_[slot].store(&made, std::memory_order_release);
  return made;
}

void RouteMetrics::observe(int status, double seconds) {
  counter_for(status).Increment();
  latency_.Observe(seconds);
}

RouteMetrics& route_metrics(const std::string& method, const std::string& pattern) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, std::string>, std::unique_ptr<RouteMetrics>> all;
  std::lock_guard lock(mutex);
  auto& slot = all[{method, pattern}];
  if (!slot) slot = std::make_unique<RouteMetrics>(method, pattern);
  return *slot;
}

}  // namespace ordo::server
