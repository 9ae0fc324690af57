// The game the shared options describe, for any registered game, through the run-time
// seam (engine/any_game.h): the commands that only read a position (perft, moves, show)
// need nothing else of a game.
#pragma once

#include <memory>

#include "cli/cli_options.h"
#include "engine/any_game.h"

namespace ordo::cli {

// The start (or --position) of --game with --moves played. Throws std::invalid_argument
// naming the option (a rule set or size the game does not have, a house rule of a game
// that always ends, a bad position) and for a move its number and side, with the reason.
std::unique_ptr<games::AnyGame> make_cli_game(const CommonOptions& options);

}  // namespace ordo::cli
