// Reading the fields of a request body (docs/api.md), each refusal an ApiError 400 that
// names the field, and the seats a token holds in a game.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/games/served_game.h"

namespace ordo::server {

// "" if the field is absent or null and not `required`; valid UTF-8.
std::string string_field(const nlohmann::json& body, const char* field, bool required);
std::int64_t integer_field(const nlohmann::json& object, const char* field, std::int64_t low,
                           std::int64_t high);
// A correspondence game's days per move: 1 to kMaxDaysPerMove, or 0 if absent or null.
constexpr std::int64_t kDayMs = 24LL * 3600 * 1000;
constexpr int kMaxDaysPerMove = 30;
int days_per_move_field(const nlohmann::json& body);
// players.white / players.black as checked_player_name takes them, else `fallback`.
std::string player_name(const nlohmann::json& body, const char* seat, const std::string& fallback);

// The seats `token` holds (none for an empty token): its digest against the stored ones,
// compared in constant time.
std::vector<games::Side> seats_of(const Match& match, const std::string& token);
bool holds(const std::vector<games::Side>& seats, games::Side c);

}  // namespace ordo::server
