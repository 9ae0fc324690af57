#include "server/storage/stored_queries.h"

#include "server/storage/stored_rows.h"

namespace ordo::server {

std::string account_games_query(bool unfinished_only) {
  const std::string filter = unfinished_only ? " AND result = '*'" : "";
  const std::string select =
      std::string("SELECT ") + kGameColumns +
      ", (SELECT COUNT(*) FROM moves WHERE game_id = games.id), "
      "COALESCE((SELECT \"by\" FROM moves WHERE game_id = games.id ORDER BY ply DESC "
      "LIMIT 1), '') FROM games WHERE ";
  return "SELECT * FROM (" + select + "white_account = ?1" + filter + " UNION ALL " + select +
         "black_account = ?1 AND white_account != ?1" + filter +
         ") AS mine ORDER BY updated_ms DESC, id COLLATE \"C\" LIMIT ?2";
}

}  // namespace ordo::server
