#include "server/api/health_routes.h"

#include <chrono>

#include "server/games/game_service.h"
#include "server/http/http_json.h"
#include "server/observe/log.h"
#include "server/observe/storage_outage.h"

namespace ordo::server {

namespace {
constexpr std::chrono::seconds kStorageFailureWindow{10};
}  // namespace

void add_health_routes(Router& router, GameService& games) {
  router.add("GET", "/healthz", [](const HttpRequest&, const Router::Params&) {
    return json_response(200, {{"status", "ok"}});
  });
  // Not ready while the database does not answer, or while requests fail on it (a full
  // disk, a lock held elsewhere, a lost connection: reads may still work then).
  router.add(
      "GET", "/readyz",
      [&games, failures = router.storage_failures()](const HttpRequest&, const Router::Params&) {
        try {
          if (failures->within(kStorageFailureWindow))
            return json_response(503, {{"status", "storage failing"}});
          games.game_count();  // one query: the database answers
          storage_outage_log().succeeded();
          return json_response(200, {{"status", "ready"}});
        } catch (const std::exception& e) {
          storage_outage_log().failed(e.what());
          return json_response(503, {{"status", "storage unavailable"}});
        }
      });
}

}  // namespace ordo::server
