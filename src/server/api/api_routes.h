// The routes of docs/api.md on a Router: the JSON API, the event streams (answered as an
// EventSource for the transport to keep open) and the page's files.
#pragma once

#include <cstdint>
#include <functional>

#include "server/games/analysis.h"
#include "server/http/http_router.h"
#include "server/http/static_files.h"

namespace ordo::server {

class GameService;  // server/games/game_service.h

// The account a request's session cookie names (0: none), with the CSRF checks where
// `changes_state` (ApiError 403 csrf). Where the server has accounts, a registered
// player's seats follow the account: a game's routes act and read for the seats it holds
// when the request names no seat token.
using SignedInAccount = std::function<std::int64_t(const HttpRequest&, bool changes_state)>;

// The router refers to `games`, `analyzer` and `files`, which must outlive it.
Router api_routes(GameService& games, Analyzer& analyzer, const StaticFiles& files,
                  SignedInAccount signed_in = {});

}  // namespace ordo::server
