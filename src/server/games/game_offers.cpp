// Takeback requests and rematches (see game_offers.h): the POST actions and what the
// state shows of them.
#include "server/games/game_offers.h"

#include "server/common/api_error.h"
#include "server/common/fair_dice.h"
#include "server/common/random_token.h"
#include "server/games/game_service.h"
#include "server/games/game_setup.h"
#include "server/games/match_keeping.h"
#include "server/games/request_fields.h"
#include "server/games/server_dice.h"

namespace ordo::server {

using nlohmann::json;

namespace {

std::string offer_action(const json& body, bool required) {
  std::string what = string_field(body, "action", required);
  if (what.empty()) what = "offer";
  if (what != "offer" && what != "accept" && what != "decline")
    throw ApiError(400, "bad_request", "'action' must be offer, accept or decline");
  return what;
}

json seat_or_null(const std::optional<games::Side>& seat) {
  return seat ? json(seat_name(*seat)) : json(nullptr);
}

std::optional<games::Side> seat_of(const json& stored, const char* key) {
  return stored.contains(key) && stored[key].is_string()
             ? seat_from_name(stored[key].get<std::string>())
             : std::nullopt;
}

// An answer that another instance beat is judged again on the stored game, so it gets
// the refusal one server gives (there is no offer left to answer, say).
template <typename Once>
json judged_once_more_if_stale(Once once) {
  try {
    return once();
  } catch (const StaleGame&) {
  }
  try {
    return once();
  } catch (const StaleGame&) {
    throw ApiError(409, "stale", "the game changed meanwhile; look at it again");
  }
}

}  // namespace

std::string GameOffers::to_text() const {
  json stored = json::object();
  if (takeback_by) {
    stored["takeback_by"] = seat_name(*takeback_by);
    stored["takeback_ply"] = takeback_ply;
  }
  if (rematch_by) stored["rematch_by"] = seat_name(*rematch_by);
  if (!rematch_id.empty()) stored["rematch_id"] = rematch_id;
  return stored.empty() ? std::string() : stored.dump();
}

GameOffers GameOffers::from_text(const std::string& text) {
  GameOffers offers;
  const json stored = json::parse(text, nullptr, false);
  if (!stored.is_object()) return offers;
  offers.takeback_by = seat_of(stored, "takeback_by");
  if (offers.takeback_by && stored.contains("takeback_ply") &&
      stored["takeback_ply"].is_number_unsigned())
    offers.takeback_ply = stored["takeback_ply"].get<std::size_t>();
  else
    offers.takeback_by.reset();
  offers.rematch_by = seat_of(stored, "rematch_by");
  if (stored.contains("rematch_id") && stored["rematch_id"].is_string())
    offers.rematch_id = stored["rematch_id"].get<std::string>();
  return offers;
}

std::optional<games::Side> pending_takeback(const Match& match) {
  const GameOffers& offers = match.offers;
  if (!offers.takeback_by || offers.takeback_ply != match.facts.size() || match.over())
    return std::nullopt;
  return offers.takeback_by;
}

std::size_t takeback_plies(const Match& match, games::Side seat) {
  const std::string name = seat_name(seat);
  for (std::size_t back = 1; back <= match.facts.size(); ++back)
    if (match.facts[match.facts.size() - back].by == name) return back;
  return 0;
}

void add_offer_state(const Match& match, json& state) {
  state["takeback_offer"] = seat_or_null(pending_takeback(match));
  state["rematch_offer"] = seat_or_null(match.offers.rematch_by);
  state["rematch"] =
      match.offers.rematch_id.empty() ? json(nullptr) : json(match.offers.rematch_id);
  state["connected"] = {{"white", match.presence.connected(games::Side::First)},
                        {"black", match.presence.connected(games::Side::Second)}};
}

json GameService::takeback(const std::string& id, const json& body, std::int64_t account) {
  return judged_once_more_if_stale([&] { return takeback_once(id, body, account); });
}

json GameService::rematch(const std::string& id, const json& body, std::int64_t account) {
  return judged_once_more_if_stale([&] { return rematch_once(id, body, account); });
}

json GameService::takeback_once(const std::string& id, const json& body, std::int64_t account) {
  const std::string what = offer_action(body, true);
  Action action = begin_action(id, body, account, IfOver::Refuse);
  Match& match = action.game();
  if (match.row.mode != "network")
    throw ApiError(409, "not_allowed",
                   "takeback requests are for network games; this one has undo");
  refuse_takebacks_with_dice(match);
  const games::Side seat = action.seats[0];
  const std::optional<games::Side> pending = pending_takeback(match);
  GameOffers next = match.offers;
  if (what == "offer") {
    if (pending == seat) return state_of(match, action.key);
    if (pending)
      throw ApiError(409, "offer_pending",
                     "the other player's takeback request is waiting for your answer");
    if (takeback_plies(match, seat) == 0)
      throw ApiError(409, "nothing_to_undo", "you have no move to take back");
    next.takeback_by = seat;
    next.takeback_ply = match.facts.size();
    commit_offers(match, next);
    return state_of(match, action.key);
  }
  if (!pending) throw ApiError(409, "no_takeback_offer", "there is no takeback request to answer");
  if (what != "decline" && *pending == seat)
    throw ApiError(403, "not_your_seat",
                   "the takeback request is yours; the other player answers it");
  // Declined by the other player, withdrawn by the one who asked, or accepted: the request
  // is answered once, by whoever stores its end first.
  const GameOffers before = match.offers;
  next.takeback_by.reset();
  commit_offers(match, next);
  if (what == "decline") return state_of(match, action.key);
  try {
    commit_undo(match, takeback_plies(match, *pending), action.now);
  } catch (...) {
    commit_offers(match, before);  // the request stands, to be accepted again
    throw;
  }
  return state_of(match, action.key);
}

json GameService::rematch_once(const std::string& id, const json& body, std::int64_t account) {
  const std::string what = offer_action(body, false);
  Action action = begin_action(id, body, account, IfOver::Allow);
  Match& match = action.game();
  if (!match.over()) throw ApiError(409, "not_over", "a rematch follows a finished game");
  // A block refuses a rematch both ways, as it refuses a challenge (declining stays open).
  const StoredGame& row = match.row;
  if (what != "decline" && row.white_account != 0 && row.black_account != 0 &&
      storage_.blocked_between(row.white_account, row.black_account))
    throw ApiError(403, "blocked", "one of the two players blocks the other");
  const GameOffers& offers = match.offers;
  if (!offers.rematch_id.empty()) return state_of(match, action.key);  // already agreed
  // A match that goes on needs no agreement: its next game was agreed with the match.
  if (what == "offer" && continue_match(match, action.now)) return state_of(match, action.key);
  // Against the engine, or one screen: the one person present decides alone.
  const bool alone = match.row.mode != "network";
  const games::Side seat = action.seats[0];
  if (what == "offer") {
    if (alone || (offers.rematch_by && *offers.rematch_by != seat)) {
      create_rematch(match, action.now);
    } else if (!offers.rematch_by) {
      GameOffers next = offers;
      next.rematch_by = seat;
      commit_offers(match, next);
    }
    return state_of(match, action.key);
  }
  if (!offers.rematch_by)
    throw ApiError(409, "no_rematch_offer", "there is no rematch offer to answer");
  if (what == "decline") {
    GameOffers next = offers;
    next.rematch_by.reset();
    commit_offers(match, next);
  } else {
    if (*offers.rematch_by == seat)
      throw ApiError(403, "not_your_seat",
                     "the rematch offer is yours; the other player answers it");
    create_rematch(match, action.now);
  }
  return state_of(match, action.key);
}

void GameService::create_rematch(Match& finished, std::int64_t now) {
  // The same game, rules, board, start, settings, clock and level, the seats swapped; a
  // lobby game's rematch is between the same accounts, rated as the first was. A match's
  // rematch is a new match of the same length.
  StoredGame row = following_row(finished.row, true, now);
  std::unique_ptr<games::AnyGame> start;
  if (const std::optional<MatchKeeping>& keeping = finished.keeping) {
    MatchKeeping fresh;
    fresh.target = keeping->target;
    fresh.first_id = row.id;
    fresh.rated = keeping->rated;
    row.rated = keeping->rated;
    games::GameSpec spec = spec_of(row);
    spec.options.erase("position");
    start = games::PointsMatch(spec, fresh.target).next_game();
    row.start = start->start_position();
    row.settings = with_match(row.settings, fresh);
  } else {
    start = games::make_game(spec_of(row));
  }
  add_following_game(finished, std::move(row), std::move(start), now);
}

}  // namespace ordo::server
