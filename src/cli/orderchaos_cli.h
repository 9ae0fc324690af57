// The command-line commands for Order and Chaos (`--game orderchaos`): the same
// commands and options as for Ordo, on the second game's rules core.
#pragma once

#include <ostream>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "orderchaos/game.h"

namespace ordo::cli {

// The start (or --position) with --moves played; --size and the Ordo-only options are
// refused. Throws std::invalid_argument naming the option and why.
orderchaos::Game make_orderchaos_game(const CommonOptions& options);

int orderchaos_perft(const CommonOptions& options, int depth, bool divide, const Streams& io);
int orderchaos_moves(const CommonOptions& options, const Streams& io);
int orderchaos_show(const CommonOptions& options, const Streams& io);
// Perft from the empty board and seeded uniformly random complete games of both versions.
void orderchaos_bench(int games, bool quick, std::ostream& out);

}  // namespace ordo::cli
