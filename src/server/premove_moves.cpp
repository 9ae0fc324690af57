#include "server/premove_moves.h"

#include "server/game_rules.h"

namespace ordo::server {

namespace {

// The same position with the other side to move: Ordo's position string ends in w or b.
std::vector<std::string> moves_for_other_side(const Match& match) {
  // Order and Chaos: either side may place either symbol on any empty square.
  if (match.row.game != "ordo") return match.game->legal_moves();
  std::string position = match.game->position();
  const std::size_t side = position.find_last_of(' ');
  if (side == std::string::npos || side + 2 != position.size()) return {};
  position.back() = position.back() == 'w' ? 'b' : 'w';
  games::GameSpec spec = rules_for(match.row.game).spec_of(match.row);
  spec.options["position"] = position;
  try {
    return games::make_game(spec)->legal_moves();
  } catch (const games::GameError&) {
    return {};  // no position the rules accept (none should arise): no premoves
  }
}

}  // namespace

void add_premove_state(const Match& match, const std::vector<Color>& seats, nlohmann::json& state) {
  if (!match.clock || match.over() || seats.size() != 1 || seats[0] == match.to_move()) return;
  state["premoves"] = moves_for_other_side(match);
}

}  // namespace ordo::server
