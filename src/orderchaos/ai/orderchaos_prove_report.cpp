// Order and Chaos's `prove`. One position: its value, and on request the winner's whole
// strategy. A frontier: every position after K more placements, one per symmetry class,
// each proved within the node limit, with nodes, time and memory; this is how far towards
// the empty board the search reaches (research/orderchaos-solving.md).
#include "orderchaos/ai/orderchaos_prove_report.h"

#include <sys/resource.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "orderchaos/ai/orderchaos_game.h"
#include "orderchaos/centre_strategy.h"
#include "orderchaos/dfpn.h"
#include "orderchaos/movegen.h"
#include "orderchaos/proof_strategy.h"
#include "orderchaos/symmetry.h"
#include "util/report_format.h"
#include "util/stopwatch.h"

namespace games {

namespace oc = orderchaos;

namespace {

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
  out << "nodes " << ordo::grouped(nodes) << ", time " << ordo::fixed(seconds, 1) << " s, table "
      << table_bytes / (1024 * 1024) << " MiB, peak memory " << ordo::fixed(peak_rss_mib(), 0)
      << " MiB\n";
}

int prove_frontier(const oc::Position& root, const ProveRequest& request, std::ostream& out) {
  const std::vector<oc::Position> positions = frontier_positions(root, request.frontier);
  out << "Order and Chaos (" << oc::version_name(root.version()) << "): " << positions.size()
      << " positions after " << request.frontier << " placements (up to symmetry), "
      << ordo::grouped(request.nodes) << " nodes each\n";
  oc::Dfpn search(request.hash_mib);
  const ordo::Stopwatch clock;
  std::uint64_t nodes = 0;
  int order = 0, chaos = 0, unknown = 0;
  for (const oc::Position& pos : positions) {
    const oc::DfpnResult r =
        search.solve(pos, oc::DfpnLimits{request.nodes, nullptr, request.use_proofs});
    nodes += r.nodes;
    order += r.value == oc::Outcome::OrderWins;
    chaos += r.value == oc::Outcome::ChaosWins;
    unknown += !r.value;
    if (request.list)
      out << "  " << pos.to_string() << "  " << value_name(r.value) << "  "
          << ordo::grouped(r.nodes) << " nodes\n";
  }
  out << "Order wins " << order << ", Chaos wins " << chaos << ", unknown " << unknown << "\n";
  print_costs(nodes, clock.elapsed_seconds(), search.table_bytes(), out);
  return 0;
}

int prove_position(const oc::Position& root, const ProveRequest& request, std::ostream& out,
                   std::ostream& err) {
  oc::Dfpn search(request.hash_mib);
  const ordo::Stopwatch clock;
  // A strategy file lists every position itself, so nothing is settled by a proof.
  const oc::DfpnLimits limits{request.nodes, nullptr,
                              request.use_proofs && !request.write_strategy};
  const oc::DfpnResult r = search.solve(root, limits);
  out << value_name(r.value) << (r.value ? " with best play\n" : ": stopped by --nodes\n");
  if (limits.proved_strategy && oc::centre_strategy_move(root))
    out << "by Order's proved centre strategy (orderchaos-check-strategy "
           "src/orderchaos/centre_strategy.txt re-checks it)\n";
  print_costs(r.nodes, clock.elapsed_seconds(), search.table_bytes(), out);
  if (!request.write_strategy) return 0;
  if (!r.value) {
    err << "no strategy: the position is not proved\n";
    return 1;
  }
  const oc::Role winner = *r.value == oc::Outcome::OrderWins ? oc::Role::Order : oc::Role::Chaos;
  const auto strategy = oc::extract_strategy(search, root, winner, limits, request.strategy_limit);
  if (!strategy) {
    err << "no strategy: more than " << request.strategy_limit
        << " positions, or a re-search stopped by --nodes\n";
    return 1;
  }
  request.write_strategy(oc::format_strategy(*strategy));
  out << "strategy: " << strategy->moves.size() << " positions written to " << request.strategy_name
      << '\n';
  return 0;
}

}  // namespace

int orderchaos_prove(const AnyGame& game, const ProveRequest& request, std::ostream& out,
                     std::ostream& err) {
  const oc::Game& rules = orderchaos_game_of(game);
  if (rules.result().over()) {
    err << "nothing to prove: " << oc::describe(rules.result()) << '\n';
    return 1;
  }
  if (request.frontier >= 0) {
    if (request.write_strategy) throw GameError("--strategy is for one position, not --frontier");
    return prove_frontier(rules.position(), request, out);
  }
  return prove_position(rules.position(), request, out, err);
}

}  // namespace games
