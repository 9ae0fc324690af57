// Aborting a game (docs/api.md, "Ratings"): in a game between two people, until each side
// has made a move of its own, either player may end the game with no result and no rating change,
// and any other ending (a resignation, an agreed draw, a fallen flag, a first move never made)
// aborts it instead. So a game nobody played rates nobody.
#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/storage/stored_result.h"

namespace ordo::server {

using nlohmann::json;

json GameService::abort(const std::string& id, const json& body, std::int64_t account) {
  Action action = begin_action(id, body, account, IfOver::Refuse);
  Match& match = action.game();
  if (match.row.mode != "network")
    throw ApiError(409, "not_allowed", "only a game between two people can be aborted");
  if (!abortable(match))
    throw ApiError(409, "too_late_to_abort",
                   "each side has moved, so the game can no longer be aborted; resign instead");
  commit_abort(match, action.now);
  return state_of(match, action.key);
}

bool GameService::commit_abort(Match& match, std::int64_t now, bool leased, const char* reason) {
  if (!storage_.shared()) {
    storage_.set_result(match.row.id, kAbortedScore, reason, now);
  } else if (!storage_.set_result_under_lease(match.row.id, kAbortedScore, reason, now,
                                              leased ? leases_.holder() : "", now)) {
    refresh_if_stale(match);  // another instance ended it first: its ending is read
    return false;
  }
  match.aborted = true;
  match.row.result = kAbortedScore;
  match.row.reason = reason;
  settle_end(match, now);
  return true;
}

}  // namespace ordo::server
