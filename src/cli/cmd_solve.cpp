// `solve`: the game's exact answer about a position, through its registry entry's `solve`:
// Ordo proves a forced win in N turns for the side to move, or that none exists
// (ordo/ai/solver.h); Order and Chaos, which always ends within 36 placements, gives the
// value of the position, or a report over seeded random positions (--sample).
#include <CLI/CLI.hpp>
#include <memory>
#include <stdexcept>
#include <string>

#include "cli/cli_game.h"
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "engine/game_registry.h"

namespace ordo::cli {

namespace {

struct SolveOptions {
  CommonOptions common;
  games::SolveRequest request;
};

int run_solve(const SolveOptions& options, const Streams& io) {
  const games::SolveRequest& request = options.request;
  if (request.sample > 0 && (!options.common.position.empty() || !options.common.moves.empty())) {
    throw std::invalid_argument("--sample draws its own positions; drop --position and --moves");
  }
  const std::unique_ptr<games::AnyGame> game = make_cli_game(options.common);
  return games::game_entry(options.common.game).solve(*game, request, io.out, io.err);
}

}  // namespace

void add_solve_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* command = app.add_subcommand(
      "solve",
      "Solve the position exactly: for Ordo a forced win in N turns for the side to move, or "
      "that none exists (a position that would occur for the third time counts as not a "
      "win); for Order and Chaos, no N, the value (Order or Chaos wins)");
  add_common_options(*command, options->common);
  command
      ->add_option("TURNS", options->request.turns,
                   "Ordo: win on or before the side to move's N-th own turn")
      ->check(CLI::Range(1, games::SolveRequest::kMaxTurns));
  command->add_option("--nodes", options->request.nodes, "Give up after this many nodes");
  auto* sample =
      command->add_option("--sample", options->request.sample,
                          "Order and Chaos: solve this many seeded random positions and summarise");
  sample->check(CLI::Range(1, 100000));
  auto* empty = command->add_option("--empty", options->request.empty,
                                    "Order and Chaos, with --sample: empty squares (default 16)");
  empty->check(CLI::Range(1, 36));
  auto* seed = command->add_option("--seed", options->request.seed,
                                   "Order and Chaos, with --sample: seed (default 1)");
  command->add_option("--movetime", options->request.movetime_ms, "Give up after this many ms")
      ->check(CLI::PositiveNumber);
  command->add_option("--hash", options->request.hash_mib, "Table size in MiB")
      ->check(CLI::Range(1, 4096));
  command->add_flag("--json", options->request.json, "One JSON object instead of text");
  command->callback([options, sample, empty, seed, &chosen] {
    options->request.sampling = sample->count() + empty->count() + seed->count() > 0;
    chosen = [options](const Streams& io) { return run_solve(*options, io); };
  });
}

}  // namespace ordo::cli
