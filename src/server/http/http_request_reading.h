// From a request as Boost.Beast parsed it to an HttpRequest: the header's checks (before
// the body is read), the target's path and query decoded, the body's encoding undone. A
// request that cannot be served gets the error answer instead.
#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstdint>
#include <optional>
#include <variant>

#include "server/http/http_message.h"

namespace ordo::server {

namespace beast_http = boost::beast::http;

// Refuses a header whose body length is ambiguous (two Content-Length headers, a transfer
// coding other than chunked) or announced larger than `max_body`.
// `chunked` and `length` as the parser read them.
std::optional<HttpResponse> refuse_header(const beast_http::request_header<>& header, bool chunked,
                                          std::optional<std::uint64_t> length,
                                          std::size_t max_body);

std::variant<HttpRequest, HttpResponse> read_request(
    beast_http::request<beast_http::string_body>&& message, std::size_t max_body);

// "%41" -> "A" ('+' -> ' ' when `plus_is_space`, as in queries); nullopt for a bad escape.
std::optional<std::string> percent_decoded(std::string_view text, bool plus_is_space);

}  // namespace ordo::server
