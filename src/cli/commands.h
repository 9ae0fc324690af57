// What the commands share with the app that dispatches them: the streams they talk to and
// the functions that add each command to the CLI11 app.
#pragma once

#include <functional>
#include <iosfwd>

namespace CLI {
class App;
}

namespace ordo::cli {

struct Streams {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
};

// A command's work, run after the whole command line has been parsed; returns the exit
// status. It may throw std::exception (std::invalid_argument for bad input): exit 1.
using Action = std::function<int(const Streams&)>;

// Each adds its subcommand to `app`; when that subcommand is parsed, `chosen` is set to
// its action (the parsed options live as long as the app).
void add_perft_command(CLI::App& app, Action& chosen);
void add_moves_command(CLI::App& app, Action& chosen);
void add_show_command(CLI::App& app, Action& chosen);
void add_play_command(CLI::App& app, Action& chosen);
void add_bench_command(CLI::App& app, Action& chosen);
void add_bestmove_command(CLI::App& app, Action& chosen);
void add_ugi_command(CLI::App& app, Action& chosen);
void add_match_command(CLI::App& app, Action& chosen);
void add_analyze_command(CLI::App& app, Action& chosen);
void add_solve_command(CLI::App& app, Action& chosen);
void add_stats_command(CLI::App& app, Action& chosen);
void add_prove_command(CLI::App& app, Action& chosen);
void add_calibrate_command(CLI::App& app, Action& chosen);
void add_tune_command(CLI::App& app, Action& chosen);
void add_serve_command(CLI::App& app, Action& chosen);
void add_serve_bench_command(CLI::App& app, Action& chosen);
void add_serve_attack_command(CLI::App& app, Action& chosen);
void add_admin_command(CLI::App& app, Action& chosen);
void add_verify_dice_command(CLI::App& app, Action& chosen);

}  // namespace ordo::cli
