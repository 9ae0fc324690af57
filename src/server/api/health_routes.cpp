#include "server/api/health_routes.h"

#include <iostream>

#include "server/games/game_service.h"
#include "server/http/http_json.h"

namespace ordo::server {

void add_health_routes(Router& router, GameService& games) {
  router.add("GET", "/healthz", [](const HttpRequest&, const Router::Params&) {
    return json_response(200, {{"status", "ok"}});
  });
  router.add("GET", "/readyz", [&games](const HttpRequest&, const Router::Params&) {
    try {
      games.game_count();  // one query: the database answers
      return json_response(200, {{"status", "ready"}});
    } catch (const std::exception& e) {
      std::cerr << "warning: not ready: " << e.what() << '\n';
      return json_response(503, {{"status", "storage unavailable"}});
    }
  });
}

}  // namespace ordo::server
