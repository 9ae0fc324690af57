// What a waiting player may queue as a premove in a timed game: the moves its side could
// make in the current position were it its turn. Only a convenience for the page's board
// input: the move is sent when the turn comes and judged then like any other.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "server/games/served_game.h"

namespace ordo::server {

// Adds `premoves` (an array) when `seats` is one player waiting for the other in a timed
// game that goes on; nothing otherwise.
void add_premove_state(const Match& match, const std::vector<games::Side>& seats,
                       nlohmann::json& state);

}  // namespace ordo::server
