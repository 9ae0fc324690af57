// `prove`: a position by proof-number search, through its registry entry's `prove` (Order
// and Chaos: orderchaos/ai/orderchaos_prove_report.h). One position: its value, and with
// --strategy the winner's whole strategy as a file; --frontier K: every position after K
// more moves, one per symmetry class, each within --nodes.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "cli/cli_game.h"
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "engine/game_registry.h"
#include "util/text_file.h"

namespace ordo::cli {

namespace {

struct ProveOptions {
  CommonOptions common;
  games::ProveRequest request;
  std::string strategy_path;
};

int run_prove(const ProveOptions& options, const Streams& io) {
  const games::GameEntry& entry = games::game_entry(options.common.game);
  if (!entry.prove)
    throw std::invalid_argument("prove is not available for " + entry.info.name +
                                "; it is for --game " +
                                games::games_with(&games::GameEntry::prove));
  games::ProveRequest request = options.request;
  if (!options.strategy_path.empty()) {
    request.strategy_name = options.strategy_path;
    request.write_strategy = [&path = options.strategy_path](const std::string& text) {
      open_output_file(path) << text;
    };
  }
  const std::unique_ptr<games::AnyGame> game = make_cli_game(options.common);
  return entry.prove(*game, request, io.out, io.err);
}

}  // namespace

void add_prove_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<ProveOptions>();
  // The default game is the first that has a proof search.
  for (const games::GameEntry& entry : games::game_registry())
    if (entry.prove && options->common.game == games::known_games().front().name) {
      options->common.game = entry.info.name;
    }
  CLI::App* command = app.add_subcommand(
      "prove",
      "Proof-number search (Order and Chaos): the value of a position (and the winner's "
      "strategy as a file), or of every position after K moves");
  add_common_options(*command, options->common);
  command->add_option("--frontier", options->request.frontier, "Prove every position K moves on")
      ->check(CLI::Range(0, 8));
  command->add_option("--nodes", options->request.nodes,
                      "Give up on a position after this many nodes");
  command->add_option("--hash", options->request.hash_mib, "Table size in MiB")
      ->check(CLI::Range(1, 65536));
  command->add_option("--strategy", options->strategy_path, "Write the winner's strategy here");
  command
      ->add_option("--strategy-limit", options->request.strategy_limit,
                   "Most positions a strategy file may hold")
      ->check(CLI::PositiveNumber);
  command->add_flag(
      "--search-only", [options](std::int64_t) { options->request.use_proofs = false; },
      "Search alone: no position is settled by a proved strategy");
  command->add_flag("--list", options->request.list,
                    "With --frontier: each position and its value");
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_prove(*options, io); };
  });
}

}  // namespace ordo::cli
