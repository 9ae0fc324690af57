// `show`: the board diagram of a position and what the rules say about it.
#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>

#include "cli/cli_game.h"
#include "cli/cli_options.h"
#include "cli/commands.h"

namespace ordo::cli {

namespace {

int run_show(const CommonOptions& options, const Streams& io) {
  const std::unique_ptr<games::AnyGame> game = make_cli_game(options);
  io.out << game->diagram("") << '\n' << game->summary();
  return 0;
}

}  // namespace

void add_show_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<CommonOptions>();
  CLI::App* command =
      app.add_subcommand("show", "Draw a position: turn, split, house rules, result");
  add_common_options(*command, *options);
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_show(*options, io); };
  });
}

}  // namespace ordo::cli
