// `perft DEPTH [--divide]`: counts move sequences (docs/rules.md section 8) with the game's
// perft, optionally per root move; the last line is "Nodes searched: N".
#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>

#include "cli/cli_game.h"
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "util/report_format.h"
#include "util/stopwatch.h"

namespace ordo::cli {

namespace {

struct PerftOptions {
  CommonOptions common;
  int depth = 0;
  bool divide = false;
};

int run_perft(const PerftOptions& options, const Streams& io) {
  const std::unique_ptr<games::AnyGame> game = make_cli_game(options.common);
  const Stopwatch clock;
  std::uint64_t nodes = 0;
  if (options.divide && options.depth > 0) {
    for (const auto& [text, count] : game->perft_divide(options.depth)) {
      io.out << text << ": " << count << '\n';
      nodes += count;
    }
    io.out << '\n';
  } else {
    nodes = game->perft(options.depth);
  }
  const double seconds = clock.elapsed_seconds();
  io.out << "Time " << fixed(seconds, 3) << " s, "
         << grouped(static_cast<std::uint64_t>(per_second(static_cast<double>(nodes), seconds)))
         << " nodes/s\n";
  io.out << "Nodes searched: " << nodes << '\n';
  return 0;
}

}  // namespace

void add_perft_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<PerftOptions>();
  CLI::App* command = app.add_subcommand(
      "perft", "Count the move sequences of DEPTH turns (docs/rules.md section 8)");
  command->add_option("depth", options->depth, "Number of turns")
      ->required()
      ->check(CLI::Range(0, 64))
      ->default_str("");
  command->add_flag("--divide", options->divide, "Show the count below each root move");
  add_common_options(*command, options->common);
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_perft(*options, io); };
  });
}

}  // namespace ordo::cli
