// `calibrate --openings BOOK`: how many nodes the engine's search and how many iterations
// the game's reference bot reach per second of thread CPU time on each position of a
// book, through the game's registry entry (GameEntry::calibrate; Ordo's is
// ordo/ai/ordo_calibrate.h). A game without a reference bot is refused by name.
#include <CLI/CLI.hpp>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "cli/cli_game.h"
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "engine/game_registry.h"
#include "match/openings.h"
#include "util/text_file.h"

namespace ordo::cli {

namespace {

struct CalibrateOptions {
  CommonOptions common;
  std::string openings;
  games::CalibrateRequest request;
};

// The positions of the book, read and checked by the match runner's book reader (which
// names a bad line and move, and refuses a line that ends the game), then played from the
// start of --rules/--size/--position.
std::vector<std::unique_ptr<games::AnyGame>> book_games(const CalibrateOptions& o) {
  std::istringstream book(read_text_file(o.openings, "opening book"));
  std::vector<std::unique_ptr<games::AnyGame>> games;
  for (const match::Opening& opening :
       match::read_openings(book, game_spec(o.common), o.openings)) {
    std::unique_ptr<games::AnyGame> game = make_cli_game(o.common);
    games::play_moves(*game, opening.moves);
    games.push_back(std::move(game));
  }
  return games;
}

int run_calibrate(const CalibrateOptions& o, const Streams& io) {
  const games::GameEntry& entry = games::game_entry(o.common.game);
  if (!entry.calibrate) {
    throw std::invalid_argument("calibrate measures a game's reference bot, which " +
                                entry.info.title + " has not; it is for --game " +
                                games::games_with(&games::GameEntry::calibrate));
  }
  if (!o.common.moves.empty()) {
    throw std::invalid_argument("calibrate takes its positions from --openings, not --moves");
  }
  const std::vector<std::unique_ptr<games::AnyGame>> games = book_games(o);
  std::vector<const games::AnyGame*> positions;
  for (const auto& game : games) positions.push_back(game.get());
  entry.calibrate(positions, o.request, io.out);
  return 0;
}

}  // namespace

void add_calibrate_command(CLI::App& app, Action& chosen) {
  auto o = std::make_shared<CalibrateOptions>();
  CLI::App* command = app.add_subcommand(
      "calibrate",
      "Measure the engine's nodes and the reference bot's iterations per CPU second on a "
      "book's positions (games with a reference bot)");
  command
      ->add_option("--openings", o->openings, "Book: one position a line, its moves from the start")
      ->required();
  command->add_option("--nodes", o->request.nodes, "Alpha-beta nodes per position")
      ->check(CLI::Range(std::uint64_t{1000}, std::uint64_t{1} << 40))
      ->capture_default_str();
  command->add_option("--iterations", o->request.iterations, "Bot iterations per position")
      ->check(CLI::Range(std::uint64_t{100}, std::uint64_t{1} << 40))
      ->capture_default_str();
  command
      ->add_option("--ab-seconds", o->request.engine_seconds,
                   "Our engine's seconds a move, for the budget")
      ->check(CLI::Range(0.001, 3600.0))
      ->capture_default_str();
  command
      ->add_option("--uct-seconds", o->request.bot_seconds,
                   "The bot's seconds a move, for the budget")
      ->check(CLI::Range(0.001, 3600.0))
      ->capture_default_str();
  add_common_options(*command, o->common);
  command->callback(
      [o, &chosen] { chosen = [o](const Streams& io) { return run_calibrate(*o, io); }; });
}

}  // namespace ordo::cli
