// The lobby's routes (docs/api.md, "Lobby"). Posting, accepting, cancelling and
// declining act for the signed-in account, with the CSRF checks of csrf.h.
#pragma once

#include "server/http/http_router.h"
#include "server/players/accounts.h"
#include "server/players/lobby.h"

namespace ordo::server {

// The router refers to `lobby`, `accounts` and `games`, which must outlive it.
void add_lobby_routes(Router& router, Lobby& lobby, Accounts& accounts, PlayerGamesStorage& games);

}  // namespace ordo::server
