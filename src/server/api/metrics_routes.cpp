#include "server/api/metrics_routes.h"

#include "server/games/game_service.h"
#include "server/http/http_json.h"
#include "server/observe/metrics.h"

namespace ordo::server {

void add_metrics_routes(Router& router, GameService& games, AddressAllowList allowed,
                        std::function<int()> open_streams) {
  router.add("GET", "/metrics",
             [&games, allowed = std::move(allowed), open_streams = std::move(open_streams)](
                 const HttpRequest& request, const Router::Params&) {
               if (request.header("x-forwarded-for") || !allowed.allows(request.client_address))
                 return error_response(403, "forbidden",
                                       "metrics are served only to the addresses of "
                                       "serve --metrics-from (loopback by default)");
               Metrics& all = metrics();
               // States are read now, as the scrape asks.
               all.games_in_memory.Set(static_cast<double>(games.resident_count()));
               const GameService::EngineWork engines = games.engine_work();
               all.engine_searches_running.Set(engines.thinking);
               all.engine_moves_queued.Set(static_cast<double>(engines.waiting));
               if (open_streams) all.event_streams_open.Set(open_streams());
               HttpResponse response;
               response.content_type = kMetricsContentType;
               response.body = metrics_text();
               response.headers.emplace_back("Cache-Control", "no-store");
               return response;
             });
}

}  // namespace ordo::server
