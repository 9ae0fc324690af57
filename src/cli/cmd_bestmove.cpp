// `bestmove`: searches the position reached and prints one line per finished iteration,
// then `bestmove MOVE`. A thin adapter over the searchers (alpha-beta or MCTS) and levels.
#include <CLI/CLI.hpp>
#include <atomic>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "cli/orderchaos_cli.h"
#include "ordo/ai/ordo_search.h"
#include "ordo/notation.h"
#include "util/entropy.h"

namespace ordo::cli {

namespace {

struct BestmoveOptions {
  CommonOptions common;
  SearchLimits limits;
  std::size_t hash_mib = 64;
  int threads = 1;
  std::string searcher = "alphabeta";
  int level = kMaxLevel;
  std::optional<std::uint64_t> seed{};  // none: from entropy
};

void print_info(const Position& root, const Info& info, std::ostream& out) {
  out << "info depth " << info.depth << " score ";
  if (info.mate) {
    out << "mate " << *info.mate;
  } else {
    out << "cp " << info.score;
  }
  out << " nodes " << info.nodes << " nps " << info.nodes_per_second << " time " << info.elapsed_ms
      << " pv";
  Position pos = root;
  for (const Move& m : info.pv) {
    out << ' ' << format_move(pos, m);
    pos.make(m);
  }
  out << '\n';
}

int run_bestmove(const BestmoveOptions& options, const Streams& io) {
  if (options.common.game == "orderchaos") {
    return orderchaos_bestmove(options.common,
                               {options.limits, options.hash_mib, options.threads, options.searcher,
                                options.level, options.seed},
                               io);
  }
  const Game game = make_game(options.common);
  if (game.result().over()) {
    io.err << "no move to find: " << describe(game.result()) << '\n';
    return 1;
  }
  SearchLimits limits = options.limits;
  if (!limits.depth && !limits.nodes && !limits.time_ms) limits.time_ms = 1000;
  const LevelSettings level = level_settings(options.level, game.position().variant());
  AlphaBeta alphabeta(options.hash_mib, options.threads);
  Mcts mcts;
  Searcher& searcher =
      options.searcher == "mcts" ? static_cast<Searcher&>(mcts) : static_cast<Searcher&>(alphabeta);
  const std::atomic<bool> stop{false};
  const Position& root = game.position();
  const std::vector<std::uint64_t> history = game.earlier_hashes();
  const SearchResult result =
      searcher.search(root, history, limits_at_level(limits, level), stop,
                      [&](const Info& info) { print_info(root, info, io.out); });
  const std::optional<Move> chosen =
      choose_at_level(level, alphabeta, root, history, result,
                      options.seed ? *options.seed : common::entropy_seed(), stop);
  io.out << "bestmove " << format_move(root, *chosen) << '\n';
  return 0;
}

}  // namespace

void add_bestmove_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<BestmoveOptions>();
  CLI::App* command = app.add_subcommand(
      "bestmove",
      "Search the position and print the best move (1 second if no limit is given; "
      "--game orderchaos for Order and Chaos)");
  add_common_options(*command, options->common);
  command->add_option("--depth", options->limits.depth, "Search this many turns deep")
      ->check(CLI::Range(1, 64));
  command->add_option("--nodes", options->limits.nodes, "Stop after about this many nodes");
  command->add_option("--movetime", options->limits.time_ms, "Think this many milliseconds")
      ->check(CLI::PositiveNumber);
  command->add_option("--hash", options->hash_mib, "Transposition table size in MiB")
      ->check(CLI::Range(1, 4096));
  command->add_option("--threads", options->threads, "Alpha-beta threads (lazy SMP)")
      ->check(CLI::Range(1, 256));
  command->add_option("--searcher", options->searcher, "alphabeta (default) or mcts")
      ->check(CLI::IsMember({"alphabeta", "mcts"}));
  command->add_option("--level", options->level, "Playing level 1..10 (default 10: full strength)")
      ->check(CLI::Range(kMinLevel, kMaxLevel));
  command->add_option("--seed", options->seed,
                      "Seed of the lower levels' randomness (default: a new one each run)");
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_bestmove(*options, io); };
  });
}

}  // namespace ordo::cli
