// `solve N`: proves a forced win in N turns for the side to move, or that none exists
// (src/ordo/ai/solver.h explains the method and how repetition counts in a proof).
// `solve --game orderchaos`: the exact value of an Order and Chaos position
// (cli/orderchaos_solve.h); that game always ends within 36 placements, so it takes no N.
#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "cli/orderchaos_solve.h"
#include "cli/report_util.h"
#include "ordo/ai/solver.h"
#include "ordo/notation.h"

namespace ordo::cli {

namespace {

struct SolveOptions {
  CommonOptions common;
  int turns = 0;  // 0: not given
  SolveLimits limits;
  OrderChaosSolveOptions orderchaos;
  std::size_t hash_mib = 64;
  bool json = false;
  bool sampling = false;  // an Order and Chaos sampling option was given
};

std::vector<std::string> line_texts(Position pos, const std::vector<Move>& line) {
  std::vector<std::string> texts;
  for (const Move& m : line) {
    texts.push_back(format_move(pos, m));
    pos.make(m);
  }
  return texts;
}

std::string status_name(SolveStatus s) {
  switch (s) {
    case SolveStatus::Win:
      return "win";
    case SolveStatus::NoWin:
      return "no-win";
    case SolveStatus::Unknown:
      break;
  }
  return "unknown";
}

void print_text(const Game& game, const SolveOptions& options, const SolveResult& r,
                std::ostream& out) {
  const Color us = game.position().side_to_move();
  const std::string side(color_name(us));
  const int asked = options.limits.max_turns;
  if (r.max_turns < asked)
    out << "The move limit leaves " << side << " at most " << r.max_turns << " turns.\n";
  switch (r.status) {
    case SolveStatus::Win: {
      out << side << " wins in " << r.turns << (r.turns == 1 ? " turn" : " turns") << ":";
      for (const std::string& m : line_texts(game.position(), r.line)) out << ' ' << m;
      out << '\n';
      break;
    }
    case SolveStatus::NoWin:
      out << "No forced win for " << side << " within " << asked
          << (asked == 1 ? " turn.\n" : " turns.\n");
      break;
    case SolveStatus::Unknown:
      out << "Unknown: stopped by the limit; no win within " << r.proven_no_win
          << " turns is proven.\n";
      break;
  }
  out << "nodes " << grouped(r.nodes) << ", time "
      << fixed(static_cast<double>(r.elapsed_ms) / 1000.0, 3) << " s\n";
}

void print_json(const Game& game, const SolveOptions& options, const SolveResult& r,
                std::ostream& out) {
  nlohmann::json j;
  j["side_to_move"] = std::string(color_name(game.position().side_to_move()));
  j["turns_asked"] = options.limits.max_turns;
  j["turns_searched"] = r.max_turns;
  j["status"] = status_name(r.status);
  if (r.status == SolveStatus::Win) j["win_in"] = r.turns;
  j["proven_no_win_within"] = r.proven_no_win;
  j["line"] = line_texts(game.position(), r.line);
  j["nodes"] = r.nodes;
  j["time_ms"] = r.elapsed_ms;
  out << j.dump() << '\n';
}

int run_solve(SolveOptions options, const Streams& io) {
  if (is_orderchaos(options.common)) {
    if (options.turns != 0)
      throw std::invalid_argument(
          "TURNS is for Ordo; Order and Chaos is solved to the end of the game");
    if (options.sampling && options.orderchaos.sample == 0)
      throw std::invalid_argument("--empty and --seed go with --sample N");
    if (options.orderchaos.sample > 0 && options.json)
      throw std::invalid_argument("--json is for one position, not --sample");
    options.orderchaos.nodes = options.limits.nodes;
    options.orderchaos.movetime_ms = options.limits.time_ms;
    options.orderchaos.hash_mib = options.hash_mib;
    options.orderchaos.json = options.json;
    return orderchaos_solve(options.common, options.orderchaos, io);
  }
  if (options.turns == 0) throw std::invalid_argument("solve needs TURNS, the turns to win in");
  if (options.sampling)
    throw std::invalid_argument("--sample, --empty and --seed are for --game orderchaos");
  options.limits.max_turns = options.turns;
  const Game game = make_game(options.common);
  if (game.result().over()) {
    io.err << "nothing to solve: " << describe(game.result()) << '\n';
    return 1;
  }
  Solver solver(options.hash_mib);
  const SolveResult result = solver.solve(game, options.limits);
  if (options.json) {
    print_json(game, options, result, io.out);
  } else {
    print_text(game, options, result, io.out);
  }
  return 0;
}

}  // namespace

void add_solve_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* command = app.add_subcommand(
      "solve",
      "Prove a forced win in N turns for the side to move, or that none exists (exact; a "
      "position that would occur for the third time counts as not a win); with --game "
      "orderchaos, the value of the position (Order or Chaos wins), no N");
  add_common_options(*command, options->common);
  command
      ->add_option("TURNS", options->turns,
                   "Ordo: win on or before the side to move's N-th own turn")
      ->check(CLI::Range(1, kMaxSolveTurns));
  command->add_option("--nodes", options->limits.nodes, "Give up after this many nodes");
  auto* sample =
      command->add_option("--sample", options->orderchaos.sample,
                          "Order and Chaos: solve this many seeded random positions and summarise");
  sample->check(CLI::Range(1, 100000));
  auto* empty = command->add_option("--empty", options->orderchaos.empty,
                                    "Order and Chaos, with --sample: empty squares (default 16)");
  empty->check(CLI::Range(1, 36));
  auto* seed = command->add_option("--seed", options->orderchaos.seed,
                                   "Order and Chaos, with --sample: seed (default 1)");
  command->add_option("--movetime", options->limits.time_ms, "Give up after this many ms")
      ->check(CLI::PositiveNumber);
  command->add_option("--hash", options->hash_mib, "Table size in MiB")->check(CLI::Range(1, 4096));
  command->add_flag("--json", options->json, "One JSON object instead of text");
  command->callback([options, sample, empty, seed, &chosen] {
    options->sampling = sample->count() + empty->count() + seed->count() > 0;
    chosen = [options](const Streams& io) { return run_solve(*options, io); };
  });
}

}  // namespace ordo::cli
