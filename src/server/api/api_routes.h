// The routes of docs/api.md on a Router: the JSON API, the event streams (answered as an
// EventSource for the transport to keep open) and the page's files.
#pragma once

#include "server/games/analysis.h"
#include "server/http/http_router.h"
#include "server/http/static_files.h"

namespace ordo::server {

class GameService;  // server/games/game_service.h

// The router refers to `games`, `analyzer` and `files`, which must outlive it.
Router api_routes(GameService& games, Analyzer& analyzer, const StaticFiles& files);

}  // namespace ordo::server
