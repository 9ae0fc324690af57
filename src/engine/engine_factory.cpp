// The engines by game name.
#include "engine/any_engine.h"
#include "orderchaos/ai/orderchaos_engine.h"
#include "ordo/ai/ordo_engine.h"

namespace games {

bool has_engine(std::string_view game) {
  return game == "ordo" || game == "orderchaos";
}

std::unique_ptr<AnyEngine> make_engine(const AnyGame& game, const EngineSettings& settings) {
  if (game.game_name() == "ordo") return make_ordo_engine(game, settings);
  if (game.game_name() == "orderchaos") return make_orderchaos_engine(game, settings);
  throw GameError("no engine plays " + std::string(game.game_title()) + " yet");
}

}  // namespace games
