// `bestmove`: searches the position reached and prints one line per finished iteration,
// then `bestmove MOVE`. A thin adapter over the game's engine (engine/any_engine.h), which
// holds the searchers (alpha-beta or MCTS) and the level table.
#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "cli/cli_game.h"
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "engine/any_engine.h"

namespace ordo::cli {

namespace {

struct BestmoveOptions {
  CommonOptions common;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t movetime_ms = 0;
  games::EngineSettings settings;
};

void print_info(const games::SearchInfo& info, std::ostream& out) {
  out << "info depth " << info.depth << " score ";
  if (info.mate) {
    out << "mate " << *info.mate;
  } else {
    out << "cp " << info.score;
  }
  out << " nodes " << info.nodes << " nps " << info.nodes_per_second << " time " << info.elapsed_ms
      << " pv";
  for (const std::string& move : info.pv) out << ' ' << move;
  out << '\n';
}

int run_bestmove(const BestmoveOptions& options, const Streams& io) {
  const std::unique_ptr<games::AnyGame> game = make_cli_game(options.common);
  const games::GameResult result = game->result();
  if (result.over()) {
    io.err << "no move to find: " << result.description << '\n';
    return 1;
  }
  games::GoLimits limits{
      .depth = options.depth, .nodes = options.nodes, .movetime_ms = options.movetime_ms};
  if (!limits.depth && !limits.nodes && !limits.movetime_ms) limits.movetime_ms = 1000;
  const std::unique_ptr<games::AnyEngine> engine = games::make_engine(*game, options.settings);
  engine->set_position(game->start_position(), game->moves());
  std::optional<std::string> best;
  // The callbacks run on the search thread; wait() returns after the last of them.
  engine->go(limits,
             {.on_info = [&](const games::SearchInfo& info) { print_info(info, io.out); },
              .on_best_move = [&](const std::optional<std::string>& move) { best = move; }});
  engine->wait();
  if (!best) throw std::logic_error("the engine found no move in a game that is not over");
  io.out << "bestmove " << *best << '\n';
  return 0;
}

}  // namespace

void add_bestmove_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<BestmoveOptions>();
  CLI::App* command = app.add_subcommand(
      "bestmove", "Search the position and print the best move (1 second if no limit is given)");
  add_common_options(*command, options->common);
  command->add_option("--depth", options->depth, "Search this many turns deep")
      ->check(CLI::Range(1, 64));
  command->add_option("--nodes", options->nodes, "Stop after about this many nodes");
  command->add_option("--movetime", options->movetime_ms, "Think this many milliseconds")
      ->check(CLI::PositiveNumber);
  command->add_option("--hash", options->settings.hash_mib, "Transposition table size in MiB")
      ->check(CLI::Range(1, 4096));
  command->add_option("--threads", options->settings.threads, "Alpha-beta threads (lazy SMP)")
      ->check(CLI::Range(1, 256));
  command->add_option("--searcher", options->settings.searcher, "alphabeta (default) or mcts")
      ->check(CLI::IsMember({"alphabeta", "mcts"}));
  command
      ->add_option("--level", options->settings.level,
                   "Playing level 1..10 (default 10: full strength)")
      ->check(CLI::Range(games::kMinLevel, games::kMaxLevel));
  command->add_option("--seed", options->settings.seed,
                      "Seed of the lower levels' randomness (default: a new one each run)");
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_bestmove(*options, io); };
  });
}

}  // namespace ordo::cli
