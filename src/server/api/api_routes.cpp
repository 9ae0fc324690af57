#include "server/api/api_routes.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "server/api/health_routes.h"
#include "server/common/api_error.h"
#include "server/common/rate_limit.h"
#include "server/games/game_events.h"
#include "server/games/game_service.h"
#include "server/games/game_types.h"
#include "server/http/http_json.h"

namespace ordo::server {

using nlohmann::json;

namespace {

// The POST actions on a game: one line each (path suffix -> GameService member).
using Action = json (GameService::*)(const std::string&, const json&, std::int64_t);
const std::pair<const char*, Action> kGameActions[] = {
    {"/moves", &GameService::play},
    {"/undo", &GameService::undo},
    {"/resign", &GameService::resign},
    {"/abort", &GameService::abort},
    {"/claim-win", &GameService::claim_win},  // game_abandon.cpp
    {"/draw", &GameService::draw},
    {"/move-now", &GameService::move_now},
    {"/spectator-analysis", &GameService::allow_spectator_analysis},
    {"/chat", &GameService::chat},  // game_chat.cpp
    {"/chat-spectators", &GameService::allow_spectator_chat},
    {"/takeback", &GameService::takeback},  // game_offers.cpp
    {"/rematch", &GameService::rematch},    // game_offers.cpp
};

constexpr const char* kGame = "/api/games/{id}";

// GET /api/games's query: limit, offset, status, and ids (comma-separated).
GameService::ListQuery list_query(const HttpRequest& request) {
  GameService::ListQuery query;
  query.limit = query_int(request, "limit", 50);
  query.offset = query_int(request, "offset", 0);
  query.status = request.query_value("status").value_or("all");
  const std::string ids = request.query_value("ids").value_or("");
  for (std::size_t from = 0; from < ids.size();) {
    const std::size_t comma = std::min(ids.find(',', from), ids.size());
    if (comma > from) query.ids.push_back(ids.substr(from, comma - from));
    from = comma + 1;
    if (query.ids.size() > GameService::kMaxListedIds) break;  // list refuses it
  }
  return query;
}

// New games from one client address (guests need no account): at most this many in the
// window, so that no client can fill the disk with games (loopback clients excepted).
constexpr int kNewGamesPerAddress = 30;
constexpr std::int64_t kNewGamesWindowMs = 10 * 60 * 1000;

void limit_new_games(RateLimit& limit, const HttpRequest& request, std::int64_t now_ms) {
  if (is_local_client(request.client_address)) return;
  if (limit.allow(request.client_address, now_ms)) return;
  const std::int64_t wait_s = (limit.wait_ms(request.client_address, now_ms) + 999) / 1000;
  throw ApiError(
      429, "too_many_games",
      "too many new games from this address; try again in " + std::to_string(wait_s) + " s",
      static_cast<int>(wait_s));
}

void add_api(Router& router, GameService& games, Analyzer& analyzer) {
  auto new_games = std::make_shared<RateLimit>(kNewGamesPerAddress, kNewGamesWindowMs);
  router.add("POST", "/api/games",
             [&games, new_games](const HttpRequest& request, const Router::Params&) {
               const nlohmann::json body = json_body(request);
               limit_new_games(*new_games, request, games.now_ms());
               return json_response(201, games.create(body));
             });
  router.add("POST", "/api/games/import",
             [&games, new_games](const HttpRequest& request, const Router::Params&) {
               const nlohmann::json body = json_body(request);
               limit_new_games(*new_games, request, games.now_ms());
               return json_response(201, games.import_record(body));
             });
  router.add("GET", "/api/game-types", [](const HttpRequest&, const Router::Params&) {
    return json_response(200, game_types());
  });
  router.add("GET", "/api/games", [&games](const HttpRequest& request, const Router::Params&) {
    return json_response(200, games.list(list_query(request)));
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
      WorkKind::analysis);
}

// The account that acts where the body names no seat token (0: none, or no accounts).
// An action that changes the game needs the session's CSRF token; analysis changes
// nothing, and the seats only narrow what it shows.
std::int64_t acting_account(const SignedInAccount& signed_in, const HttpRequest& request,
                            const json& body, bool changes_state = true) {
  if (!signed_in) return 0;
  if (body.is_object() && body.contains("token") && body["token"].is_string() &&
      !body["token"].get<std::string>().empty())
    return 0;
  return signed_in(request, changes_state);
}

// Who reads a game: the query's token, else the account signed in.
SeatKey reader_key(const SignedInAccount& signed_in, const HttpRequest& request) {
  std::string token = request.query_value("token").value_or("");
  if (!token.empty() || !signed_in) return SeatKey(std::move(token));
  return SeatKey("", signed_in(request, false));
}

void add_game(Router& router, GameService& games, Analyzer& analyzer,
              const SignedInAccount& signed_in) {
  const std::string game = kGame;
  // Analysis of the game's own position, where the game's fairness allows it.
  router.add(
      "POST", game + "/analyze",
      [&games, &analyzer, signed_in](const HttpRequest& request, const Router::Params& id) {
        const json body = json_body(request);
        return json_response(200,
                             analyzer.analyze(games.analysis_request(
                                 id[0], body, acting_account(signed_in, request, body, false))));
      },
      WorkKind::analysis);
  router.add("GET", game,
             [&games, signed_in](const HttpRequest& request, const Router::Params& id) {
               return json_response(200, games.state(id[0], reader_key(signed_in, request)));
             });
  // The records are downloads: text named after the game, e.g. mughrabieh-match-ID.txt.
  struct Download {
    const char* suffix;
    std::string (GameService::*text_of)(const std::string&);
    const char* file_infix;
  };
  for (const Download& download :
       {Download{"/record", &GameService::record, "-"},
        Download{"/match-record", &GameService::match_record, "-match-"}}) {
    router.add("GET", game + download.suffix,
               [&games, download](const HttpRequest&, const Router::Params& id) {
                 HttpResponse response;
                 response.content_type = "text/plain; charset=utf-8";
                 response.body = (games.*download.text_of)(id[0]);
                 response.headers.emplace_back("Content-Disposition",
                                               "attachment; filename=\"" + games.game_of(id[0]) +
                                                   download.file_infix + id[0] + ".txt\"");
                 return response;
               });
  }
  for (const auto& [suffix, action] : kGameActions) {
    router.add(
        "POST", game + suffix,
        [&games, action = action, signed_in](const HttpRequest& request, const Router::Params& id) {
          const json body = json_body(request);
          return json_response(
              200, (games.*action)(id[0], body, acting_account(signed_in, request, body)));
        });
  }
  router.add("GET", game + "/events",
             [&games, signed_in](const HttpRequest& request, const Router::Params& id) {
               // 404 before the stream starts; the watch keeps the game in memory while it is
               // open, and the seats the token (or the account) holds count as connected.
               const SeatKey key = reader_key(signed_in, request);
               HttpResponse response;
               response.events = std::make_shared<GameEvents>(games, games.watch(id[0], key), key);
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
  router.add("GET", "/settings", index);
  router.add("GET", "/mail/verify", index);
  router.add("GET", "/mail/unsubscribe", index);
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

Router api_routes(GameService& games, Analyzer& analyzer, const StaticFiles& files,
                  SignedInAccount signed_in) {
  Router router;
  add_api(router, games, analyzer);
  add_game(router, games, analyzer, signed_in);
  add_health_routes(router, games);
  add_static(router, files);
  return router;
}

}  // namespace ordo::server
