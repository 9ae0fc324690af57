#include "server/api/player_routes.h"

#include "server/common/api_error.h"
#include "server/games/request_fields.h"
#include "server/http/http_json.h"
#include "server/players/account_lookup.h"
#include "server/players/account_name.h"
#include "server/players/my_games.h"
#include "server/players/player_page.h"

namespace ordo::server {

using nlohmann::json;

namespace {

json blocks_json(ChatStorage& blocks, std::int64_t owner) {
  json list = json::array();
  for (const auto& [id, name] : blocks.blocks_of(owner)) list.push_back(account_json(id, name));
  return json{{"blocks", list}};
}

// The account a block request names ({name}); ApiError 404 if there is none.
StoredAccount named_account(Accounts& accounts, const HttpRequest& request, const SignedIn& who) {
  const std::string name = string_field(json_body(request), "name", true);
  const auto account = find_account(accounts.storage(), name);
  if (!account) throw ApiError(404, "no_such_player", "no player is named '" + name + "'");
  if (account->id == who.id) throw ApiError(400, "bad_request", "one cannot block oneself");
  return *account;
}

}  // namespace

void add_player_routes(Router& router, Accounts& accounts, PlayerGamesStorage& games,
                       ChatStorage& blocks) {
  router.add("GET", "/api/my/games",
             [&accounts, &games](const HttpRequest& request, const Router::Params&) {
               const SignedIn who = accounts.require(request, false);
               return private_json(200, my_games(games, who.id, accounts.options().now()));
             });
  // Public: a player's page is for everyone, guests too.
  router.add(
      "GET", "/api/players/{name}",
      [&accounts, &games](const HttpRequest& request, const Router::Params& name) {
        PlayerGamesFilter filter;
        if (auto rules = request.query_value("rules"); rules && !rules->empty())
          filter.rules = *rules;
        if (auto result = request.query_value("result"); result && !result->empty()) {
          if (*result != "win" && *result != "loss" && *result != "draw" && *result != "ongoing")
            throw ApiError(400, "bad_request", "'result' is win, loss, draw or ongoing");
          filter.result = *result;
        }
        return json_response(200, player_json(accounts.storage(), games, name[0], filter));
      });
  router.add("GET", "/api/players/{name}/history",
             [&accounts, &games](const HttpRequest&, const Router::Params& name) {
               return json_response(200, player_history(accounts.storage(), games, name[0]));
             });
  router.add("GET", "/api/account/blocks",
             [&accounts, &blocks](const HttpRequest& request, const Router::Params&) {
               const SignedIn who = accounts.require(request, false);
               return private_json(200, blocks_json(blocks, who.id));
             });
  router.add("POST", "/api/account/blocks",
             [&accounts, &blocks](const HttpRequest& request, const Router::Params&) {
               const SignedIn who = accounts.require(request, true);
               const StoredAccount other = named_account(accounts, request, who);
               blocks.block(who.id, other.id, accounts.options().now());
               return private_json(200, blocks_json(blocks, who.id));
             });
  router.add("POST", "/api/account/blocks/remove",
             [&accounts, &blocks](const HttpRequest& request, const Router::Params&) {
               const SignedIn who = accounts.require(request, true);
               const StoredAccount other = named_account(accounts, request, who);
               blocks.unblock(who.id, other.id);
               return private_json(200, blocks_json(blocks, who.id));
             });
}

}  // namespace ordo::server
