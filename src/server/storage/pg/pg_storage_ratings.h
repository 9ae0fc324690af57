// Inside PostgreSQL storage: a rated game's rating update, applied in the transaction that
// stores its result, and only once (the game row remembers it was applied), as SQLite's
// (storage_ratings.h).
#pragma once

#include <string>

namespace pqxx {
class transaction_base;
}

namespace ordo::server {

// Within an open transaction, after the game's result became `result` (not "*").
void apply_pg_rating_once(pqxx::transaction_base& t, const std::string& game_id,
                          const std::string& result);

}  // namespace ordo::server
