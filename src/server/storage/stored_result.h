// A game's result as storage keeps it: the score token ("1-0", "0-1", "1/2-1/2", "*") and
// the termination name ("" while the game goes on), the same for every game.
#pragma once

#include <string>

#include "engine/any_game.h"

namespace ordo::server {

// The stored score and reason of a game aborted before each side had moved: finished,
// with no winner and no rating change (no game's own result says this).
inline constexpr const char* kAbortedScore = "aborted";
// The stored reason of a guest's game closed unfinished after long with no move (stored
// with kAbortedScore; ServiceOptions::expire_guest_games_after_ms).
inline constexpr const char* kExpiredReason = "expired";

std::string stored_reason(const games::GameResult& result);
// True for results that the players (not the board) decided: resignation, agreement,
// time, or a record's result given without a reason.
bool decided_by_players(const std::string& reason);
// True for a game lost on time (a clock, or days per move).
bool ended_on_time(const games::GameResult& result);
// Gives `game` (its stored moves replayed) a stored result that the players decided; a
// result by the board is the game's own already. Throws games::GameError if it cannot be.
void apply_stored_result(games::AnyGame& game, const std::string& score, const std::string& reason);

}  // namespace ordo::server
