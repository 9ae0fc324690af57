// Fairness of the engine's analysis: who may see it for a game's position. Analysis
// belongs to finished games, games against the engine and one-screen games; in a live
// network game a seated player never sees it, and spectators only while both players
// allow it (each seat's switch, stored with the game like the chat's, chat_storage.h, and
// read with it: every instance answers alike). The free POST /api/analyze
// refuses the position of a live network game, so it is no way around this.
#include "server/common/api_error.h"
#include "server/games/analysis_state.h"
#include "server/games/game_service.h"
#include "server/games/request_fields.h"

namespace ordo::server {

using nlohmann::json;

namespace {

// Why the holder of `seats` may not see analysis of `match` now; empty if they may.
std::string analysis_refusal(const Match& match, const std::vector<games::Side>& seats) {
  if (match.over() || match.row.mode != "network") return "";
  if (!seats.empty()) return "a player of a live network game may not see the engine's analysis";
  if (match.spectator_analysis[0] && match.spectator_analysis[1]) return "";
  return "spectators see the engine's analysis only if both players allow it";
}

}  // namespace

json analysis_state(const Match& match, const std::vector<games::Side>& seats) {
  return {{"allowed", analysis_refusal(match, seats).empty()},
          {"spectators",
           {{"white", match.spectator_analysis[0]}, {"black", match.spectator_analysis[1]}}}};
}

json GameService::analysis_request(const std::string& id, const json& body, std::int64_t account) {
  const std::shared_ptr<Match> match = acquire(id);
  std::lock_guard lock(match->mutex);
  const std::string token = string_field(body, "token", false);
  const std::vector<games::Side> seats =
      seats_of(*match, SeatKey(token, token.empty() ? account : 0));
  if (!token.empty() && seats.empty())
    throw ApiError(403, "bad_token", "the token holds no seat of this game");
  end_on_time(*match, options_.now());
  if (match->row.mode == "network") {
    // The switches as stored now: another instance may have changed them.
    if (storage_.shared()) match->chat.loaded = false;
    load_chat(*match);
  }
  if (const std::string refusal = analysis_refusal(*match, seats); !refusal.empty())
    throw ApiError(403, "analysis_not_allowed", refusal);
  const std::vector<std::string> positions = match->game->positions_after();
  const auto plies = static_cast<std::int64_t>(positions.size());
  const std::int64_t ply =
      body.contains("ply") && !body["ply"].is_null() ? integer_field(body, "ply", 0, plies) : plies;
  json request = {{"game", match->row.game},
                  {"rules", match->row.rules},
                  {"size", match->row.size},
                  {"position", ply == 0 ? match->game->start_position()
                                        : positions[static_cast<std::size_t>(ply - 1)]}};
  if (body.contains("movetime_ms")) request["movetime_ms"] = body["movetime_ms"];
  return request;
}

void GameService::refuse_live_network_position(const std::string& position) {
  // A game being played has its players' event streams open, so it is in memory.
  for (const std::shared_ptr<Match>& match : cache_.resident()) {
    std::lock_guard lock(match->mutex);
    if (match->row.mode == "network" && !match->over() && match->game->position() == position)
      throw ApiError(403, "analysis_not_allowed",
                     "this position is being played in a live network game; ask through the "
                     "game (POST /api/games/{id}/analyze), which says who may see it");
  }
}

json GameService::allow_spectator_analysis(const std::string& id, const json& body,
                                           std::int64_t account) {
  if (!body.contains("allow") || !body["allow"].is_boolean())
    throw ApiError(400, "bad_request", "'allow' must be true or false");
  Action action = begin_action(id, body, account, IfOver::Allow);
  Match& match = action.game();
  if (match.row.mode != "network")
    throw ApiError(409, "not_allowed", "only a network game has this switch");
  load_chat(match);
  const bool allow = body["allow"].get<bool>();
  for (games::Side seat : action.seats) {
    storage_.set_spectator_analysis(match.row.id, seat_name(seat), allow);
    match.spectator_analysis[seat == games::Side::First ? 0 : 1] = allow;
  }
  match.touch();
  return state_of(match, action.key);
}

}  // namespace ordo::server
