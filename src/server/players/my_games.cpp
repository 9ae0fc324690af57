#include "server/players/my_games.h"

#include <algorithm>

#include "server/players/accounts.h"
#include "server/players/player_page.h"

namespace ordo::server {

using nlohmann::json;

std::string seat_to_move(const AccountGame& game) {
  return game.last_mover == "white" ? "black" : "white";
}

namespace {

struct Listed {
  json entry;
  bool your_turn = false;
  std::int64_t deadline = 0;  // 0: none
  std::int64_t updated = 0;
};

Listed listed(const AccountGame& g, std::int64_t account) {
  const StoredGame& row = g.game;
  const std::string you = row.white_account == account ? "white" : "black";
  const std::string to_move = seat_to_move(g);
  Listed out;
  out.your_turn = to_move == you;
  out.deadline = row.flag_at_ms;
  out.updated = row.updated_ms;
  json clock = nullptr;
  if (row.days_per_move == 0 && row.clock_initial_ms > 0)
    clock = {{"initial_ms", row.clock_initial_ms}, {"increment_ms", row.clock_increment_ms}};
  out.entry = {
      {"id", row.id},
      {"game", row.game},
      {"rules", row.rules},
      {"size", row.size},
      {"players",
       {{"white", account_json(row.white_account, row.white_name)},
        {"black", account_json(row.black_account, row.black_name)}}},
      {"you", you},
      {"to_move", to_move},
      {"your_turn", out.your_turn},
      {"rated", row.rated},
      {"clock", clock},
      {"days_per_move", row.days_per_move > 0 ? json(row.days_per_move) : json()},
      {"deadline_ms", row.flag_at_ms > 0 ? json(row.flag_at_ms) : json()},
      {"plies", g.plies},
      {"updated", row.updated_ms},
  };
  return out;
}

// Your turn first; among those the nearest deadline first (none last), then the longest
// waiting; the others the latest changed first.
bool shown_before(const Listed& a, const Listed& b) {
  if (a.your_turn != b.your_turn) return a.your_turn;
  if (a.your_turn) {
    const auto due = [](const Listed& l) { return l.deadline > 0 ? l.deadline : INT64_MAX; };
    if (due(a) != due(b)) return due(a) < due(b);
    return a.updated < b.updated;
  }
  return a.updated > b.updated;
}

// The finished games of the last week, latest first, each with its result for the account.
json finished_games(PlayerGamesStorage& storage, std::int64_t account, std::int64_t now_ms) {
  json finished = json::array();
  for (const AccountGame& g : storage.games_of_account(account, false, kMyGamesShown)) {
    const StoredGame& row = g.game;
    if (row.result == "*") continue;
    // Listed latest first: the rest are older still.
    if (row.updated_ms < now_ms - kMyFinishedGamesKeptMs) break;
    json entry = listed(g, account).entry;
    const std::string you = entry["you"];
    entry["result"] = row.result;
    entry["reason"] = row.reason;
    entry["outcome"] = outcome_for(row, you);
    entry["your_turn"] = false;
    entry["deadline_ms"] = nullptr;
    finished.push_back(std::move(entry));
    if (finished.size() == kMyFinishedGamesShown) break;
  }
  return finished;
}

}  // namespace

json my_games(PlayerGamesStorage& storage, std::int64_t account, std::int64_t now_ms) {
  std::vector<Listed> all;
  for (const AccountGame& g : storage.games_of_account(account, true, kMyGamesShown))
    all.push_back(listed(g, account));
  std::stable_sort(all.begin(), all.end(), shown_before);
  json games = json::array();
  int your_turn = 0;
  for (auto& l : all) {
    your_turn += l.your_turn ? 1 : 0;
    games.push_back(std::move(l.entry));
  }
  return json{{"games", std::move(games)},
              {"your_turn", your_turn},
              {"finished", finished_games(storage, account, now_ms)}};
}

}  // namespace ordo::server
