// The load balancer's checks (health_routes.h) on either storage back end: /healthz
// answers while the process does, /readyz only while the storage does.
#include "server/api/health_routes.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/games/game_service.h"
#include "server_test_util.h"
#include "support/test_storage.h"

namespace ordo::server {
namespace {

int status_of(const Router& router, const std::string& path) {
  HttpRequest request;
  request.method = "GET";
  request.path = path;
  return router.handle(request).status;
}

TEST(HealthRoutes, HealthAnswersAndReadinessFollowsTheStorage) {
  testing::TempDir dir;
  const testing::TestDatabase database(dir.file("games.sqlite"));
  const auto storage = database.open();
  ServiceOptions options;
  options.clock_tick_ms = 0;
  GameService games(*storage, options);
  Router router;
  add_health_routes(router, games);
  EXPECT_EQ(status_of(router, "/healthz"), 200);
  EXPECT_EQ(status_of(router, "/readyz"), 200);
  // The games table out of reach (as a database that went away): not ready, still alive.
  database.execute("ALTER TABLE games RENAME TO games_away");
  EXPECT_EQ(status_of(router, "/readyz"), 503);
  EXPECT_EQ(status_of(router, "/healthz"), 200);
  database.execute("ALTER TABLE games_away RENAME TO games");
  EXPECT_EQ(status_of(router, "/readyz"), 200);
}

}  // namespace
}  // namespace ordo::server
