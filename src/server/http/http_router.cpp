#include "server/http/http_router.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "server/common/api_error.h"
#include "server/common/storage_error.h"
#include "server/http/http_json.h"
#include "server/observe/log.h"
#include "server/observe/storage_outage.h"

namespace ordo::server {

namespace {

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> segments;
  if (path.empty() || path.front() != '/') return segments;
  std::size_t start = 1;
  while (true) {
    const std::size_t slash = path.find('/', start);
    segments.emplace_back(path.substr(start, slash - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return segments;
}

constexpr std::size_t kMaxNameSegment = 256;

bool is_game_id(const std::string& text) {
  return !text.empty() && text.size() <= 64 && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  });
}

}  // namespace

void Router::add(std::string method, const std::string& pattern, Handler handler, WorkKind kind) {
  RouteMetrics* metrics = &route_metrics(method, pattern);
  routes_.push_back(
      {std::move(method), pattern, split_path(pattern), std::move(handler), kind, metrics});
}

WorkKind Router::kind_of(const HttpRequest& request) const {
  Params params;
  for (const Route& route : routes_)
    if (route.kind != WorkKind::quick && route.method == request.method &&
        match(route, request.path, params))
      return route.kind;
  return WorkKind::quick;
}

bool Router::match(const Route& route, const std::string& path, Params& params) {
  params.clear();
  const std::vector<std::string> segments = split_path(path);
  if (segments.empty()) return false;
  for (std::size_t i = 0; i < route.segments.size(); ++i) {
    const std::string& want = route.segments[i];
    if (want == "{path*}") {
      if (i >= segments.size()) return false;
      // The rest of the path, as sent (its slashes kept).
      std::string rest = segments[i];
      for (std::size_t j = i + 1; j < segments.size(); ++j) rest += "/" + segments[j];
      if (rest.empty()) return false;
      params.push_back(std::move(rest));
      return true;
    }
    if (i >= segments.size()) return false;
    if (want == "{id}") {
      if (!is_game_id(segments[i])) return false;
      params.push_back(segments[i]);
    } else if (want == "{name}") {
      // An account name (decoded; names hold no slash), checked by whoever looks it up.
      if (segments[i].empty() || segments[i].size() > kMaxNameSegment) return false;
      params.push_back(segments[i]);
    } else if (want != segments[i]) {
      return false;
    }
  }
  return segments.size() == route.segments.size();
}

namespace {
std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
}  // namespace

void StorageFailures::note() {
  last_ms_.store(steady_ms());
}

bool StorageFailures::within(std::chrono::milliseconds window) const {
  return steady_ms() - last_ms_.load() < window.count();
}

HttpResponse Router::handle(const HttpRequest& request) const {
  const auto start = std::chrono::steady_clock::now();
  std::string id = new_request_id();
  const RequestIdScope scope(id);
  const std::string* pattern = nullptr;
  RouteMetrics* metrics = nullptr;
  HttpResponse response = dispatch(request, pattern, metrics);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!metrics) {
    static RouteMetrics& unmatched = route_metrics("any", "unmatched");
    metrics = &unmatched;
  }
  metrics->observe(response.status, seconds);
  // A write answered 2xx was stored: an outage is over (so are other signs: storage_outage.h).
  if (response.status < 300 && request.method != "GET" && request.method != "HEAD")
    storage_outage_log().succeeded();
  // The route's pattern, never the path: paths hold game ids and names.
  if (access_log_on())
    log_info("access", {{"method", request.method},
                        {"route", pattern ? *pattern : std::string("unmatched")},
                        {"status", response.status},
                        {"duration_ms", seconds * 1000.0}});
  response.headers.emplace_back("X-Request-Id", std::move(id));
  return response;
}

HttpResponse Router::dispatch(const HttpRequest& request, const std::string*& pattern,
                              RouteMetrics*& metrics) const {
  const std::string method = request.method == "HEAD" ? "GET" : request.method;
  std::set<std::string> allowed;
  Params params;
  for (const Route& route : routes_) {
    if (!match(route, request.path, params)) continue;
    if (route.method != method) {
      allowed.insert(route.method);
      if (route.method == "GET") allowed.insert("HEAD");
      continue;
    }
    pattern = &route.pattern;
    metrics = route.metrics;
    try {
      return route.handler(request, params);
    } catch (const ApiError& e) {
      HttpResponse refused = error_response(e.status(), e.code(), e.message());
      if (e.retry_after_s() > 0)
        refused.headers.emplace_back("Retry-After", std::to_string(e.retry_after_s()));
      return refused;
    } catch (const StorageUnavailable& e) {
      storage_failures_->note();
      storage_outage_log().failed(e.what());
      HttpResponse refused =
          e.disk_full() ? error_response(507, "storage_full",
                                         "the server's disk is full: nothing new can be stored now")
                        : error_response(503, "storage_unavailable",
                                         "the server's storage cannot answer now; try again soon");
      refused.headers.emplace_back("Retry-After", "5");
      return refused;
    } catch (const std::exception& e) {
      log_error("request failed", {{"error", e.what()}});
      return error_response(500, "internal", std::string("internal error: ") + e.what());
    }
  }
  if (allowed.empty()) return error_response(404, "not_found", "nothing at " + request.path);
  std::string allow;
  for (const std::string& m : allowed) allow += (allow.empty() ? "" : ", ") + m;
  HttpResponse refused = error_response(
      405, "bad_method",
      request.method + " is not allowed on " + request.path + " (allowed: " + allow + ")");
  refused.headers.emplace_back("Allow", allow);
  return refused;
}

}  // namespace ordo::server
