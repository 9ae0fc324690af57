// The requests on one game: the POST actions (after one shared prologue) and the reads.
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/games/game_setup.h"
#include "server/games/match_keeping.h"
#include "server/games/request_fields.h"
#include "server/storage/stored_result.h"

namespace ordo::server {

using nlohmann::json;

namespace {

// The engine accepts a draw offer when its score is within this margin (hundredths of a
// piece) of equality.
constexpr int kDrawAcceptMargin = 30;

// With both seats (local) the side to move acts.
games::Side acting_seat(const Match& match, const std::vector<games::Side>& seats) {
  return seats.size() == 2 ? match.to_move() : seats[0];
}

// The record's Date tag (YYYY.MM.DD, UTC) of a time in milliseconds since 1970.
std::string record_date(std::int64_t ms) {
  const std::chrono::sys_days day = std::chrono::floor<std::chrono::days>(
      std::chrono::sys_time<std::chrono::milliseconds>(std::chrono::milliseconds(ms)));
  const std::chrono::year_month_day date(day);
  char text[16];
  std::snprintf(text, sizeof text, "%04d.%02u.%02u", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
  return text;
}

}  // namespace

GameService::Action GameService::begin_action(const std::string& id, const json& body,
                                              std::int64_t account, IfOver if_over,
                                              Freshness freshness) {
  Action action;
  action.match = acquire(id);
  action.lock = std::unique_lock(action.match->mutex);
  // A token names its seats alone; without one, the account signed in acts for its own.
  action.key.token = string_field(body, "token", false);
  if (action.key.token.empty()) action.key.account = account;
  if (action.key.token.empty() && account == 0)
    throw ApiError(403, "bad_token",
                   "a seat token, or the account that holds a seat, is needed for this action");
  action.seats = seats_of(*action.match, action.key);
  if (action.seats.empty())
    throw ApiError(403, "bad_token",
                   action.key.token.empty() ? "your account holds no seat of this game"
                                            : "the token holds no seat of this game");
  refuse_disabled_seats(action);
  action.now = options_.now();
  // A flag that falls is stored at once, so it is judged on the stored game.
  if (freshness == Freshness::ReadFirst || falls_now(*action.match, action.now))
    refresh_if_stale(*action.match);
  end_on_time(*action.match, action.now);
  settle_chance(*action.match, action.now);  // a roll a failed write left owed
  if (if_over == IfOver::Refuse && action.match->aborted)
    throw ApiError(409, "game_over", "the game is over: it was aborted");
  if (if_over == IfOver::Refuse && action.match->over()) {
    const games::GameResult result = action.match->game->result();
    // A move that comes too late (a correspondence game's days, or a clock) is told so.
    if (ended_on_time(result))
      throw ApiError(409, "time_ran_out",
                     "the time for the move ran out, so the game is over: " + result.description);
    throw ApiError(409, "game_over", "the game is over: " + result.description);
  }
  return action;
}

void GameService::refuse_disabled_seats(const Action& action) {
  const StoredGame& row = action.match->row;
  for (games::Side seat : action.seats) {
    const std::int64_t account = seat == games::Side::First ? row.white_account : row.black_account;
    if (account == 0) continue;
    const auto holder = storage_.account_by_id(account);
    if (holder && holder->disabled)
      throw ApiError(403, "account_disabled", "this account has been disabled by the operator");
  }
}

json GameService::play(const std::string& id, const json& body, std::int64_t account) {
  // Judged first on the game as held in memory: storing the move checks, in the same
  // round trip to the database, that the stored game is that one.
  try {
    return play_once(id, body, account, Freshness::WhenStored);
  } catch (const StaleGame&) {
    // Another instance changed the game first.
  } catch (const ApiError& e) {
    // A refusal for the game's state may come from a copy another instance made stale.
    if (!storage_.shared() || (e.status() != 409 && e.status() != 422)) throw;
  }
  // Judged again on the game as it is stored now, as one server would judge it.
  try {
    return play_once(id, body, account, Freshness::ReadFirst);
  } catch (const StaleGame&) {
    throw ApiError(409, "stale", "the game changed meanwhile; look at it again");
  }
}

json GameService::play_once(const std::string& id, const json& body, std::int64_t account,
                            Freshness freshness) {
  const std::string text = string_field(body, "move", true);
  std::optional<std::int64_t> ply;
  if (body.contains("ply") && !body["ply"].is_null()) {
    if (!body["ply"].is_number_integer())
      throw ApiError(400, "bad_request", "'ply' must be an integer");
    ply = body["ply"].get<std::int64_t>();
  }
  Action action = begin_action(id, body, account, IfOver::Refuse, freshness);
  Match& match = action.game();
  const std::int64_t plies = static_cast<std::int64_t>(match.facts.size());
  if (ply && *ply != plies)
    throw ApiError(409, "stale",
                   "the move was meant for ply " + std::to_string(*ply) +
                       " but the game is at ply " + std::to_string(plies));
  const games::Side side = match.to_move();
  if (match.ai_color() == side) {
    if (match.ai_thinking) throw ApiError(409, "ai_thinking", "the engine is thinking");
    throw ApiError(409, "not_your_turn", "it is the engine's turn");
  }
  if (!holds(action.seats, side))
    throw ApiError(409, "not_your_turn",
                   std::string("it is ") + seat_name(side) + "'s turn, not yours");
  // The engine that answers must exist before the move is stored (a game stored by an
  // earlier version may have none that can play it).
  prepare_engine(match);
  commit_move(match, text, action.now);
  start_engine_if_its_turn(match);
  return state_of(match, action.key);
}

json GameService::undo(const std::string& id, const json& body, std::int64_t account) {
  Action action = begin_action(id, body, account, IfOver::Allow);
  Match& match = action.game();
  if (match.row.mode == "network")
    throw ApiError(409, "not_allowed", "a network game has no take-backs");
  refuse_takebacks_with_dice(match);
  if (match.over() && decided_by_players(match.game->result().termination))
    throw ApiError(409, "game_over", "the game is over: " + match.game->result().description);
  // Mode ai: take back the engine's answers and then one move of the player.
  const std::size_t count = match.facts.size();
  std::size_t take = 0;
  if (auto ai = match.ai_color()) {
    while (take < count && match.facts[count - 1 - take].by == seat_name(*ai)) ++take;
    if (take == count) throw ApiError(409, "nothing_to_undo", "you have no move to take back");
    ++take;
  } else {
    if (count == 0) throw ApiError(409, "nothing_to_undo", "there is no move to take back");
    take = 1;
  }
  commit_undo(match, take, action.now);
  start_engine_if_its_turn(match);
  return state_of(match, action.key);
}

json GameService::resign(const std::string& id, const json& body, std::int64_t account) {
  Action action = begin_action(id, body, account, IfOver::Refuse);
  Match& match = action.game();
  const games::Side loser = acting_seat(match, action.seats);
  commit_result(match, games::Ending::Resignation, loser, action.now);
  return state_of(match, action.key);
}

json GameService::draw(const std::string& id, const json& body, std::int64_t account) {
  const std::string what = string_field(body, "action", true);
  if (what != "offer" && what != "accept" && what != "decline")
    throw ApiError(400, "bad_request", "'action' must be offer, accept or decline");
  Action action = begin_action(id, body, account, IfOver::Refuse);
  Match& match = action.game();
  if (!games::game_info(match.row.game).draws)
    throw ApiError(409, "no_draws", std::string(match.game->game_title()) + " has no draws");
  const games::Side seat = acting_seat(match, action.seats);
  if (what == "offer") {
    if (match.ai_color()) {
      // The engine answers at once from its last score: equal enough, or it plays on.
      if (match.ai_score && std::abs(*match.ai_score) <= kDrawAcceptMargin)
        commit_result(match, games::Ending::Agreement, std::nullopt, action.now);
    } else if (match.draw_offer && *match.draw_offer != seat) {
      commit_result(match, games::Ending::Agreement, std::nullopt, action.now);
    } else if (!match.draw_offer) {
      commit_draw_offer(match, seat);
    }
    return state_of(match, action.key);
  }
  if (!match.draw_offer) throw ApiError(409, "no_draw_offer", "there is no draw offer to answer");
  if (action.seats.size() == 1 && *match.draw_offer == seat)
    throw ApiError(403, "not_your_seat", "the draw offer is yours; the other seat answers it");
  if (what == "accept")
    commit_result(match, games::Ending::Agreement, std::nullopt, action.now);
  else
    commit_draw_offer(match, std::nullopt);
  return state_of(match, action.key);
}

json GameService::move_now(const std::string& id, const json& body, std::int64_t account) {
  Action action = begin_action(id, body, account, IfOver::Allow);
  Match& match = action.game();
  const auto ai = match.ai_color();
  if (!ai) throw ApiError(409, "not_allowed", "only a game against the engine");
  if (match.over() || match.to_move() != *ai)
    throw ApiError(409, "not_thinking", "the engine is not thinking: it is not its turn");
  // The engine's turn with no search running yet (a game just loaded, a move storage
  // refused): it is settled now, and a search started here stops at once.
  if (!match.ai_thinking) settle_owed_move(match);
  if (match.ai_thinking)
    match.engine->stop();
  else if (storage_.shared())
    storage_.ask_to_move_now(id);  // it thinks on the instance that holds the game's lease
  return state_of(match, action.key);
}

json GameService::state(const std::string& id, const SeatKey& key) {
  auto match = acquire(id);
  std::lock_guard lock(match->mutex);
  refresh_if_stale(*match);
  // The players' switches live beside the game's row, which the check above does not
  // cover: a state asked for (not a stream's, which the database's notification keeps
  // current) reads them again where other instances may have changed them.
  if (storage_.shared()) match->chat.loaded = false;
  end_on_time(*match, options_.now());
  settle_chance(*match, options_.now());
  return state_of(*match, key);
}

std::string GameService::record(const std::string& id) {
  auto match = acquire(id);
  std::lock_guard lock(match->mutex);
  return record_of(*match);
}

std::string GameService::record_of(const Match& served) {
  const Match* match = &served;
  const games::AnyGame& game = *match->game;
  // The players' tags are named after the sides: White/Black, Order/Chaos.
  std::map<std::string, std::string> tags{
      {game.side_name(games::Side::First), match->row.white_name},
      {game.side_name(games::Side::Second), match->row.black_name},
      {"Date", record_date(match->row.created_ms)}};
  tags.merge(dice_tags(*match));
  if (match->keeping) tags.merge(match_tags(*match->keeping));
  return game.record(tags);
}

std::string GameService::game_of(const std::string& id) {
  auto match = acquire(id);
  std::lock_guard lock(match->mutex);
  return match->row.game;
}

GameService::Watch GameService::watch(const std::string& id) {
  auto match = acquire(id);
  {
    // Held now, so that the changes announced from here on are read (game_refresh.cpp).
    std::lock_guard lock(match->mutex);
    refresh_if_stale(*match);
  }
  return Watch(std::move(match));
}

GameService::Watch GameService::watch(const std::string& id, const SeatKey& key) {
  auto match = acquire(id);
  std::vector<games::Side> seats;
  {
    std::lock_guard lock(match->mutex);
    refresh_if_stale(*match);  // as above
    seats = seats_of(*match, key);
  }
  return Watch(match, presence_guard(match, std::move(seats)));
}

std::optional<json> GameService::next_state(const Watch& watch, const SeatKey& key,
                                            std::uint64_t& version,
                                            std::chrono::milliseconds wait) {
  Match& match = *watch.match_;
  std::unique_lock lock(match.mutex);
  auto ready = [&] { return streams_closed_.load() || match.version != version; };
  if (!ready()) match.changed.wait_for(lock, wait, ready);
  if (streams_closed_.load() || match.version == version) return std::nullopt;
  version = match.version;
  return state_of(match, key);
}

std::optional<json> GameService::next_state(const std::string& id, const SeatKey& key,
                                            std::uint64_t& version,
                                            std::chrono::milliseconds wait) {
  return next_state(watch(id), key, version, wait);
}

}  // namespace ordo::server
