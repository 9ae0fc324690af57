#include "server/game_rules.h"

#include "server/api_error.h"

namespace ordo::server {

using nlohmann::json;

const GameRules& rules_for(std::string_view game) {
  for (const GameRules* rules : {&ordo_game_rules(), &orderchaos_game_rules()})
    if (rules->name() == game) return *rules;
  throw ApiError(400, "bad_request",
                 "unknown game '" + std::string(game) + "' (ordo or orderchaos)");
}

std::string optional_request_string(const json& body, const char* field,
                                    const std::string& fallback) {
  if (!body.contains(field) || body[field].is_null()) return fallback;
  if (!body[field].is_string())
    throw ApiError(400, "bad_request", std::string("'") + field + "' must be a string");
  return body[field].get<std::string>();
}

}  // namespace ordo::server
