// The one registry of games: what the front ends (UGI, the match runner, the command line,
// the server) may know of a game, each entry written by the game itself in its ai/ folder
// (ordo/ai/ordo_entry.cpp, orderchaos/ai/orderchaos_entry.cpp). game_registry.cpp is the
// only place that names them all; a new game adds one line there.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/any_engine.h"
#include "engine/any_game.h"

namespace games {

struct GameEntry {
  GameInfo info;           // name, title, rule sets, sizes, searchers
  std::string record_tag;  // the Game tag of its records ("Ordo")
  // A new game from GameSpec options; throws GameError naming a bad option or value.
  std::unique_ptr<AnyGame> (*make_game)(const std::map<std::string, std::string>& options);
  // A game read from a record of this game; tags beyond the game's own go to `tags`.
  std::unique_ptr<AnyGame> (*read_record)(std::string_view text,
                                          std::map<std::string, std::string>& tags);
  // Its engine (null: the game has none).
  std::unique_ptr<AnyEngine> (*make_engine)(const AnyGame& game, const EngineSettings& settings);
};

// Every game, the default first (a record without a Game tag is the default game's).
const std::vector<GameEntry>& game_registry();

// The entry of the game of that name; throws GameError listing the known ones.
const GameEntry& game_entry(std::string_view name);

// The games' names, "ordo, orderchaos", for messages.
std::string game_names();

}  // namespace games
