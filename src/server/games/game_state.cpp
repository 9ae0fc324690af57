// The state of a game as docs/api.md shows it.
#include <algorithm>
#include <cmath>

#include "server/games/analysis_state.h"
#include "server/games/game_service.h"
#include "server/games/game_setup.h"
#include "server/games/game_types.h"
#include "server/games/premove_moves.h"
#include "server/games/request_fields.h"
#include "server/storage/glicko2.h"
#include "server/storage/stored_result.h"

namespace ordo::server {

using nlohmann::json;

namespace {

// An aborted game's result: over, with no winner (the game itself is unfinished).
json aborted_json(const std::string& stored_reason) {
  const char* reason = stored_reason == kExpiredReason
                           ? "nobody moved in it for a long time, so it was closed unfinished"
                           : "it ended before each side had moved, so it is not rated";
  return json{{"score", kAbortedScore}, {"winner", nullptr}, {"reason", reason},
              {"house_rule", false},    {"points", 0},       {"by_players", true}};
}

json result_json(const games::GameResult& result, const std::string& game) {
  json winner = nullptr;
  if (result.outcome == games::Outcome::FirstWins) winner = "white";
  if (result.outcome == games::Outcome::SecondWins) winner = "black";
  return json{{"score", result.token},
              {"winner", winner},
              {"reason", result.over() ? result.description : ""},
              {"house_rule", result.over() && is_house_rule(game, result.termination)},
              // What the win scores in a game worth points (GameInfo::points); else 0.
              {"points", result.points},
              // Resigned, agreed or timed out: no take-back undoes that (the page's Undo).
              {"by_players", result.over() && decided_by_players(result.termination)}};
}

// The fields every game has: the moves and positions, whose turn, the legal moves and
// the result.
void add_game_state(const Match& match, json& state) {
  const games::AnyGame& game = *match.game;
  state["start"] = game.start_position();
  // Kept out of the resident game (memory): made again for each state.
  const std::vector<std::string> positions = game.positions_after();
  const std::vector<std::string> moves = game.moves();
  const std::vector<games::MoveMarks> marks = game.marks_after();
  json& entries = state["moves"];
  for (std::size_t i = 0; i < moves.size(); ++i) {
    entries[i]["move"] = moves[i];
    entries[i]["position"] = positions[i];
    entries[i]["marks"] = marks_json(marks[i]);
  }
  state["position"] = game.position();
  state["to_move"] = seat_name(match.to_move());
  state["ply"] = moves.size();
  json legal = json::array();
  if (!match.aborted)
    for (std::string& move : game.legal_moves()) legal.push_back(std::move(move));
  state["legal"] = std::move(legal);
  state["result"] =
      match.aborted ? aborted_json(match.row.reason) : result_json(game.result(), match.row.game);
  // Until each side has moved, a player may abort instead of resigning (game_abort.cpp).
  state["abortable"] = abortable(match);
  state["sides"] = {{"white", game.side_name(games::Side::First)},
                    {"black", game.side_name(games::Side::Second)}};
  state["draws"] = games::game_info(game.game_name()).draws;
  state["about"] = game_type_of(game.game_name());
}

}  // namespace

void GameService::add_rating_state(Match& match, json& state) {
  const StoredGame& row = match.row;
  auto account = [](std::int64_t id) { return id == 0 ? json(nullptr) : json(id); };
  state["accounts"] = {{"white", account(row.white_account)},
                       {"black", account(row.black_account)}};
  state["rated"] = row.rated;
  json changes = nullptr;
  if (row.rated && match.over()) {
    changes = json::object();
    for (const RatingChange& c : storage_.rating_changes(row.id))
      changes[c.seat] = {{"before", c.before},
                         {"after", c.after},
                         {"change", c.after - c.before},
                         {"deviation", c.deviation_after}};
  }
  state["rating_changes"] = changes;
  add_seat_ratings(match, changes, state);
}

// Beside each registered player's name: the rating in the game's pool (rules and size
// too), with "provisional" while its deviation is large. A rated game that has ended
// shows the ratings it left (its changes are in rating_changes); any other, the ratings
// read when it was first shown here, once, not at each state.
void GameService::add_seat_ratings(Match& match, const json& changes, json& state) {
  const StoredGame& row = match.row;
  if (!row.white_account && !row.black_account) {
    state["ratings"] = nullptr;
    return;
  }
  auto shown = [](double rating, double deviation) {
    return json{{"rating", static_cast<int>(std::lround(rating))},
                {"provisional", provisional(deviation)}};
  };
  if (changes.is_object() && !changes.empty()) {
    json after = {{"white", nullptr}, {"black", nullptr}};
    for (const auto& [seat, change] : changes.items())
      after[seat] = shown(change["after"], change["deviation"]);
    state["ratings"] = after;
    return;
  }
  if (!match.seat_ratings) {
    json ratings = {{"white", nullptr}, {"black", nullptr}};
    for (const auto& [seat, account] :
         {std::pair{"white", row.white_account}, std::pair{"black", row.black_account}}) {
      if (!account) continue;
      const PoolRating r = rating_in_pool(account, {row.game, row.rules, row.size});
      ratings[seat] = shown(r.rating, r.deviation);
    }
    match.seat_ratings = std::move(ratings);
  }
  state["ratings"] = *match.seat_ratings;
}

PoolRating GameService::rating_in_pool(std::int64_t account, const RatingPool& pool) {
  for (PoolRating& r : storage_.ratings_of(account))
    if (r.pool.game == pool.game && r.pool.rules == pool.rules && r.pool.size == pool.size)
      return r;
  return {pool, 1500, kGlicko2MaxDeviation, 0};  // no rated game in this pool yet
}

json GameService::state_of(Match& match, const SeatKey& key) {
  const StoredGame& row = match.row;
  json state = {
      {"id", row.id},     {"game", row.game},
      {"mode", row.mode}, {"rules", row.rules},
      {"size", row.size}, {"players", {{"white", row.white_name}, {"black", row.black_name}}}};
  json moves = json::array();
  for (const auto& f : match.facts) moves.push_back({{"by", f.by}, {"ms", f.think_ms}});
  state["moves"] = std::move(moves);
  add_game_state(match, state);
  add_board_state(*match.game, state);
  add_dice_state(match, state);
  if (match.clock) {
    const std::int64_t now = options_.now();
    json running = nullptr;
    if (auto seat = match.clock->running()) running = *seat == 0 ? "white" : "black";
    state["clock"] = {
        {"white_ms", std::max<std::int64_t>(0, match.clock->left_ms(0, now))},
        {"black_ms", std::max<std::int64_t>(0, match.clock->left_ms(1, now))},
        {"initial_ms", match.clock->initial_ms()},
        {"increment_ms", match.clock->increment_ms()},
        // Each turn's first delay_ms are free; delay_left_ms is what is left of the running
        // turn's at server_time_ms.
        {"delay_ms", match.clock->delay_ms()},
        {"delay_left_ms", match.clock->delay_left_ms(now)},
        {"running", running},
        {"days_per_move", row.days_per_move > 0 ? json(row.days_per_move) : json()},
        {"deadline_ms", flag_deadline(match) > 0 ? json(flag_deadline(match)) : json()},
        // White's untimed first turn ends here: no move by then aborts the game.
        {"first_move_deadline_ms",
         first_move_deadline(match) > 0 ? json(first_move_deadline(match)) : json()},
        {"server_time_ms", now}};
  } else {
    state["clock"] = nullptr;
  }
  if (auto ai = match.ai_color())
    state["ai"] = {
        {"color", seat_name(*ai)}, {"level", row.ai_level}, {"thinking", match.ai_thinking}};
  else
    state["ai"] = nullptr;
  state["draw_offer"] = match.draw_offer ? json(seat_name(*match.draw_offer)) : json(nullptr);
  add_rating_state(match, state);
  know_presence_elsewhere(match);
  add_offer_state(match, state);
  add_match_state(match, state);
  const std::vector<games::Side> seats = seats_of(match, key);
  json you = json::array();
  for (games::Side c : seats) you.push_back(seat_name(c));
  state["you"] = you;
  if (row.mode == "network") load_chat(match);  // the players' switches, analysis's too
  state["analysis"] = analysis_state(match, seats);
  add_premove_state(match, seats, state);
  add_chat_state(match, seats, state);
  add_claim_state(match, seats, state);
  return state;
}

}  // namespace ordo::server
