// `play`: sets up the game of --game (any registered game) from the
// options, players as record tags, and hands it to the interactive session.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "cli/play_session.h"
#include "engine/any_game.h"

namespace ordo::cli {

namespace {

struct PlayOptions {
  CommonOptions common;
  std::string white, black;
  std::uint64_t dice_seed = 1;
};

std::string today() {
  using namespace std::chrono;
  const year_month_day date{floor<days>(system_clock::now())};
  char text[16];
  std::snprintf(text, sizeof text, "%04d.%02u.%02u", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
  return text;
}

// The game of the common options, as the run-time game interface has it.
std::unique_ptr<games::AnyGame> any_game(const CommonOptions& common) {
  std::unique_ptr<games::AnyGame> game = games::make_game(game_spec(common));
  std::istringstream words(common.moves);
  std::vector<std::string> moves;
  for (std::string word; words >> word;) moves.push_back(word);
  try {
    games::play_moves(*game, moves);
  } catch (const games::MoveError& e) {
    throw std::invalid_argument(std::string("--moves: ") + e.what());
  }
  return game;
}

int run_play(const PlayOptions& options, const Streams& io) {
  std::unique_ptr<games::AnyGame> game = any_game(options.common);
  std::map<std::string, std::string> tags;
  const std::string first = game->side_name(games::Side::First);
  const std::string second = game->side_name(games::Side::Second);
  if (!options.white.empty()) tags[first] = options.white;
  if (!options.black.empty()) tags[second] = options.black;
  tags["Date"] = today();
  return run_play_session(std::move(game), std::move(tags), io, options.dice_seed);
}

}  // namespace

void add_play_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* command = app.add_subcommand(
      "play", "Play a game at the terminal (two people, one keyboard); --game chooses which");
  command->add_option("--white", options->white,
                      "White's (or Order's) player's name (for the record)");
  command->add_option("--black", options->black,
                      "Black's (or Chaos's) player's name (for the record)");
  command->add_option("--seed", options->dice_seed,
                      "Seed of the referee's dice, in games with dice");
  add_common_options(*command, options->common);
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_play(*options, io); };
  });
}

}  // namespace ordo::cli
