// A player's page (docs/api.md, "Players"): GET /api/players/{name} (the account, its
// ratings and its games, filtered by rule set and result) and .../history (its rating
// after each rated game, for the page's chart).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/storage/account_storage.h"
#include "server/storage/player_games_storage.h"

namespace ordo::server {

constexpr int kPlayerGamesShown = 500;

struct PlayerGamesFilter {
  std::optional<std::string> rules;   // classic | x | … (the game's rule set)
  std::optional<std::string> result;  // win | loss | draw | ongoing
};

// The game's result for the account at `seat` (white | black): win, loss, draw, aborted
// or ongoing.
std::string outcome_for(const StoredGame& row, const std::string& seat);

// ApiError 404 no_such_player when no account has the name.
nlohmann::json player_json(AccountStorage& accounts, PlayerGamesStorage& games,
                           const std::string& name, const PlayerGamesFilter& filter);
nlohmann::json player_history(AccountStorage& accounts, PlayerGamesStorage& games,
                              const std::string& name);

}  // namespace ordo::server
