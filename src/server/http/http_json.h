// JSON answers and errors (docs/api.md). Every answer's text is valid UTF-8 whatever the
// client sent: bytes that are not (a path quoted in a message, say) become U+FFFD.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "server/http/http_message.h"

namespace ordo::server {

HttpResponse json_response(int status, const nlohmann::json& body);
// The same, never cached (Cache-Control: no-store): an answer for one account only.
HttpResponse private_json(int status, const nlohmann::json& body);
HttpResponse error_response(int status, const std::string& code, const std::string& message);
// The request body as a JSON object; ApiError 400 bad_json if it is not one.
nlohmann::json json_body(const HttpRequest& request);
// Query parameter `name` as an int, `fallback` if absent; ApiError 400 if not a number.
int query_int(const HttpRequest& request, const char* name, int fallback);

}  // namespace ordo::server
