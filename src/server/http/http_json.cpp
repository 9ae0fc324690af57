#include "server/http/http_json.h"

#include <charconv>

#include "server/common/api_error.h"

namespace ordo::server {

using nlohmann::json;

std::optional<std::string> HttpRequest::header(std::string_view name) const {
  for (const auto& [key, value] : headers)
    if (key == name) return value;
  return std::nullopt;
}

std::optional<std::string> HttpRequest::query_value(const std::string& name) const {
  for (const auto& [key, value] : query)
    if (key == name) return value;
  return std::nullopt;
}

HttpResponse json_response(int status, const json& body) {
  HttpResponse response;
  response.status = status;
  response.content_type = "application/json";
  response.body = body.dump(-1, ' ', false, json::error_handler_t::replace);
  return response;
}

HttpResponse error_response(int status, const std::string& code, const std::string& message) {
  return json_response(status, json{{"error", message}, {"code", code}});
}

json json_body(const HttpRequest& request) {
  json body = json::parse(request.body, nullptr, false);
  if (body.is_discarded()) throw ApiError(400, "bad_json", "the body is not valid JSON");
  if (!body.is_object()) throw ApiError(400, "bad_json", "the body must be a JSON object");
  return body;
}

int query_int(const HttpRequest& request, const char* name, int fallback) {
  const auto text = request.query_value(name);
  if (!text) return fallback;
  int value = 0;
  const char* end = text->data() + text->size();
  const auto [stop, error] = std::from_chars(text->data(), end, value);
  if (text->empty() || error != std::errc() || stop != end)
    throw ApiError(400, "bad_request", std::string("'") + name + "' must be a number");
  return value;
}

HttpResponse private_json(int status, const nlohmann::json& body) {
  HttpResponse response = json_response(status, body);
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

}  // namespace ordo::server
