// `perft DEPTH [--divide]`: counts move sequences (docs/rules.md section 8) with the core's
// perft, optionally per root move; the last line is "Nodes searched: N".
#include <CLI/CLI.hpp>
#include <algorithm>
#include <memory>
#include <ostream>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "cli/orderchaos_cli.h"
#include "cli/report_util.h"
#include "ordo/notation.h"
#include "ordo/perft.h"
#include "util/stopwatch.h"

namespace ordo::cli {

namespace {

struct PerftOptions {
  CommonOptions common;
  int depth = 0;
  bool divide = false;
};

int run_perft(const PerftOptions& options, const Streams& io) {
  if (is_orderchaos(options.common))
    return orderchaos_perft(options.common, options.depth, options.divide, io);
  const Game game = make_game(options.common);
  Position pos = game.position();
  const Stopwatch clock;
  std::uint64_t nodes = 0;
  if (options.divide && options.depth > 0) {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    for (const auto& [move, count] : perft_divide(pos, options.depth)) {
      rows.emplace_back(format_move(game.position(), move), count);
      nodes += count;
    }
    std::sort(rows.begin(), rows.end());
    for (const auto& [text, count] : rows) io.out << text << ": " << count << '\n';
    io.out << '\n';
  } else {
    nodes = perft(pos, options.depth);
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
