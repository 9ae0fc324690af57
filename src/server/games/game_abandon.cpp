// Claiming the win from a player who left (docs/api.md, `/claim-win`): in a live game
// between two people that each side has moved in, once one player has had the game open
// nowhere (no event stream on any instance) for ServiceOptions::claim_after_leaving_ms,
// the other may end it as a win. The state's claim_win_in_ms tells the player who stayed
// when, so that the page can count down. Correspondence games have their days per move
// instead; a game nobody has moved in yet is aborted, not claimed.
#include <algorithm>
#include <string>

#include "server/common/api_error.h"
#include "server/games/game_service.h"

namespace ordo::server {

using nlohmann::json;

json GameService::claim_win(const std::string& id, const json& body, std::int64_t account) {
  Action action = begin_action(id, body, account, IfOver::Refuse);
  Match& match = action.game();
  if (match.row.mode != "network" || action.seats.size() != 1)
    throw ApiError(409, "not_allowed", "only a player of a game between two people can claim it");
  if (match.row.days_per_move > 0)
    throw ApiError(409, "not_allowed",
                   "a correspondence game is not claimed: the days per move decide it");
  if (abortable(match))
    throw ApiError(409, "abort_instead",
                   "each side has not moved yet: abort the game instead, with no rating change");
  const games::Side seat = action.seats[0], opponent = games::other(seat);
  know_presence_elsewhere(match);
  match.presence.observe(action.now);
  if (match.presence.connected(opponent))
    throw ApiError(409, "opponent_present", "your opponent has the game open");
  const std::int64_t at = claim_win_at(match, seat, options_.claim_after_leaving_ms);
  if (action.now < at) {
    const std::int64_t gone_s = (action.now - (at - options_.claim_after_leaving_ms)) / 1000;
    const std::int64_t wait_s = (at - action.now + 999) / 1000;
    throw ApiError(409, "too_early",
                   "your opponent left " + std::to_string(gone_s) +
                       " s ago; the win may be claimed in " + std::to_string(wait_s) + " s");
  }
  commit_result(match, games::Ending::Abandonment, opponent, action.now);
  return state_of(match, action.key);
}

void GameService::add_claim_state(Match& match, const std::vector<games::Side>& seats,
                                  json& state) {
  const std::int64_t now = options_.now();
  match.presence.observe(now);
  const std::int64_t at =
      seats.size() == 1 ? claim_win_at(match, seats[0], options_.claim_after_leaving_ms) : 0;
  // How long from now, so that no clock but the browser's own is needed to count down.
  state["claim_win_in_ms"] = at > 0 ? json(std::max<std::int64_t>(0, at - now)) : json(nullptr);
}

}  // namespace ordo::server
