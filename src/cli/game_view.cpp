#include "cli/game_view.h"

namespace ordo::cli {

std::string game_diagram(const games::AnyGame& game, const std::string& indent) {
  return game.diagram(indent);
}

std::string notation_hint(const games::AnyGame& game) {
  return game.notation_hint();
}

}  // namespace ordo::cli
