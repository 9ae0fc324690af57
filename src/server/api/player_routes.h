// The routes about a player's own games and blocks (docs/api.md, "My games", "Blocks"):
// GET /api/my/games, and GET/POST /api/account/blocks (POST .../blocks/remove), for the
// signed-in account.
#pragma once

#include "server/http/http_router.h"
#include "server/players/accounts.h"
#include "server/storage/chat_storage.h"
#include "server/storage/player_games_storage.h"

namespace ordo::server {

// The router refers to what it is given, which must outlive it.
void add_player_routes(Router& router, Accounts& accounts, PlayerGamesStorage& games,
                       ChatStorage& blocks);

}  // namespace ordo::server
