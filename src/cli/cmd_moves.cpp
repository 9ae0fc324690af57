// `moves`: the legal moves of a position, one per line, sorted; nothing else on stdout.
#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>

#include "cli/cli_game.h"
#include "cli/cli_options.h"
#include "cli/commands.h"

namespace ordo::cli {

namespace {

int run_moves(const CommonOptions& options, const Streams& io) {
  const std::unique_ptr<games::AnyGame> game = make_cli_game(options);
  const games::GameResult result = game->result();
  if (result.over()) {
    io.err << "no legal moves: " << result.description << '\n';
    return 0;
  }
  if (game->is_chance_node()) {
    std::string outcomes;
    for (const games::ChanceOutcome& o : game->chance_outcomes())
      outcomes += (outcomes.empty() ? "" : " ") + o.text;
    io.err << "no legal moves: the referee acts first (a chance node); play one of its "
              "outcomes with --moves or in the position: "
           << outcomes << '\n';
    return 0;
  }
  for (const std::string& move : game->legal_moves()) io.out << move << '\n';
  return 0;
}

}  // namespace

void add_moves_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<CommonOptions>();
  CLI::App* command = app.add_subcommand("moves", "List the legal moves of a position, sorted");
  add_common_options(*command, *options);
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_moves(*options, io); };
  });
}

}  // namespace ordo::cli
