// The state of a game as docs/api.md shows it.
#include <algorithm>

#include "server/game_service.h"
#include "server/ordo_rules.h"
#include "server/request_fields.h"

namespace ordo::server {

using nlohmann::json;

json GameService::state_of(Match& match, const std::string& token) {
  const StoredGame& row = match.row;
  json state = {
      {"id", row.id},     {"game", row.game},
      {"mode", row.mode}, {"rules", row.rules},
      {"size", row.size}, {"players", {{"white", row.white_name}, {"black", row.black_name}}}};
  json moves = json::array();
  for (const auto& f : match.facts) moves.push_back({{"by", f.by}, {"ms", f.think_ms}});
  state["moves"] = std::move(moves);
  add_ordo_state(match.game, state);
  if (match.clock) {
    const std::int64_t now = options_.now();
    json running = nullptr;
    if (auto seat = match.clock->running()) running = *seat == 0 ? "white" : "black";
    state["clock"] = {{"white_ms", std::max<std::int64_t>(0, match.clock->left_ms(0, now))},
                      {"black_ms", std::max<std::int64_t>(0, match.clock->left_ms(1, now))},
                      {"initial_ms", match.clock->initial_ms()},
                      {"increment_ms", match.clock->increment_ms()},
                      {"running", running},
                      {"server_time_ms", now}};
  } else {
    state["clock"] = nullptr;
  }
  if (auto ai = match.ai_color())
    state["ai"] = {
        {"color", seat_name(*ai)}, {"level", row.ai_level}, {"thinking", match.ai_thinking}};
  else
    state["ai"] = nullptr;
  state["draw_offer"] = match.draw_offer ? json(seat_name(*match.draw_offer)) : json(nullptr);
  json you = json::array();
  for (Color c : seats_of(match, token)) you.push_back(seat_name(c));
  state["you"] = you;
  return state;
}

}  // namespace ordo::server
