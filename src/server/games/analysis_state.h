// What a game's state says of the engine's analysis (game_analysis.cpp, game_state.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "engine/any_game.h"
#include "server/games/served_game.h"

namespace ordo::server {

// The state's "analysis" field for the holder of `seats` (game_analysis.cpp).
nlohmann::json analysis_state(const Match& match, const std::vector<games::Side>& seats);

}  // namespace ordo::server
