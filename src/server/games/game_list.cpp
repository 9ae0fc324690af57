// GET /api/games: the public games, or the games a client names by id (GameService::ListQuery).
#include <algorithm>
#include <set>

#include "server/common/api_error.h"
#include "server/common/player_name.h"
#include "server/games/game_service.h"
#include "server/games/game_setup.h"

namespace ordo::server {

using nlohmann::json;

namespace {

json summary_json(const GameSummary& summary) {
  const StoredGame& g = summary.game;
  return {{"id", g.id},
          {"game", g.game},
          {"mode", g.mode},
          {"rules", g.rules},
          {"size", g.size},
          {"players",
           {{"white", cleaned_player_name(g.white_name)},
            {"black", cleaned_player_name(g.black_name)}}},
          {"rated", g.rated},
          {"result", g.result},
          {"reason", describe_stored(g.game, g.result, g.reason)},
          {"turns", summary.plies},
          {"created", g.created_ms},
          {"updated", g.updated_ms}};
}

void check_query(const GameService::ListQuery& query) {
  if (query.limit < 1 || query.limit > 500)
    throw ApiError(400, "bad_request", "limit must be 1..500");
  if (query.offset < 0) throw ApiError(400, "bad_request", "offset must not be negative");
  if (query.status != "all" && query.status != "playing" && query.status != "finished")
    throw ApiError(400, "bad_request", "status must be all, playing or finished");
  if (query.ids.size() > GameService::kMaxListedIds)
    throw ApiError(400, "bad_request",
                   "at most " + std::to_string(GameService::kMaxListedIds) + " ids at once");
}

}  // namespace

json GameService::list(const ListQuery& query) {
  check_query(query);
  json games = json::array();
  if (query.ids.empty()) {
    for (const auto& summary : storage_.list_public_games(query.status, query.limit, query.offset))
      games.push_back(summary_json(summary));
    return json{{"games", games}};
  }
  // The named games that exist, newest first; an unknown id is left out, not an error (a
  // browser may remember games a server no longer has).
  std::vector<GameSummary> named;
  for (const std::string& id : std::set<std::string>(query.ids.begin(), query.ids.end()))
    if (auto summary = storage_.game_summary(id)) named.push_back(std::move(*summary));
  std::ranges::sort(named, [](const GameSummary& a, const GameSummary& b) {
    return a.game.created_ms != b.game.created_ms ? a.game.created_ms > b.game.created_ms
                                                  : a.game.id > b.game.id;
  });
  for (const auto& summary : named) games.push_back(summary_json(summary));
  return json{{"games", games}};
}

}  // namespace ordo::server
