#include "server/api/api_routes.h"

#include <memory>
#include <utility>

#include "server/api/health_routes.h"
#include "server/games/game_events.h"
#include "server/games/game_service.h"
#include "server/games/game_types.h"
#include "server/http/http_json.h"

namespace ordo::server {

using nlohmann::json;

namespace {

// The POST actions on a game: one line each (path suffix -> GameService member).
using Action = json (GameService::*)(const std::string&, const json&);
const std::pair<const char*, Action> kGameActions[] = {
    {"/moves", &GameService::play},
    {"/undo", &GameService::undo},
    {"/resign", &GameService::resign},
    {"/draw", &GameService::draw},
    {"/move-now", &GameService::move_now},
    {"/spectator-analysis", &GameService::allow_spectator_analysis},
    {"/chat", &GameService::chat},  // game_chat.cpp
    {"/chat-spectators", &GameService::allow_spectator_chat},
    {"/takeback", &GameService::takeback},  // game_offers.cpp
    {"/rematch", &GameService::rematch},    // game_offers.cpp
};

constexpr const char* kGame = "/api/games/{id}";

void add_api(Router& router, GameService& games, Analyzer& analyzer) {
  router.add("POST", "/api/games", [&games](const HttpRequest& request, const Router::Params&) {
    return json_response(201, games.create(json_body(request)));
  });
  router.add("POST", "/api/games/import",
             [&games](const HttpRequest& request, const Router::Params&) {
               return json_response(201, games.import_record(json_body(request)));
             });
  router.add("GET", "/api/game-types", [](const HttpRequest&, const Router::Params&) {
    return json_response(200, game_types());
  });
  router.add("GET", "/api/games", [&games](const HttpRequest& request, const Router::Params&) {
    return json_response(
        200, games.list(query_int(request, "limit", 50), query_int(request, "offset", 0)));
  });
  router.add(
      "POST", "/api/analyze",
      [&analyzer, &games](const HttpRequest& request, const Router::Params&) {
        // The position of a live network game is refused here too, so that the game's
        // fairness cannot be bypassed through the free endpoint.
        return json_response(
            200, analyzer.analyze(json_body(request), [&games](const std::string& position) {
              games.refuse_live_network_position(position);
            }));
      },
      /*slow=*/true);
}

void add_game(Router& router, GameService& games, Analyzer& analyzer) {
  const std::string game = kGame;
  // Analysis of the game's own position, where the game's fairness allows it.
  router.add(
      "POST", game + "/analyze",
      [&games, &analyzer](const HttpRequest& request, const Router::Params& id) {
        return json_response(200,
                             analyzer.analyze(games.analysis_request(id[0], json_body(request))));
      },
      /*slow=*/true);
  router.add("GET", game, [&games](const HttpRequest& request, const Router::Params& id) {
    return json_response(200, games.state(id[0], request.query_value("token").value_or("")));
  });
  router.add("GET", game + "/record", [&games](const HttpRequest&, const Router::Params& id) {
    HttpResponse response;
    response.content_type = "text/plain; charset=utf-8";
    response.body = games.record(id[0]);
    response.headers.emplace_back(
        "Content-Disposition",
        "attachment; filename=\"" + games.game_of(id[0]) + "-" + id[0] + ".txt\"");
    return response;
  });
  for (const auto& [suffix, action] : kGameActions) {
    router.add("POST", game + suffix,
               [&games, action = action](const HttpRequest& request, const Router::Params& id) {
                 return json_response(200, (games.*action)(id[0], json_body(request)));
               });
  }
  router.add(
      "GET", game + "/events", [&games](const HttpRequest& request, const Router::Params& id) {
        // 404 before the stream starts; the watch keeps the game in memory while it is
        // open, and the seats the token holds count as connected (presence).
        const std::string token = request.query_value("token").value_or("");
        HttpResponse response;
        response.events = std::make_shared<GameEvents>(games, games.watch(id[0], token), token);
        return response;
      });
}

void add_static(Router& router, const StaticFiles& files) {
  auto index = [&files](const HttpRequest&, const Router::Params&) {
    auto file = files.find("index.html");
    if (!file)
      return error_response(404, "not_found",
                            "this server has no page: web/index.html was missing when it was "
                            "built (or from --web-dir)");
    HttpResponse response;
    response.content_type = file->content_type;
    response.body = std::move(file->content);
    return response;
  };
  router.add("GET", "/", index);
  router.add("GET", "/rules", index);
  router.add("GET", "/facts", index);
  router.add("GET", "/my", index);
  router.add("GET", "/ratings", index);
  router.add("GET", "/players/{name}", index);
  router.add("GET", "/play/{id}", index);
  router.add("GET", "/static/{path*}",
             [&files](const HttpRequest& request, const Router::Params& path) {
               auto file = files.find(path[0]);
               if (!file) return error_response(404, "not_found", "nothing at " + request.path);
               HttpResponse response;
               response.content_type = file->content_type;
               response.body = std::move(file->content);
               return response;
             });
}

}  // namespace

Router api_routes(GameService& games, Analyzer& analyzer, const StaticFiles& files) {
  Router router;
  add_api(router, games, analyzer);
  add_game(router, games, analyzer);
  add_health_routes(router, games);
  add_static(router, files);
  return router;
}

}  // namespace ordo::server
