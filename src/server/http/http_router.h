// The route table: method and path pattern -> handler. Patterns are segments separated by
// '/'; "{id}" matches a game id (1 to 64 of A-Z a-z 0-9 _ -), "{name}" any segment of up
// to 256 bytes (an account name, decoded), a last "{path*}" the rest of the path. A path that
// matches a route of another method answers 405 with Allow; a path that matches none answers 404.
// Handlers' ApiErrors become JSON errors, anything else thrown a 500; handle() itself never throws.
// Each answer is counted by its route's pattern and status (request_metrics.h), carries
// an X-Request-Id that the log lines written meanwhile carry too, and is logged in the
// access log when that is on (log.h).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "server/http/http_message.h"
#include "server/http/work_admission.h"
#include "server/observe/request_metrics.h"

namespace ordo::server {

// When requests last failed on storage that could not answer (StorageUnavailable), so that
// /readyz reports an instance whose writes fail as not ready. Shared by copies of a table.
class StorageFailures {
 public:
  void note();
  // Whether one was noted within the last `window`.
  bool within(std::chrono::milliseconds window) const;

 private:
  std::atomic<std::int64_t> last_ms_{std::numeric_limits<std::int64_t>::min() / 2};
};

class Router {
 public:
  // The values of the pattern's {…} segments, in order.
  using Params = std::vector<std::string>;
  using Handler = std::function<HttpResponse(const HttpRequest&, const Params&)>;

  // A route of an expensive `kind` (hashing a password, an analysis) runs on that kind's
  // own pool, within its limits (work_admission.h), so that it cannot hold up the others.
  void add(std::string method, const std::string& pattern, Handler handler,
           WorkKind kind = WorkKind::quick);
  WorkKind kind_of(const HttpRequest& request) const;
  // HEAD is answered as GET (the transport sends no body).
  HttpResponse handle(const HttpRequest& request) const;
  std::shared_ptr<const StorageFailures> storage_failures() const { return storage_failures_; }

 private:
  struct Route {
    std::string method;
    std::string pattern;
    std::vector<std::string> segments;
    Handler handler;
    WorkKind kind = WorkKind::quick;
    RouteMetrics* metrics = nullptr;
  };
  static bool match(const Route& route, const std::string& path, Params& params);
  // The answer, and the pattern of the route that gave it (empty: none matched).
  HttpResponse dispatch(const HttpRequest& request, const std::string*& pattern,
                        RouteMetrics*& metrics) const;

  std::vector<Route> routes_;
  std::shared_ptr<StorageFailures> storage_failures_ = std::make_shared<StorageFailures>();
};

}  // namespace ordo::server
