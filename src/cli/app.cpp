// Builds the CLI11 app with every command, parses the command line and runs the chosen
// command, turning errors into messages and exit statuses.
#include "cli/app.h"

#include <CLI/CLI.hpp>
#include <cstddef>
#include <exception>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "engine/game_registry.h"

namespace ordo::cli {

namespace {

// "Rules engine, AI and server for Ordo and Order and Chaos.": the games from the registry.
std::string description() {
  std::string titles;
  const auto& entries = games::game_registry();
  for (std::size_t i = 0; i < entries.size(); ++i)
    titles += (i == 0 ? "" : i + 1 == entries.size() ? " and " : ", ") + entries[i].info.title;
  return "Rules engine, AI and server for " + titles + ".";
}

bool is_command(CLI::App& app, const std::string& name) {
  return !app.get_subcommands([&](CLI::App* command) { return command->get_name() == name; })
              .empty();
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
            std::ostream& err) {
  CLI::App app{description(), "ordo-engine"};
  app.set_version_flag("--version", "ordo-engine " ORDO_VERSION);
  app.require_subcommand(1);
  app.option_defaults()->always_capture_default();
  Action chosen;
  add_perft_command(app, chosen);
  add_moves_command(app, chosen);
  add_show_command(app, chosen);
  add_play_command(app, chosen);
  add_bench_command(app, chosen);
  add_bestmove_command(app, chosen);
  add_ugi_command(app, chosen);
  add_match_command(app, chosen);
  add_analyze_command(app, chosen);
  add_solve_command(app, chosen);
  add_stats_command(app, chosen);
  add_prove_command(app, chosen);
  add_calibrate_command(app, chosen);
  add_tune_command(app, chosen);
  add_serve_command(app, chosen);
  add_serve_bench_command(app, chosen);
  add_serve_attack_command(app, chosen);
  add_admin_command(app, chosen);
  add_verify_dice_command(app, chosen);
  app.footer("Run 'ordo-engine COMMAND --help' for the options of a command.");

  if (args.empty()) {
    err << app.help();
    return 2;
  }
  if (!args[0].empty() && args[0][0] != '-' && !is_command(app, args[0])) {
    err << "Unknown command '" << args[0] << "'.\n" << app.help();
    return 2;
  }
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them reversed
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? 0 : 2;
  }
  if (!chosen) return 2;  // not reached: a subcommand is required

  const Streams streams{in, out, err};
  try {
    return chosen(streams);
  } catch (const std::exception& e) {
    out.flush();
    err << "error: " << e.what() << '\n';
    return 1;
  }
}

}  // namespace ordo::cli
