#include "server/players/player_page.h"

#include <cmath>

#include "server/common/api_error.h"
#include "server/players/account_lookup.h"
#include "server/players/account_name.h"
#include "server/players/accounts.h"
#include "server/storage/glicko2.h"
#include "server/storage/stored_result.h"

namespace ordo::server {

using nlohmann::json;

namespace {

StoredAccount named(AccountStorage& accounts, const std::string& name) {
  const auto account = find_account(accounts, name);
  if (!account) throw ApiError(404, "no_such_player", "no player is named '" + name + "'");
  return *account;
}

json pool_json(const RatingPool& pool) {
  return json{{"game", pool.game}, {"rules", pool.rules}, {"size", pool.size}};
}

// What a rated game did to each seat's rating, rounded as the pages show ratings; null for
// a game that changed none (yet).
json rating_changes_json(const AccountGame& g) {
  if (!g.white_change || !g.black_change) return nullptr;
  const auto seat = [](const SeatRatingChange& c) {
    return json{{"before", std::lround(c.before)}, {"after", std::lround(c.after)}};
  };
  return json{{"white", seat(*g.white_change)}, {"black", seat(*g.black_change)}};
}

}  // namespace

std::string outcome_for(const StoredGame& row, const std::string& seat) {
  if (row.result == "*") return "ongoing";
  if (row.result == kAbortedScore) return "aborted";
  if (row.result == "1/2-1/2") return "draw";
  const bool white_won = row.result == "1-0";
  return white_won == (seat == "white") ? "win" : "loss";
}

json player_json(AccountStorage& accounts, PlayerGamesStorage& games, const std::string& name,
                 const PlayerGamesFilter& filter) {
  const StoredAccount account = named(accounts, name);
  json ratings = json::array();
  for (const PoolRating& r : games.ratings_of(account.id)) {
    json entry = pool_json(r.pool);
    entry["rating"] = r.rating;
    entry["deviation"] = r.deviation;
    entry["provisional"] = provisional(r.deviation);
    entry["games"] = r.games;
    ratings.push_back(std::move(entry));
  }
  json list = json::array();
  for (const AccountGame& g : games.games_of_account(account.id, false, kPlayerGamesShown)) {
    const StoredGame& row = g.game;
    const std::string seat = row.white_account == account.id ? "white" : "black";
    const std::string outcome = outcome_for(row, seat);
    if (filter.rules && row.rules != *filter.rules) continue;
    if (filter.result && outcome != *filter.result) continue;
    list.push_back({{"id", row.id},
                    {"game", row.game},
                    {"rules", row.rules},
                    {"size", row.size},
                    {"players",
                     {{"white", account_json(row.white_account, row.white_name)},
                      {"black", account_json(row.black_account, row.black_name)}}},
                    {"seat", seat},
                    {"score", row.result},
                    {"outcome", outcome},
                    {"rated", row.rated},
                    {"days_per_move", row.days_per_move > 0 ? json(row.days_per_move) : json()},
                    {"plies", g.plies},
                    {"rating_changes", rating_changes_json(g)},
                    {"updated", row.updated_ms}});
  }
  return json{{"account", account_json(account.id, account.name)},
              {"created", account.created_ms},
              {"ratings", std::move(ratings)},
              {"games", std::move(list)}};
}

json player_history(AccountStorage& accounts, PlayerGamesStorage& games, const std::string& name) {
  const StoredAccount account = named(accounts, name);
  json points = json::array();
  for (const RatingPoint& p : games.rating_history(account.id)) {
    json entry = pool_json(p.pool);
    entry["game_id"] = p.game_id;
    entry["before"] = p.before;
    entry["rating"] = p.rating;
    entry["deviation"] = p.deviation;
    entry["at"] = p.at_ms;
    points.push_back(std::move(entry));
  }
  return json{{"account", account_json(account.id, account.name)}, {"points", std::move(points)}};
}

}  // namespace ordo::server
