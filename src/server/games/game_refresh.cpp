// Several server instances on one database (ServerStorage::shared): a game in memory may
// have been changed by another instance since this one read it. It is checked against
// its stored row before an action acts on it (and before its state is read, or a watch
// starts), and when the database says another instance changed a game that someone
// watches; a stale game is read again in place, so that whoever watches it stays attached
// and sees the change.

#include "server/common/storage_error.h"
#include "server/games/game_service.h"
#include "server/observe/log.h"
#include "server/observe/storage_outage.h"

namespace ordo::server {

namespace {

// What the stored row and the game in memory agree on unless another instance changed
// it: every change this instance stores changes one of them in memory alike.
bool agrees_with_storage(const Match& match, const GameSummary& stored) {
  return stored.plies == static_cast<int>(match.facts.size()) &&
         stored.game.result == stored_score(match) &&
         stored.game.turn_started_ms == match.turn_started_ms &&
         stored.game.draw_offer == (match.draw_offer ? seat_name(*match.draw_offer) : "") &&
         stored.game.offers == match.row.offers;
}

}  // namespace

bool GameService::refresh_if_stale(Match& match) {
  if (!storage_.shared()) return false;
  auto stored = storage_.game_summary(match.row.id);
  if (!stored || agrees_with_storage(match, *stored)) return false;
  const auto fresh = resume(std::move(stored->game));
  // A search of the old position is of no use; its answer is dropped.
  cancel_engine(match);
  match.unstored_engine_move.reset();
  match.row = std::move(fresh->row);
  match.keeping = fresh->keeping;
  match.game = std::move(fresh->game);
  match.aborted = fresh->aborted;
  match.facts = std::move(fresh->facts);
  match.clock = fresh->clock;
  match.turn_started_ms = fresh->turn_started_ms;
  match.draw_offer = fresh->draw_offer;
  match.offers = fresh->offers;
  match.chat.loaded = false;  // the other instance may have stored messages too
  if (match.over()) release_engine(match);
  match.touch();
  return true;
}

void GameService::refresh_changed_elsewhere(const std::string& id) {
  tell_accounts_of_game_changed_elsewhere(id);
  // Only a game in memory can be stale; one that is not is read afresh when needed. Nor
  // is one that nobody but the cache (and this function) holds read now: nobody watches
  // it, and its next use checks it against storage anyway (an action, a state read, a
  // watch as it starts, a clock). With every change of the other instances' games
  // announced here, reading them all would make a watched game's change wait behind them.
  // (Copies are handed out under the cache's lock, which find_resident took: a watch
  // made before this change was announced is counted.)
  auto match = cache_.find_resident(id);
  if (!match || match.use_count() <= 2) return;
  std::lock_guard lock(match->mutex);
  try {
    // Unchanged rows: what changed is beside them (a chat message, a consent), read
    // again with the next state, which its watchers are now sent.
    if (!refresh_if_stale(*match)) {
      match->chat.loaded = false;
      match->touch();
    }
  } catch (const StorageUnavailable& e) {
    storage_outage_log().failed(e.what());  // the next action on the game checks it again
  } catch (const std::exception& e) {
    // The next action on the game checks it again.
    log_warning("game changed elsewhere, not read again", {{"game", id}, {"error", e.what()}});
  }
}

void GameService::tell_accounts_of_game_changed_elsewhere(const std::string& id) {
  if (!account_changes_.followed()) return;
  try {
    std::int64_t white = 0, black = 0;
    if (const auto match = cache_.find_resident(id)) {
      white = match->row.white_account;  // seats never change hands
      black = match->row.black_account;
    } else if (const auto stored = storage_.game_summary(id)) {
      white = stored->game.white_account;
      black = stored->game.black_account;
    }
    account_changes_.changed(white);
    account_changes_.changed(black);
  } catch (const std::exception& e) {
    // The account's next stream or My games reads it; nothing else waits on this.
    log_warning("game changed elsewhere, its players not told",
                {{"game", id}, {"error", e.what()}});
  }
}

}  // namespace ordo::server
