#include "server/api/account_routes.h"

#include "server/common/api_error.h"
#include "server/http/http_json.h"
#include "server/storage/glicko2.h"

namespace ordo::server {

using nlohmann::json;

namespace {

// Account answers are private to their reader: never kept by a cache.
HttpResponse private_response(int status, const json& body, const std::string& set_cookie = "",
                              const std::string& device_cookie = "") {
  HttpResponse response = json_response(status, body);
  response.headers.emplace_back("Cache-Control", "no-store");
  for (const std::string& cookie : {set_cookie, device_cookie})
    if (!cookie.empty()) response.headers.emplace_back("Set-Cookie", cookie);
  return response;
}

using AccountAction = AccountAnswer (Accounts::*)(const HttpRequest&);
const std::pair<const char*, AccountAction> kAccountActions[] = {
    {"/api/accounts", &Accounts::register_account},
    {"/api/login", &Accounts::log_in},
    {"/api/logout", &Accounts::log_out},
    {"/api/account/password", &Accounts::change_password},
    {"/api/account/delete", &Accounts::delete_account},
};

std::string pool_part(const HttpRequest& request, const char* name) {
  const auto value = request.query_value(name);
  if (!value || value->empty() || value->size() > 32)
    throw ApiError(400, "bad_request",
                   std::string("'") + name + "' is required (at most 32 characters)");
  return *value;
}

json ratings_json(AccountStorage& storage, const HttpRequest& request) {
  const RatingPool pool{pool_part(request, "game"), pool_part(request, "rules"),
                        pool_part(request, "size")};
  const int limit = query_int(request, "limit", 100);
  if (limit < 1 || limit > 500) throw ApiError(400, "bad_request", "limit must be 1..500");
  json list = json::array();
  for (const StoredRating& r : storage.ratings(pool, limit))
    list.push_back({{"account", account_json(r.account_id, r.name)},
                    {"rating", r.rating},
                    {"deviation", r.deviation},
                    {"provisional", provisional(r.deviation)},
                    {"volatility", r.volatility},
                    {"games", r.games}});
  return json{{"game", pool.game}, {"rules", pool.rules}, {"size", pool.size}, {"ratings", list}};
}

}  // namespace

void add_account_routes(Router& router, Accounts& accounts, AccountStorage& storage) {
  // Slow: Argon2id takes a good part of a second and 64 MiB, so these run apart from the
  // moves (on the transport's pool for slow routes).
  for (const auto& [path, action] : kAccountActions)
    router.add(
        "POST", path,
        [&accounts, action = action](const HttpRequest& request, const Router::Params&) {
          const AccountAnswer answer = (accounts.*action)(request);
          return private_response(answer.status, answer.body, answer.set_cookie,
                                  answer.device_cookie);
        },
        WorkKind::hashing);
  router.add("GET", "/api/account", [&accounts](const HttpRequest& request, const Router::Params&) {
    return private_response(200, accounts.who(request));
  });
  router.add("GET", "/api/ratings", [&storage](const HttpRequest& request, const Router::Params&) {
    return json_response(200, ratings_json(storage, request));
  });
}

}  // namespace ordo::server
