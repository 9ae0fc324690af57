// The only place that names every game (game_registry.h).
#include "engine/game_registry.h"

#include <algorithm>

#include "mughrabieh/entry/mughrabieh_entry.h"
#include "orderchaos/ai/orderchaos_entry.h"
#include "ordo/ai/ordo_entry.h"

namespace games {

const std::vector<GameEntry>& game_registry() {
  static const std::vector<GameEntry> kGames = {ordo_entry(), orderchaos_entry(),
                                                mughrabieh_entry()};
  return kGames;
}

const GameEntry& default_game() {
  return game_registry().front();
}

const GameEntry& game_entry(std::string_view name) {
  for (const GameEntry& entry : game_registry()) {
    if (entry.info.name == name) return entry;
  }
  throw GameError("unknown game '" + std::string(name) + "' (known: " + game_names() + ")");
}

std::string game_names() {
  std::string names;
  for (const GameEntry& entry : game_registry()) {
    names += (names.empty() ? "" : ", ") + entry.info.name;
  }
  return names;
}

bool has_extra_player(std::string_view game, std::string_view kind) {
  const std::vector<std::string>& kinds = game_entry(game).extra_players;
  return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

std::string games_with_extra_player(std::string_view kind) {
  std::string titles;
  for (const GameEntry& entry : game_registry()) {
    if (has_extra_player(entry.info.name, kind)) {
      titles += (titles.empty() ? "" : ", ") + entry.info.title;
    }
  }
  return titles;
}

}  // namespace games
