// `play`: sets up the game from the options (players as record tags) and hands it to the
// interactive session.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <stdexcept>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "cli/play_session.h"

namespace ordo::cli {

namespace {

struct PlayOptions {
  CommonOptions common;
  std::string white, black;
};

std::string today() {
  using namespace std::chrono;
  const year_month_day date{floor<days>(system_clock::now())};
  char text[16];
  std::snprintf(text, sizeof text, "%04d.%02u.%02u", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
  return text;
}

int run_play(const PlayOptions& options, const Streams& io) {
  if (is_orderchaos(options.common))
    throw std::invalid_argument(
        "play: Order and Chaos has no terminal game yet; perft, moves, show and bench know it");
  Game game = make_game(options.common);
  Record record{std::move(game), parse_variant(options.common.rules), {}};
  if (!options.white.empty()) record.tags["White"] = options.white;
  if (!options.black.empty()) record.tags["Black"] = options.black;
  record.tags["Date"] = today();
  return run_play_session(std::move(record), io);
}

}  // namespace

void add_play_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* command =
      app.add_subcommand("play", "Play a game at the terminal (two people, one keyboard)");
  command->add_option("--white", options->white, "White player's name (for the record)");
  command->add_option("--black", options->black, "Black player's name (for the record)");
  add_common_options(*command, options->common);
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_play(*options, io); };
  });
}

}  // namespace ordo::cli
