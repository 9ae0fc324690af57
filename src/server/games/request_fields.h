// Reading the fields of a request body (docs/api.md), each refusal an ApiError 400 that
// names the field, and the seats a token holds in a game.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
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

// Who acts or reads a game: a seat token, and the account signed in (0: none), whose
// session the routes checked. A registered player's seats follow the account to every
// device; a guest's seat is held by its token alone.
struct SeatKey {
  SeatKey() = default;
  SeatKey(std::string seat_token, std::int64_t signed_in = 0)  // NOLINT: a token converts
      : token(std::move(seat_token)), account(signed_in) {}
  std::string token;
  std::int64_t account = 0;
};

// The seats `key` holds (none for an empty key): the token's digest against the stored
// ones, compared in constant time, and the seats the signed-in account holds.
std::vector<games::Side> seats_of(const Match& match, const SeatKey& key);
bool holds(const std::vector<games::Side>& seats, games::Side c);

}  // namespace ordo::server
