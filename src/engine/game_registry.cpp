// The only place that names every game (game_registry.h).
#include "engine/game_registry.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

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

std::string default_game_name() {
  return default_game().info.name;
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

void check_weights_of_some_game(const std::string& text) {
  std::optional<std::invalid_argument> first_refusal;
  for (const GameEntry& entry : game_registry()) {
    if (entry.check_weights == nullptr) continue;
    try {
      entry.check_weights(text);
      return;
    } catch (const std::invalid_argument& refusal) {
      if (!first_refusal) first_refusal = refusal;
    }
  }
  if (first_refusal) throw *first_refusal;
  throw std::invalid_argument("no game takes evaluation weights");
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
