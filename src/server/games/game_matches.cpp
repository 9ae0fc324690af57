// Matches to a score (match_keeping.h): when a game of a match ends and the match goes on,
// its next game follows at once, between the same seats and tokens, begun by whom the
// game's rule names; the state says where the match stands.
#include <algorithm>
#include <iostream>
#include <utility>

#include "server/common/api_error.h"
#include "server/common/fair_dice.h"
#include "server/common/random_token.h"
#include "server/games/game_service.h"
#include "server/games/game_setup.h"
#include "server/games/match_keeping.h"
#include "server/games/server_dice.h"

namespace ordo::server {

using nlohmann::json;

namespace {

json score_json(int white, int black) {
  return {{"white", white}, {"black", black}};
}

json id_or_null(const std::string& id) {
  return id.empty() ? json(nullptr) : json(id);
}

}  // namespace

StoredGame GameService::following_row(const StoredGame& old, bool swap_seats, std::int64_t now) {
  StoredGame row;  // result, reason and offers start afresh
  row.id = make_game_id();
  row.game = old.game;
  row.mode = old.mode;
  row.rules = old.rules;
  row.size = old.size;
  row.start = old.start;
  row.settings = old.settings;
  // A game with dice gets dice of its own: a new seed, never the old one's rolls.
  if (!dice_of(old.settings).seed.empty())
    row.settings = with_dice(old.settings, {new_dice_seed(), 0});
  // Each token (stored as its digest) holds its seat, or with `swap_seats` the other one:
  // nobody needs a new link and no token is ever kept in clear.
  row.white_name = old.white_name;
  row.black_name = old.black_name;
  row.white_token = old.white_token;
  row.black_token = old.black_token;
  row.white_account = old.white_account;
  row.black_account = old.black_account;
  if (swap_seats) {
    std::swap(row.white_name, row.black_name);
    std::swap(row.white_token, row.black_token);
    std::swap(row.white_account, row.black_account);
  }
  row.clock_initial_ms = old.clock_initial_ms;
  row.clock_increment_ms = old.clock_increment_ms;
  row.days_per_move = old.days_per_move;
  row.rated = old.rated;
  row.ai_level = old.ai_level;
  row.ai_color = old.ai_color;
  if (auto ai = seat_from_name(old.ai_color); ai && swap_seats)
    row.ai_color = seat_name(*ai == games::Side::First ? games::Side::Second : games::Side::First);
  row.created_ms = row.updated_ms = row.turn_started_ms = now;
  return row;
}

void GameService::add_following_game(Match& finished, StoredGame row,
                                     std::unique_ptr<games::AnyGame> start, std::int64_t now) {
  auto next = std::make_shared<Match>(std::move(row), std::move(start));
  start_new_game_clock(*next, now);
  // Agreed once, by whoever stores the next game's id first; then that game is made.
  const GameOffers before = finished.offers;
  GameOffers agreed = before;
  agreed.rematch_by.reset();
  agreed.rematch_id = next->row.id;
  commit_offers(finished, agreed);
  try {
    add_game(next, {});
  } catch (...) {
    commit_offers(finished, before);  // no game was made: the offer stands
    throw;
  }
  std::lock_guard lock(next->mutex);
  settle_chance(*next, now);
  start_engine_if_its_turn(*next);
}

bool GameService::continue_match(Match& finished, std::int64_t now) {
  const std::optional<MatchKeeping>& keeping = finished.keeping;
  if (!keeping || finished.aborted || !finished.game->result().over()) return false;
  if (!finished.offers.rematch_id.empty()) return false;
  const MatchStanding standing =
      match_after(spec_of(finished.row), *keeping, finished.game->result());
  if (standing.over) return false;
  StoredGame row = following_row(finished.row, false, now);
  row.rated = keeping->rated;  // the game before was stored unrated, not being the last
  std::unique_ptr<games::AnyGame> start = standing.after.next_game();
  row.start = start->start_position();
  MatchKeeping next = following_keeping(*keeping, standing.after, finished.row.id);
  // A clock of total time is the match's: each seat goes on with the time it has left.
  if (finished.clock && finished.clock->kind() == ChessClock::Kind::Total)
    for (int seat = 0; seat < 2; ++seat)
      next.clock_left_ms[seat] = std::max<std::int64_t>(0, finished.clock->left_ms(seat, now));
  row.settings = with_match(row.settings, next);
  add_following_game(finished, std::move(row), std::move(start), now);
  return true;
}

void GameService::rate_match_at_its_end(Match& match, const games::GameResult& result) {
  if (!result.over()) return;
  const std::optional<MatchKeeping>& keeping = match.keeping;
  if (!keeping || !keeping->rated) return;
  const bool last = match_after(spec_of(match.row), *keeping, result).over;
  if (match.row.rated == last) return;
  storage_.set_rated(match.row.id, last);
  match.row.rated = last;
}

void GameService::continue_match_if_over(Match& finished, std::int64_t now) {
  if (!finished.over()) return;
  try {
    continue_match(finished, now);
  } catch (const StaleGame&) {
    refresh_if_stale(finished);  // another instance made the next game first
  } catch (const std::exception& e) {
    // The ending is stored; the next game is made by the next "next game" request.
    std::cerr << "warning: game " << finished.row.id
              << ": the match's next game is not made yet: " << e.what() << '\n';
  }
}

std::string GameService::match_record(const std::string& id) {
  std::string first;
  {
    auto match = acquire(id);
    std::lock_guard lock(match->mutex);
    const std::optional<MatchKeeping>& keeping = match->keeping;
    if (!keeping) throw ApiError(404, "not_a_match", "game " + id + " is no game of a match");
    first = keeping->first_id.empty() ? id : keeping->first_id;
  }
  std::string records;
  std::string next = first;
  // Each game names the next (its offers); a finished match's names its rematch, which
  // begins another match.
  for (int game_number = 1; !next.empty(); ++game_number) {
    auto match = acquire(next);
    std::lock_guard lock(match->mutex);
    const std::optional<MatchKeeping>& keeping = match->keeping;
    const std::string first_of_it =
        keeping && !keeping->first_id.empty() ? keeping->first_id : match->row.id;
    if (!keeping || first_of_it != first || keeping->game_number != game_number) break;
    if (!records.empty()) records += '\n';
    records += record_of(*match);
    next = match->offers.rematch_id;
  }
  return records;
}

void GameService::add_match_state(const Match& match, json& state) {
  const std::optional<MatchKeeping>& keeping = match.keeping;
  if (!keeping) {
    state["match"] = nullptr;
    return;
  }
  json about = {{"to", keeping->target},
                {"game", keeping->game_number},
                {"before", score_json(keeping->score[0], keeping->score[1])},
                {"score", score_json(keeping->score[0], keeping->score[1])},
                {"starter", seat_name(keeping->starter)},
                {"first", keeping->first_id.empty() ? match.row.id : keeping->first_id},
                {"previous", id_or_null(keeping->previous_id)},
                {"next", id_or_null(match.offers.rematch_id)},
                {"over", false},
                {"winner", nullptr},
                {"next_starter", nullptr},
                {"rated", keeping->rated},
                {"lost_on_time", false}};
  if (match.aborted) {
    about["over"] = true;  // an aborted game ends its match, with no winner
  } else if (const games::GameResult result = match.game->result(); result.over()) {
    const MatchStanding standing = match_after(spec_of(match.row), *keeping, result);
    const games::PointsMatch& after = standing.after;
    about["score"] = score_json(after.score(games::Side::First), after.score(games::Side::Second));
    about["over"] = standing.over;
    about["lost_on_time"] = standing.lost_on_time;
    if (standing.winner) about["winner"] = seat_name(*standing.winner);
    if (!standing.over) about["next_starter"] = seat_name(after.next_starter());
  }
  // The next game of a match that goes on is no rematch (the seats stay): `match.next`.
  if (!about["over"].get<bool>()) state["rematch"] = nullptr;
  state["match"] = std::move(about);
}

}  // namespace ordo::server
