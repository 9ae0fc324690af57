// The address a request comes from, for per-address limits (log-in attempts). Behind a
// reverse proxy every connection comes from the proxy, so the operator may let the server
// take the client's address from X-Forwarded-For: the last entry, the one the proxy itself
// appended (entries before it are whatever the client sent, and could be forged).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ordo::server {

// `peer` (the socket's address) unless `trust_forwarded` and the header's last entry is an
// IP address. `forwarded` is every X-Forwarded-For line joined with commas, in order
// (read_request): the proxy appends a line of its own after any the client sent.
std::string client_address(const std::string& peer, const std::optional<std::string>& forwarded,
                           bool trust_forwarded);

}  // namespace ordo::server
