// `solve --game orderchaos`: the exact value of an Order and Chaos position (Order wins or
// Chaos wins with best play, src/orderchaos/solver.h), and a sampling report over seeded
// random positions with a given number of empty squares, which is how the solver's reach
// is measured (the empty board is far beyond it).
#pragma once

#include <cstddef>
#include <cstdint>

#include "cli/cli_options.h"
#include "cli/commands.h"

namespace ordo::cli {

struct OrderChaosSolveOptions {
  std::uint64_t nodes = 0;       // per position; 0 = no limit
  std::int64_t movetime_ms = 0;  // per position; 0 = no limit
  std::size_t hash_mib = 64;
  bool json = false;
  // Sampling: `sample` positions with `empty` empty squares, reached by uniformly random
  // placements from the start (drawn again when the game ends on the way or Order could
  // win with its next placement).
  int sample = 0;
  int empty = 16;
  std::uint64_t seed = 1;
};

int orderchaos_solve(const CommonOptions& common, const OrderChaosSolveOptions& options,
                     const Streams& io);

}  // namespace ordo::cli
