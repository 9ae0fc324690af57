// The games table's columns as SQLite storage reads them (storage.cpp and the files that
// share its connection).
#pragma once

#include <sqlite3.h>

#include "server/storage/stored_game.h"

namespace ordo::server {

inline constexpr const char* kGameColumns =
    "id, game, mode, rules, size, start, settings, white_name, black_name, white_token, "
    "black_token, clock_initial_ms, clock_increment_ms, ai_level, ai_color, result, reason, "
    "created_ms, updated_ms, draw_offer, turn_started_ms, flag_at_ms, white_account, "
    "black_account, rated, days_per_move, offers";
inline constexpr int kGameColumnCount = 27;

StoredGame read_game(sqlite3_stmt* s);

}  // namespace ordo::server
