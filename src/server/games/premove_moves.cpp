#include "server/games/premove_moves.h"

#include "engine/game_registry.h"

namespace ordo::server {

void add_premove_state(const Match& match, const std::vector<games::Side>& seats,
                       nlohmann::json& state) {
  if (!match.clock || match.over() || seats.size() != 1 || seats[0] == match.to_move()) return;
  state["premoves"] = games::game_entry(match.row.game).moves_if_to_move(*match.game, seats[0]);
}

}  // namespace ordo::server
