// A request and its answer as the route table sees them, apart from any socket or HTTP
// library: the transport (http_server.cpp) fills an HttpRequest from the wire and writes the
// HttpResponse back; tests and the fuzz target call the route table directly.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ordo::server {

// The request headers the transport passes on (for sessions and their CSRF checks).
inline constexpr std::string_view kKeptHeaders[] = {
    "cookie", "origin", "host", "x-csrf-token", "sec-fetch-site", "x-forwarded-for"};

struct HttpRequest {
  std::string method;                                      // "GET", "POST", ...
  std::string path;                                        // percent-decoded, without the query
  std::vector<std::pair<std::string, std::string>> query;  // decoded, in order
  std::string body;                                        // decoded (Content-Encoding undone)
  // The headers the accounts need (kKeptHeaders), names in lower case.
  std::vector<std::pair<std::string, std::string>> headers;
  std::string client_address;  // the client's IP address, as text (client_address.h)
  // How browsers reach the server: "https" behind a TLS proxy (serve --secure-cookies),
  // else "http". A request's Origin must name the same scheme (csrf.h).
  std::string scheme = "http";

  // The first value of query parameter `name`.
  std::optional<std::string> query_value(const std::string& name) const;
  // The first value of header `name` (lower case).
  std::optional<std::string> header(std::string_view name) const;
};

class EventSource;  // event_source.h

struct HttpResponse {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // beyond Content-Type
  std::shared_ptr<EventSource> events;                       // set: stream, ignore body
};

}  // namespace ordo::server
