// Requests by route (the route's pattern, never the path with its ids), method and status,
// and their latency. Each route holds its series; a status's counter is made on its first
// use and then found without a lock (one atomic load per request).
#pragma once

#include <prometheus/counter.h>
#include <prometheus/histogram.h>

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>

namespace ordo::server {

class RouteMetrics {
 public:
  RouteMetrics(std::string method, std::string route);
  // One request answered with `status` after `seconds`.
  void observe(int status, double seconds);

 private:
  prometheus::Counter& counter_for(int status);

  std::string method_, route_;
  prometheus::Histogram& latency_;
  std::array<std::atomic<prometheus::Counter*>, 600> by_status_{};
  std::mutex adding_;
};

// The series of `method` on `pattern` ("unmatched" for requests no route took), made once
// per process and kept for it.
RouteMetrics& route_metrics(const std::string& method, const std::string& pattern);

}  // namespace ordo::server
