// `ugi`: speaks the UGI protocol (UCI generalised to any game) on standard input and
// output until `quit` or end of input; see ugi.h for the commands.
#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/ugi.h"

namespace ordo::cli {

void add_ugi_command(CLI::App& app, Action& chosen) {
  CLI::App* command = app.add_subcommand(
      "ugi", "Speak the UGI protocol (UCI for any game) on standard input and output");
  command->callback(
      [&chosen] { chosen = [](const Streams& io) { return run_ugi(io.in, io.out); }; });
}

}  // namespace ordo::cli
