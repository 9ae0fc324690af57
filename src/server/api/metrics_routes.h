// GET /metrics: the process's metrics in Prometheus's text format (server/observe/metrics.h),
// for the addresses `allowed` only (serve --metrics-from; loopback by default), and never
// through a proxy: a request that carries X-Forwarded-For is refused, so that a balancer on
// the same host does not open the metrics to the public.
#pragma once

#include <functional>

#include "server/http/address_allow_list.h"
#include "server/http/http_router.h"

namespace ordo::server {

class GameService;  // server/games/game_service.h

void add_metrics_routes(Router& router, GameService& games, AddressAllowList allowed,
                        std::function<int()> open_streams);

}  // namespace ordo::server
