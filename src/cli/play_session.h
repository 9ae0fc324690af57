// A game for two people at one keyboard, of any game the executable knows: reads moves
// and commands line by line, shows the board before each move, and can save and load
// records (each game's own format; `load` may switch games).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "engine/any_game.h"

namespace ordo::cli {

// Plays on from `game` until `quit` or the end of input; `tags` (players, date) go into
// saved records. In games with dice the session is the referee: at each chance node it
// rolls from a generator seeded with `dice_seed` and says what it rolled. Returns the
// exit status (0).
int run_play_session(std::unique_ptr<games::AnyGame> game, std::map<std::string, std::string> tags,
                     const Streams& io, std::uint64_t dice_seed = 1);

}  // namespace ordo::cli
