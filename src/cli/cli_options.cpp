// The shared options and the game they name.
#include "cli/cli_options.h"

#include <CLI/CLI.hpp>
#include <stdexcept>
#include <vector>

namespace ordo::cli {

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const games::GameInfo& game : games::known_games()) names.push_back(game.name);
  return names;
}

std::vector<std::string> rule_set_names() {
  std::vector<std::string> names;
  for (const games::GameInfo& game : games::known_games()) {
    names.insert(names.end(), game.rule_sets.begin(), game.rule_sets.end());
  }
  return names;
}

std::string game_option_help() {
  std::string help = "Game:";
  for (const games::GameInfo& game : games::known_games()) {
    help += (help.size() > 5 ? ", " : " ") + game.name + " (" + game.title +
            (&game == &games::known_games().front() ? ", the default)" : ")");
  }
  return help;
}

void add_common_options(CLI::App& command, CommonOptions& options) {
  command.add_option("--game", options.game, game_option_help())
      ->check(CLI::IsMember(game_names()));
  command
      .add_option("--rules", options.rules,
                  "Rule set: classic (default) or x (Ordo X); for Order and Chaos original "
                  "(default) or exact-five")
      ->check(CLI::IsMember(rule_set_names()));
  command.add_option("--size", options.size, "Ordo board for the start position (default 10x8)")
      ->check(CLI::IsMember({"10x8", "8x8"}));
  command.add_option("--position", options.position,
                     "Start from this position string (docs/rules.md section 7); overrides --size");
  command.add_option("--moves", options.moves,
                     "Moves played from the position first, separated by spaces");
  command.add_flag("--no-repetition", options.no_repetition,
                   "Turn off the house rule that a third repetition draws");
  command
      .add_option("--move-limit", options.move_limit,
                  "Draw after this many turns in all (0 = no limit)")
      ->check(CLI::NonNegativeNumber);
}

games::GameSpec game_spec(const CommonOptions& options) {
  games::GameSpec spec{options.game, {}};
  if (!options.rules.empty()) spec.options["rules"] = options.rules;
  if (!options.size.empty()) spec.options["size"] = options.size;
  if (!options.position.empty()) spec.options["position"] = options.position;
  if (options.no_repetition) spec.options["repetition"] = "off";
  if (options.move_limit > 0) spec.options["move-limit"] = std::to_string(options.move_limit);
  return spec;
}

}  // namespace ordo::cli
