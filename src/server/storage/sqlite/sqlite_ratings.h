// Inside SQLite storage: a rated game's rating update, applied in the transaction that
// stores its result, and only once (the game row remembers it was applied), however often
// a finish is stored or retried.
#pragma once

#include <string>

struct sqlite3;

namespace ordo::server {

// Within an open transaction, after the game's result became `result` (not "*").
void apply_rating_once(sqlite3* db, const std::string& game_id, const std::string& result);

}  // namespace ordo::server
