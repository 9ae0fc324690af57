// The changes to a game: a move, a result, an undo, a draw offer. Each is committed to
// storage (with when the next turn's clock falls) under the game's lock before anyone
// can see it, and a failed write is undone in memory: a refused or failed change leaves
// nothing behind, and a game dropped from memory comes back exactly as it was.
#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/storage/stored_result.h"

namespace ordo::server {

void GameService::commit_move(Match& match, const std::string& text, std::int64_t now) {
  const games::Side mover = match.to_move();
  std::string notation;
  try {
    notation = match.game->play(text);
  } catch (const games::MoveError& e) {
    throw ApiError(422, "illegal_move", std::string("illegal move: ") + e.what());
  }
  const std::optional<ChessClock> clock_before = match.clock;
  const std::int64_t turn_before = match.turn_started_ms;
  MoveFacts facts{seat_name(mover), std::max<std::int64_t>(0, now - match.turn_started_ms), {}};
  if (match.clock) facts.clock_after_ms = match.clock->press(index(mover), now);
  match.facts.push_back(facts);
  match.turn_started_ms = now;
  const StoredMove stored{static_cast<int>(match.facts.size()) - 1, notation, facts.by,
                          facts.think_ms, facts.clock_after_ms};
  const games::GameResult result = match.game->result();
  try {
    rate_match_at_its_end(match, result);
    storage_.append_move(match.row.id, stored, result.token, stored_reason(result), now,
                         flag_deadline(match), turn_before);
  } catch (...) {
    match.game->undo();
    match.facts.pop_back();
    match.clock = clock_before;
    match.turn_started_ms = turn_before;
    throw;
  }
  match.row.flag_at_ms = flag_deadline(match);
  match.draw_offer.reset();
  if (match.over()) {
    if (match.clock) match.clock->stop(now);
    release_engine(match);
  }
  match.touch();
  tell_seat_accounts(match);
  settle_chance(match, now);
  continue_match_if_over(match, now);
  tell_news(match);
}

void GameService::tell_seat_accounts(const Match& match) {
  account_changes_.changed(match.row.white_account);
  account_changes_.changed(match.row.black_account);
}

std::unique_ptr<games::AnyGame> GameService::ended_game(Match& match, games::Ending how,
                                                        std::optional<games::Side> loser) {
  std::unique_ptr<games::AnyGame> ended = match.game->clone();
  try {
    ended->end(how, loser);
  } catch (const games::GameError& e) {
    throw ApiError(409, "not_allowed", e.what());
  }
  return ended;
}

void GameService::adopt_result(Match& match, std::unique_ptr<games::AnyGame> ended,
                               std::int64_t now) {
  match.game = std::move(ended);
  settle_end(match, now);
  continue_match_if_over(match, now);
}

void GameService::settle_end(Match& match, std::int64_t now) {
  match.row.flag_at_ms = 0;
  if (match.clock) match.clock->stop(now);
  match.draw_offer.reset();
  cancel_engine(match);
  release_engine(match);
  match.touch();
  tell_seat_accounts(match);
  tell_news(match);
}

void GameService::commit_result(Match& match, games::Ending how, std::optional<games::Side> loser,
                                std::int64_t now) {
  // Resigned, agreed or timed out before each side moved: nothing was played to rate.
  if (abortable(match)) {
    commit_abort(match, now);
    return;
  }
  std::unique_ptr<games::AnyGame> ended = ended_game(match, how, loser);
  const games::GameResult result = ended->result();
  rate_match_at_its_end(match, result);
  storage_.set_result(match.row.id, result.token, stored_reason(result), now);
  adopt_result(match, std::move(ended), now);
}

void GameService::commit_undo(Match& match, std::size_t take, std::int64_t now) {
  std::unique_ptr<games::AnyGame> game_before = match.game->clone();
  const std::vector<MoveFacts> facts_before = match.facts;
  const std::optional<ChessClock> clock_before = match.clock;
  const std::int64_t turn_before = match.turn_started_ms;
  for (std::size_t i = 0; i < take; ++i) match.game->undo();
  match.facts.resize(match.facts.size() - take);
  restart_turn_clock(match, now);
  const games::GameResult result = match.game->result();
  try {
    storage_.truncate_moves(match.row.id, static_cast<int>(match.facts.size()), result.token,
                            stored_reason(result), now, flag_deadline(match));
  } catch (...) {
    match.game = std::move(game_before);
    match.facts = facts_before;
    match.clock = clock_before;
    match.turn_started_ms = turn_before;
    throw;
  }
  match.row.flag_at_ms = flag_deadline(match);
  cancel_engine(match);
  match.draw_offer.reset();
  match.touch();
  tell_seat_accounts(match);
}

void GameService::commit_draw_offer(Match& match, std::optional<games::Side> offer) {
  storage_.set_draw_offer(match.row.id, offer ? seat_name(*offer) : "");
  match.draw_offer = offer;
  match.touch();
}

void GameService::commit_offers(Match& match, const GameOffers& next) {
  // The stored text as read (match.row.offers) is what the write expects to replace.
  std::string text = next.to_text();
  storage_.set_offers(match.row.id, match.row.offers, text);
  match.row.offers = std::move(text);
  match.offers = next;
  match.touch();
}

bool GameService::falls_now(const Match& match, std::int64_t now) {
  if (!match.clock || match.over()) return false;
  const std::int64_t first_move_due = first_move_deadline(match);
  return match.clock->flagged(now).has_value() || (first_move_due > 0 && now >= first_move_due);
}

bool GameService::end_on_time(Match& match, std::int64_t now, bool leased) {
  if (!falls_now(match, now)) return false;
  const auto flagged = match.clock->flagged(now);
  // A first move overdue, or a clock fallen before its side ever moved: no loser.
  if (!flagged || abortable(match)) return commit_abort(match, now, leased);
  const games::Side loser = *flagged == 0 ? games::Side::First : games::Side::Second;
  if (!storage_.shared()) {
    commit_result(match, games::Ending::Timeout, loser, now);
    return true;
  }
  // Another instance may find the same fallen flag: the result is stored once, by
  // whoever is first (and by the timer only under the game's lease).
  std::unique_ptr<games::AnyGame> ended = ended_game(match, games::Ending::Timeout, loser);
  const games::GameResult result = ended->result();
  rate_match_at_its_end(match, result);
  if (!storage_.set_result_under_lease(match.row.id, result.token, stored_reason(result), now,
                                       leased ? leases_.holder() : "", now)) {
    refresh_if_stale(match);  // reads the other instance's result
    return false;
  }
  adopt_result(match, std::move(ended), now);
  return true;
}

}  // namespace ordo::server
