// Order and Chaos (both rule versions) behind the run-time game interface, over
// orderchaos::Game and its notation and records.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/any_game.h"
#include "orderchaos/game.h"

namespace games {

// Options as in GameSpec: rules (original|exact-five), position.
std::unique_ptr<AnyGame> make_orderchaos_game(const std::map<std::string, std::string>& options);
// A game read from an Order and Chaos record; tags beyond the game's own go to `tags`.
// The game's own rules object behind `game`, for the game's tools (solve); throws GameError
// if `game` is another game's.
const orderchaos::Game& orderchaos_game_of(const AnyGame& game);

// Either side places either symbol on any empty square: the game's legal moves.
std::vector<std::string> orderchaos_moves_if_to_move(const AnyGame& game, Side side);

std::unique_ptr<AnyGame> read_orderchaos_record(std::string_view text,
                                                std::map<std::string, std::string>& tags);

}  // namespace games
