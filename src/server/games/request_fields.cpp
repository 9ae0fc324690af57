#include "server/games/request_fields.h"

#include <algorithm>

#include "server/common/api_error.h"
#include "server/common/player_name.h"
#include "server/common/random_token.h"
#include "server/common/token_digest.h"
#include "server/common/utf8_text.h"

namespace ordo::server {

using nlohmann::json;

std::string string_field(const json& body, const char* field, bool required) {
  if (!body.is_object()) throw ApiError(400, "bad_request", "the body must be a JSON object");
  if (!body.contains(field) || body[field].is_null()) {
    if (required) throw ApiError(400, "bad_request", std::string("missing field '") + field + "'");
    return "";
  }
  if (!body[field].is_string())
    throw ApiError(400, "bad_request", std::string("'") + field + "' must be a string");
  std::string text = body[field].get<std::string>();
  // A parsed body is valid UTF-8; one built in code need not be, and nothing else may
  // reach storage or an answer.
  if (!is_valid_utf8(text))
    throw ApiError(400, "bad_request", std::string("'") + field + "' is not valid UTF-8");
  return text;
}

std::int64_t integer_field(const json& object, const char* field, std::int64_t low,
                           std::int64_t high) {
  if (!object.contains(field) || !object[field].is_number_integer())
    throw ApiError(400, "bad_request", std::string("'") + field + "' must be an integer");
  const auto value = object[field].get<std::int64_t>();
  if (value < low || value > high)
    throw ApiError(400, "bad_request",
                   std::string("'") + field + "' must be between " + std::to_string(low) + " and " +
                       std::to_string(high));
  return value;
}

int days_per_move_field(const json& body) {
  if (!body.contains("days_per_move") || body["days_per_move"].is_null()) return 0;
  return static_cast<int>(integer_field(body, "days_per_move", 1, kMaxDaysPerMove));
}

std::string player_name(const json& body, const char* seat, const std::string& fallback) {
  if (!body.contains("players") || body["players"].is_null()) return fallback;
  const json& players = body["players"];
  if (!players.is_object()) throw ApiError(400, "bad_request", "'players' must be an object");
  const std::string name = checked_player_name(string_field(players, seat, false));
  return name.empty() ? fallback : name;
}

std::vector<games::Side> seats_of(const Match& match, const SeatKey& key) {
  bool white = false, black = false;
  if (!key.token.empty()) {
    const std::string digest = token_digest(key.token);
    white = !match.row.white_token.empty() && tokens_equal(digest, match.row.white_token);
    black = !match.row.black_token.empty() && tokens_equal(digest, match.row.black_token);
  }
  if (key.account != 0) {
    white = white || match.row.white_account == key.account;
    black = black || match.row.black_account == key.account;
  }
  std::vector<games::Side> seats;
  if (white) seats.push_back(games::Side::First);
  if (black) seats.push_back(games::Side::Second);
  return seats;
}

bool holds(const std::vector<games::Side>& seats, games::Side c) {
  return std::find(seats.begin(), seats.end(), c) != seats.end();
}

}  // namespace ordo::server
