#include "server/storage/stored_queries.h"

#include "server/storage/stored_rows.h"

namespace ordo::server {

namespace {

// A seat's rating before or after the game (rating_changes), -1 where it changed none.
std::string seat_change(const char* seat, const char* column) {
  return std::string("COALESCE((SELECT ") + column +
         " FROM rating_changes c WHERE c.game_id = games.id AND c.seat = '" + seat + "'), -1)";
}

}  // namespace

std::string account_games_query(bool unfinished_only) {
  const std::string filter = unfinished_only ? " AND result = '*'" : "";
  const std::string select =
      std::string("SELECT ") + kGameColumns +
      ", (SELECT COUNT(*) FROM moves WHERE game_id = games.id), "
      "COALESCE((SELECT \"by\" FROM moves WHERE game_id = games.id ORDER BY ply DESC "
      "LIMIT 1), ''), " +
      seat_change("white", "before") + ", " + seat_change("white", "after") + ", " +
      seat_change("black", "before") + ", " + seat_change("black", "after") + " FROM games WHERE ";
  return "SELECT * FROM (" + select + "white_account = ?1" + filter + " UNION ALL " + select +
         "black_account = ?1 AND white_account != ?1" + filter +
         ") AS mine ORDER BY updated_ms DESC, id COLLATE \"C\" LIMIT ?2";
}

}  // namespace ordo::server
