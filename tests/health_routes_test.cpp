// The load balancer's checks (health_routes.h) on either storage back end: /healthz
// answers while the process does, /readyz only while the storage does.
#include "server/api/health_routes.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/common/storage_error.h"
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

// Reads may still work while writes fail (a full disk, a lock held elsewhere): a request
// that failed on storage makes the instance not ready for a while (issue 60).
TEST(HealthRoutes, ReadinessFailsWhileRequestsFailOnStorage) {
  testing::TempDir dir;
  const testing::TestDatabase database(dir.file("games.sqlite"));
  const auto storage = database.open();
  ServiceOptions options;
  options.clock_tick_ms = 0;
  GameService games(*storage, options);
  Router router;
  add_health_routes(router, games);
  router.add("POST", "/write", [&](const HttpRequest&, const Router::Params&) -> HttpResponse {
    throw StorageUnavailable("storage: disk I/O error", false);
  });
  EXPECT_EQ(status_of(router, "/readyz"), 200);
  HttpRequest write;
  write.method = "POST";
  write.path = "/write";
  EXPECT_EQ(router.handle(write).status, 503);
  EXPECT_EQ(status_of(router, "/readyz"), 503);
  EXPECT_EQ(status_of(router, "/healthz"), 200);
}

}  // namespace
}  // namespace ordo::server
