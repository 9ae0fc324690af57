// The command-line commands for Order and Chaos (`--game orderchaos`): the same
// commands and options as for Ordo, on the second game's rules core.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "orderchaos/game.h"
#include "ordo/ai/ordo_search.h"

namespace ordo::cli {

// The start (or --position) with --moves played; --size and the Ordo-only options are
// refused. Throws std::invalid_argument naming the option and why.
orderchaos::Game make_orderchaos_game(const CommonOptions& options);

int orderchaos_perft(const CommonOptions& options, int depth, bool divide, const Streams& io);
int orderchaos_moves(const CommonOptions& options, const Streams& io);
int orderchaos_show(const CommonOptions& options, const Streams& io);
// Perft from the empty board, seeded uniformly random complete games of both versions,
// and fixed-depth alpha-beta searches (node counts the same on every run).
void orderchaos_bench(int games, bool quick, std::ostream& out);

// `bestmove --game orderchaos`: what the Ordo command takes, for the second game.
struct OrderChaosSearchOptions {
  SearchLimits limits;
  std::size_t hash_mib = 64;
  int threads = 1;
  std::string searcher = "alphabeta";
  int level = kMaxLevel;
  std::optional<std::uint64_t> seed{};  // none: from entropy
};
// Throws std::invalid_argument for what the game cannot take (Ordo's options).
int orderchaos_bestmove(const CommonOptions& options, const OrderChaosSearchOptions& search,
                        const Streams& io);

}  // namespace ordo::cli
