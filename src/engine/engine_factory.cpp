// The engines by game, from the registry (game_registry.h).
#include "engine/any_engine.h"
#include "engine/game_registry.h"

namespace games {

bool has_engine(std::string_view game) {
  for (const GameEntry& entry : game_registry()) {
    if (entry.info.name == game) return entry.make_engine != nullptr;
  }
  return false;
}

std::unique_ptr<AnyEngine> make_engine(const AnyGame& game, const EngineSettings& settings) {
  const GameEntry& entry = game_entry(game.game_name());
  if (!entry.make_engine) throw GameError("no engine plays " + entry.info.title + " yet");
  return entry.make_engine(game, settings);
}

}  // namespace games
