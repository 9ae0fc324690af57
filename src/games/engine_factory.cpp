// The engines by game name. Order and Chaos gets its adapter (a traits type like
// OrdoEngineTraits) once its engine facade exists.
#include "games/any_engine.h"
#include "games/ordo_engine.h"

namespace games {

bool has_engine(std::string_view game) {
  return game == "ordo";
}

std::unique_ptr<AnyEngine> make_engine(const AnyGame& game, const EngineSettings& settings) {
  if (game.game_name() == "ordo") return make_ordo_engine(game, settings);
  throw GameError("no engine plays " + std::string(game.game_title()) + " yet");
}

}  // namespace games
