#include "server/api/lobby_routes.h"

#include "server/http/http_json.h"

namespace ordo::server {

using nlohmann::json;

namespace {

using ChallengeAction = json (Lobby::*)(const SignedIn&, const std::string&);
const std::pair<const char*, ChallengeAction> kChallengeActions[] = {
    {"/accept", &Lobby::accept},
    {"/cancel", &Lobby::cancel},
    {"/decline", &Lobby::decline},
};

}  // namespace

void add_lobby_routes(Router& router, Lobby& lobby, Accounts& accounts, PlayerGamesStorage& games) {
  router.add("GET", "/api/challenges",
             [&lobby, &accounts](const HttpRequest& request, const Router::Params&) {
               return private_json(200, lobby.list(accounts.signed_in(request, false)));
             });
  router.add("POST", "/api/challenges",
             [&lobby, &accounts](const HttpRequest& request, const Router::Params&) {
               const SignedIn who = accounts.require(request, true);
               return private_json(201, lobby.post(who, json_body(request)));
             });
  router.add("POST", "/api/challenges/quick",
             [&lobby, &accounts](const HttpRequest& request, const Router::Params&) {
               const SignedIn who = accounts.require(request, true);
               const json answer = lobby.quick(who, json_body(request));
               return private_json(answer["paired"].get<bool>() ? 200 : 201, answer);
             });
  for (const auto& [suffix, action] : kChallengeActions)
    router.add(
        "POST", std::string("/api/challenges/{id}") + suffix,
        [&lobby, &accounts, action = action](const HttpRequest& request, const Router::Params& id) {
          const SignedIn who = accounts.require(request, true);
          return private_json(200, (lobby.*action)(who, id[0]));
        });
  router.add("GET", "/api/lobby/events",
             [&lobby, &accounts](const HttpRequest& request, const Router::Params&) {
               HttpResponse response;
               response.events = lobby.events(accounts.signed_in(request, false));
               return response;
             });
  // Every page of a signed-in player: its own challenges as they close (taken, say), and
  // its games as they change (its turn, an end).
  router.add("GET", "/api/account/events",
             [&lobby, &accounts, &games](const HttpRequest& request, const Router::Params&) {
               HttpResponse response;
               response.events = lobby.account_events(accounts.require(request, false), games);
               return response;
             });
}

}  // namespace ordo::server
