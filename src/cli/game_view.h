// How the terminal shows a game of any kind (games::AnyGame): the board diagram of its
// position and a hint at its move notation, both the game's own (AnyGame).
#pragma once

#include <string>

#include "engine/any_game.h"

namespace ordo::cli {

// The board of the game's current position as a text diagram, each line after `indent`.
std::string game_diagram(const games::AnyGame& game, const std::string& indent = "");

// Examples of the game's move notation, for help texts.
std::string notation_hint(const games::AnyGame& game);

}  // namespace ordo::cli
