// A request and its answer as the route table sees them, apart from any socket or HTTP
// library: the transport (http_server.cpp) fills an HttpRequest from the wire and writes the
// HttpResponse back; tests and the fuzz target call the route table directly.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/game_service.h"

namespace ordo::server {

struct HttpRequest {
  std::string method;                                      // "GET", "POST", ...
  std::string path;                                        // percent-decoded, without the query
  std::vector<std::pair<std::string, std::string>> query;  // decoded, in order
  std::string body;                                        // decoded (Content-Encoding undone)

  // The first value of query parameter `name`.
  std::optional<std::string> query_value(const std::string& name) const;
};

// An answer that is an event stream of a game rather than a body (GET .../events).
struct EventStreamStart {
  GameService::Watch watch;
  std::string token;
};

struct HttpResponse {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // beyond Content-Type
  std::shared_ptr<EventStreamStart> events;                  // set: stream, ignore body
};

}  // namespace ordo::server
