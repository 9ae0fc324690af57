// What the server tells the page about each game (GET /api/game-types, and the state's
// "about"; docs/api.md): its rule sets and their titles, sizes, the sides' names, the
// pieces, how a move is made, whether it has draws. The page names no game of its own.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/game_registry.h"

namespace ordo::server {

nlohmann::json game_type(const games::GameEntry& entry);

// {"games": [the type of every registered game the server offers, the default first]},
// made once.
const nlohmann::json& game_types();

// The type of the game of that name (a registered one).
const nlohmann::json& game_type_of(std::string_view name);

}  // namespace ordo::server
