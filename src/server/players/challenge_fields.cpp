#include "server/players/challenge_fields.h"

#include "server/common/api_error.h"
#include "server/games/clock_settings.h"
#include "server/games/game_setup.h"
#include "server/games/match_keeping.h"
#include "server/games/request_fields.h"

namespace ordo::server {

using nlohmann::json;

namespace {

constexpr std::int64_t kMaxClockMs = 24LL * 3600 * 1000;

}  // namespace

json checked_setup(const json& body) {
  if (body.contains("position") && !body["position"].is_null())
    throw ApiError(400, "bad_request", "a challenge starts from the usual position");
  const GameSetup setup = setup_from_request(body);
  json out = {{"game", setup.game}, {"rules", setup.rules}, {"size", setup.size}};
  if (body.contains("clock") && !body["clock"].is_null()) {
    const json& clock = body["clock"];
    if (!clock.is_object()) throw ApiError(400, "bad_request", "'clock' must be an object or null");
    out["clock"] = {{"initial_ms", integer_field(clock, "initial_ms", 1000, kMaxClockMs)},
                    {"increment_ms", clock.contains("increment_ms")
                                         ? integer_field(clock, "increment_ms", 0, 3600 * 1000)
                                         : 0}};
    if (clock.contains("delay_ms"))
      out["clock"]["delay_ms"] = integer_field(clock, "delay_ms", 0, kMaxClockDelayMs);
  } else {
    out["clock"] = nullptr;
  }
  // Correspondence: days per move instead of a clock (the game checks it again).
  if (const int days = days_per_move_field(body); days > 0) {
    if (!out["clock"].is_null())
      throw ApiError(400, "bad_request", "a game has a clock or days per move, not both");
    out["days_per_move"] = days;
  } else {
    out["days_per_move"] = nullptr;
  }
  // A match to a score (docs/api.md, "Matches"), for a game played in such matches.
  out["match_to"] = nullptr;
  if (body.contains("match_to") && !body["match_to"].is_null()) {
    const auto target = integer_field(body, "match_to", 1, kMaxMatchTarget);
    try {
      games::PointsMatch({setup.game, {{"rules", setup.rules}}}, static_cast<int>(target));
    } catch (const games::GameError& e) {
      throw ApiError(400, "bad_request", std::string("no match to a score: ") + e.what());
    }
    out["match_to"] = target;
  }
  return out;
}

bool rated_field(const json& body) {
  if (!body.contains("rated") || body["rated"].is_null()) return false;
  if (!body["rated"].is_boolean())
    throw ApiError(400, "bad_request", "'rated' must be true or false");
  return body["rated"].get<bool>();
}

std::string color_field(const json& body) {
  const std::string color = string_field(body, "color", false);
  if (color.empty()) return "random";
  if (color != "white" && color != "black" && color != "random")
    throw ApiError(400, "bad_request", "'color' must be white, black or random");
  return color;
}

}  // namespace ordo::server
