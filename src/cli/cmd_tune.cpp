// `tune [--game G] SUBCOMMAND ...`: the game's evaluation tuner, through its registry
// entry (GameEntry::tune; Ordo's is ordo/tuning/tune_command.h), which parses its own
// subcommands from what follows. A game without a tuner is refused by name.
#include <CLI/CLI.hpp>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "engine/game_registry.h"

namespace ordo::cli {

namespace {

struct TuneOptions {
  std::string game = games::default_game().info.name;
  std::vector<std::string> args;  // the subcommand and its options
};

int run_tune(const TuneOptions& o, const Streams& io) {
  const games::GameEntry& entry = games::game_entry(o.game);
  if (!entry.tune) {
    throw std::invalid_argument("tune is not available for " + entry.info.title +
                                ", which has no evaluation tuner; it is for --game " +
                                games::games_with(&games::GameEntry::tune));
  }
  return entry.tune(o.args, io.out, io.err);
}

}  // namespace

void add_tune_command(CLI::App& app, Action& chosen) {
  auto o = std::make_shared<TuneOptions>();
  CLI::App* tune =
      app.add_subcommand("tune",
                         "Tune a game's evaluation: self-play data, logistic fit, check match "
                         "(docs/tuning.md); 'tune SUBCOMMAND --help' lists a subcommand's options");
  tune->add_option("--game", o->game, game_option_help())
      ->check(CLI::IsMember(game_names()))
      ->capture_default_str();
  // Everything from the subcommand on is the game's tuner's to parse.
  tune->prefix_command();
  tune->callback([o, tune, &chosen] {
    o->args = tune->remaining();
    chosen = [o](const Streams& io) { return run_tune(*o, io); };
  });
}

}  // namespace ordo::cli
