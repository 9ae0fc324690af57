#include "server/game_rules.h"

#include "server/api_error.h"
#include "server/request_fields.h"

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
  return string_field(body, field, false);
}

}  // namespace ordo::server
