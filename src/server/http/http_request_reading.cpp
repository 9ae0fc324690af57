#include "server/http/http_request_reading.h"

#include <stdexcept>

#include "server/http/body_encoding.h"
#include "server/http/http_json.h"

namespace ordo::server {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string_view view(boost::beast::string_view text) {
  return {text.data(), text.size()};
}

HttpResponse too_large(std::size_t max_body) {
  return error_response(
      413, "too_large",
      "the request body is larger than " + std::to_string(max_body / 1024) + " KiB");
}

std::optional<std::vector<std::pair<std::string, std::string>>> decoded_query(
    std::string_view query) {
  std::vector<std::pair<std::string, std::string>> pairs;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    auto key = percent_decoded(pair.substr(0, eq), true);
    auto value = percent_decoded(
        eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1), true);
    if (!key || !value) return std::nullopt;
    pairs.emplace_back(std::move(*key), std::move(*value));
  }
  return pairs;
}

// Every line of header `name`, joined with ", " in the order they came; none: nullopt.
std::optional<std::string> joined_values(const beast_http::request_header<>& header,
                                         std::string_view name) {
  std::optional<std::string> joined;
  const auto [first, last] =
      header.equal_range(boost::beast::string_view(name.data(), name.size()));
  for (auto line = first; line != last; ++line) {
    if (joined)
      *joined += ", ";
    else
      joined.emplace();
    *joined += view(line->value());
  }
  return joined;
}

}  // namespace

std::optional<std::string> percent_decoded(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      const int high = hex_value(text[i + 1]), low = hex_value(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      out += static_cast<char>(high * 16 + low);
      i += 2;
    } else if (text[i] == '+' && plus_is_space) {
      out += ' ';
    } else {
      out += text[i];
    }
  }
  return out;
}

std::optional<HttpResponse> refuse_header(const beast_http::request_header<>& header, bool chunked,
                                          std::optional<std::uint64_t> length,
                                          std::size_t max_body) {
  // Beast takes repeated equal values as one; a server behind a proxy must not.
  const auto lengths = header.count(beast_http::field::content_length);
  if (lengths > 1 || (lengths == 1 && header[beast_http::field::content_length].find(',') !=
                                          boost::beast::string_view::npos))
    return error_response(400, "bad_request", "more than one Content-Length");
  if (header.count(beast_http::field::transfer_encoding) > 0 && !chunked)
    return error_response(400, "bad_request", "the only transfer coding served is chunked");
  if (length && *length > max_body) return too_large(max_body);
  if (body_encoding(view(header[beast_http::field::content_encoding])) == BodyEncoding::Unknown)
    return error_response(415, "bad_encoding",
                          "the body's Content-Encoding must be gzip, deflate or none");
  return std::nullopt;
}

std::variant<HttpRequest, HttpResponse> read_request(
    beast_http::request<beast_http::string_body>&& message, std::size_t max_body) {
  if (auto refused = refuse_header(message.base(), message.chunked(), std::nullopt, max_body))
    return std::move(*refused);
  HttpRequest request;
  request.method = std::string(message.method_string());
  const std::string_view target(message.target().data(), message.target().size());
  if (target.empty() || target.front() != '/')
    return error_response(400, "bad_request", "the request target must be a path");
  const std::size_t question = target.find('?');
  auto path = percent_decoded(target.substr(0, question), false);
  auto query = decoded_query(question == std::string_view::npos ? std::string_view()
                                                                : target.substr(question + 1));
  if (!path || !query) return error_response(400, "bad_request", "a bad %-escape in the target");
  request.path = std::move(*path);
  request.query = std::move(*query);
  for (const std::string_view name : kKeptHeaders) {
    // X-Forwarded-For may come as several lines (a proxy appends its own after the client's):
    // all of them, joined in order as RFC 9110 5.3 allows, so its last entry is the proxy's.
    if (name == "x-forwarded-for") {
      if (auto joined = joined_values(message, name)) request.headers.emplace_back(name, *joined);
      continue;
    }
    auto found = message.find(boost::beast::string_view(name.data(), name.size()));
    if (found != message.end()) request.headers.emplace_back(name, view(found->value()));
  }
  try {
    auto body =
        decode_body(message.body(),
                    body_encoding(view(message[beast_http::field::content_encoding])), max_body);
    if (!body) return too_large(max_body);
    request.body = std::move(*body);
  } catch (const std::invalid_argument&) {
    return error_response(400, "bad_request", "the body is not valid for its Content-Encoding");
  }
  return request;
}

}  // namespace ordo::server
