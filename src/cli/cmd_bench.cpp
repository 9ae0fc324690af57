// `bench`: a fixed, deterministic workload for timing the core, each game's own (its
// registry entry's `bench`: perft, seeded random games, fixed-depth searches). Counts are
// the same on every run; only the times change.
#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "engine/game_registry.h"

namespace ordo::cli {

namespace {

struct BenchOptions {
  int games = 0;
  bool quick = false;
  std::string rules;
  std::string game = games::known_games().front().name;
  const CLI::Option* games_option = nullptr;
};

int run_bench(const BenchOptions& options, const Streams& io) {
  games::BenchRequest request{
      .rules = options.rules, .games = std::nullopt, .quick = options.quick};
  if (options.games_option->count() > 0) request.games = options.games;
  games::game_entry(options.game).bench(request, io.out);
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* command =
      app.add_subcommand("bench", "Time a fixed workload: perft and seeded random games");
  options->games_option =
      command
          ->add_option("--games", options->games,
                       "Number of random games (default: the game's own number, 100 with "
                       "--quick)")
          ->check(CLI::NonNegativeNumber);
  command->add_flag("--quick", options->quick, "A small workload (for tests)");
  command
      ->add_option("--rules", options->rules,
                   "Rule set of the game (default: its first); Order and Chaos always benches both")
      ->check(CLI::IsMember(rule_set_names()));
  command->add_option("--game", options->game, game_option_help())
      ->check(CLI::IsMember(game_names()));
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_bench(*options, io); };
  });
}

}  // namespace ordo::cli
