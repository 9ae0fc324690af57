// The fields of a challenge request (docs/api.md, "Lobby"), checked as POST /api/games
// checks a game's: each throws ApiError 400 naming what is wrong.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace ordo::server {

// The game's fields of a challenge: game, rules, size, clock, days_per_move, match_to.
nlohmann::json checked_setup(const nlohmann::json& body);
bool rated_field(const nlohmann::json& body);
// white, black or random (the default).
std::string color_field(const nlohmann::json& body);

}  // namespace ordo::server
