// The load balancer's checks: GET /healthz (the process answers) and GET /readyz (it can
// reach its storage: 503 while it cannot, so the proxy sends players elsewhere).
#pragma once

#include "server/http/http_router.h"

namespace ordo::server {

class GameService;  // server/games/game_service.h

void add_health_routes(Router& router, GameService& games);

}  // namespace ordo::server
