// `prove`: Order and Chaos by proof-number search (src/orderchaos/dfpn.h). One position:
// its value, and with --strategy the winner's whole strategy as a file that
// tools/orderchaos_strategy_check verifies. --frontier K: every position after K more
// placements, one per symmetry class, each proved within --nodes, with nodes, time and
// memory; this is how far towards the empty board the search reaches.
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "cli/orderchaos_cli.h"
#include "cli/report_util.h"
#include "cli/text_file.h"
#include "orderchaos/dfpn.h"
#include "orderchaos/movegen.h"
#include "orderchaos/proof_strategy.h"
#include "orderchaos/symmetry.h"
#include "util/stopwatch.h"

namespace ordo::cli {

namespace oc = orderchaos;

namespace {

struct ProveOptions {
  CommonOptions common;
  int frontier = -1;  // -1: the position itself
  std::uint64_t nodes = 0;
  std::size_t hash_mib = 256;
  std::string strategy_path;
  std::size_t strategy_limit = 1000000;
  bool list = false;
};

double peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

std::string value_name(const std::optional<oc::Outcome>& value) {
  if (!value) return "unknown";
  return *value == oc::Outcome::OrderWins ? "Order wins" : "Chaos wins";
}

// The positions after `k` placements from `root` that are still going, one per class.
std::vector<oc::Position> frontier_positions(const oc::Position& root, int k) {
  std::vector<oc::Position> level{root};
  for (int ply = 0; ply < k; ++ply) {
    std::set<std::pair<oc::Bitboard, oc::Bitboard>> seen;
    std::vector<oc::Position> next;
    for (oc::Position pos : level) {
      oc::MoveList list;
      oc::generate_legal(pos, list);
      for (const oc::Move m : list) {
        pos.play(m);
        const oc::CanonicalBoards c =
            oc::canonical(pos.pieces(oc::Symbol::X), pos.pieces(oc::Symbol::O));
        if (!pos.over() && seen.emplace(c.first, c.second).second) next.push_back(pos);
        pos.undo(m);
      }
    }
    level = std::move(next);
  }
  return level;
}

void print_costs(std::uint64_t nodes, double seconds, std::size_t table_bytes, std::ostream& out) {
  out << "nodes " << grouped(nodes) << ", time " << fixed(seconds, 1) << " s, table "
      << table_bytes / (1024 * 1024) << " MiB, peak memory " << fixed(peak_rss_mib(), 0)
      << " MiB\n";
}

int prove_frontier(const oc::Position& root, const ProveOptions& options, const Streams& io) {
  const std::vector<oc::Position> positions = frontier_positions(root, options.frontier);
  io.out << "Order and Chaos (" << oc::version_name(root.version()) << "): " << positions.size()
         << " positions after " << options.frontier << " placements (up to symmetry), "
         << grouped(options.nodes) << " nodes each\n";
  oc::Dfpn search(options.hash_mib);
  const Stopwatch clock;
  std::uint64_t nodes = 0;
  int order = 0, chaos = 0, unknown = 0;
  for (const oc::Position& pos : positions) {
    const oc::DfpnResult r = search.solve(pos, oc::DfpnLimits{options.nodes, nullptr});
    nodes += r.nodes;
    order += r.value == oc::Outcome::OrderWins;
    chaos += r.value == oc::Outcome::ChaosWins;
    unknown += !r.value;
    if (options.list)
      io.out << "  " << pos.to_string() << "  " << value_name(r.value) << "  " << grouped(r.nodes)
             << " nodes\n";
  }
  io.out << "Order wins " << order << ", Chaos wins " << chaos << ", unknown " << unknown << "\n";
  print_costs(nodes, clock.elapsed_seconds(), search.table_bytes(), io.out);
  return 0;
}

int prove_position(const oc::Position& root, const ProveOptions& options, const Streams& io) {
  oc::Dfpn search(options.hash_mib);
  const Stopwatch clock;
  const oc::DfpnLimits limits{options.nodes, nullptr};
  const oc::DfpnResult r = search.solve(root, limits);
  io.out << value_name(r.value) << (r.value ? " with best play\n" : ": stopped by --nodes\n");
  print_costs(r.nodes, clock.elapsed_seconds(), search.table_bytes(), io.out);
  if (options.strategy_path.empty()) return 0;
  if (!r.value) {
    io.err << "no strategy: the position is not proved\n";
    return 1;
  }
  const oc::Role winner = *r.value == oc::Outcome::OrderWins ? oc::Role::Order : oc::Role::Chaos;
  const auto strategy = oc::extract_strategy(search, root, winner, limits, options.strategy_limit);
  if (!strategy) {
    io.err << "no strategy: more than " << options.strategy_limit
           << " positions, or a re-search stopped by --nodes\n";
    return 1;
  }
  open_output_file(options.strategy_path) << oc::format_strategy(*strategy);
  io.out << "strategy: " << strategy->moves.size() << " positions written to "
         << options.strategy_path << '\n';
  return 0;
}

int run_prove(ProveOptions options, const Streams& io) {
  if (!options.common.game.empty() && options.common.game != "orderchaos")
    throw std::invalid_argument("prove is for --game orderchaos");
  options.common.game = "orderchaos";
  const oc::Game game = make_orderchaos_game(options.common);
  if (game.result().over()) {
    io.err << "nothing to prove: " << oc::describe(game.result()) << '\n';
    return 1;
  }
  if (options.frontier >= 0) {
    if (!options.strategy_path.empty())
      throw std::invalid_argument("--strategy is for one position, not --frontier");
    return prove_frontier(game.position(), options, io);
  }
  return prove_position(game.position(), options, io);
}

}  // namespace

void add_prove_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<ProveOptions>();
  options->common.game = "orderchaos";
  CLI::App* command = app.add_subcommand(
      "prove",
      "Order and Chaos by proof-number search: the value of a position (and the winner's "
      "strategy as a file), or of every position after K placements");
  add_common_options(*command, options->common);
  command->add_option("--frontier", options->frontier, "Prove every position K placements on")
      ->check(CLI::Range(0, 8));
  command->add_option("--nodes", options->nodes, "Give up on a position after this many nodes");
  command->add_option("--hash", options->hash_mib, "Table size in MiB")
      ->check(CLI::Range(1, 65536));
  command->add_option("--strategy", options->strategy_path, "Write the winner's strategy here");
  command
      ->add_option("--strategy-limit", options->strategy_limit,
                   "Most positions a strategy file may hold")
      ->check(CLI::PositiveNumber);
  command->add_flag("--list", options->list, "With --frontier: each position and its value");
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_prove(*options, io); };
  });
}

}  // namespace ordo::cli
