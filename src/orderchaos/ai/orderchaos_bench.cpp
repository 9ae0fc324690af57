// Order and Chaos's bench workload (`bench --game orderchaos`): perft from the empty board,
// seeded uniformly random complete games of both versions, and fixed-depth alpha-beta
// searches (node counts the same on every run).
#include "orderchaos/ai/orderchaos_bench.h"

#include <atomic>
#include <iomanip>
#include <string>

#include "orderchaos/ai/orderchaos_search.h"
#include "orderchaos/notation.h"
#include "orderchaos/perft.h"
#include "util/random.h"
#include "util/report_format.h"
#include "util/stopwatch.h"

namespace ordo {

namespace {

namespace oc = orderchaos;

constexpr int kDefaultGames = 2000000;
constexpr int kQuickGames = 100;

constexpr std::uint64_t kSeed = 20261122;

// The search part of `bench`: built-in positions searched to a fixed depth on a fresh
// searcher with one thread (depth, quick depth).
struct SearchBenchPosition {
  const char* name;
  const char* position;
  oc::RuleVersion version;
  int depth, quick_depth;
};

constexpr SearchBenchPosition kSearchPositions[] = {
    {"empty board", "6/6/6/6/6/6 order", oc::RuleVersion::Original, 6, 3},
    {"opening", "6/6/2xo2/2ox2/6/6 order", oc::RuleVersion::Original, 6, 3},
    {"middle", "6/1x2o1/2xx2/1oxo2/3x2/6 order", oc::RuleVersion::Original, 7, 4},
    {"exact-five", "6/1x2o1/2xx2/1oxo2/3x2/6 order", oc::RuleVersion::ExactFive, 7, 4},
    {"endgame", "xo1ox1/1xoxo1/ox1xo1/1oxox1/xo2ox/oxo1x1 order", oc::RuleVersion::Original, 12, 8},
};

void bench_search(bool quick, std::ostream& out) {
  out << "Search (alpha-beta, one thread)\n";
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  const std::atomic<bool> stop{false};
  for (const SearchBenchPosition& p : kSearchPositions) {
    OrderChaosAlphaBeta searcher(16);
    const oc::Position pos = oc::Position::parse(p.position, p.version);
    const int depth = quick ? p.quick_depth : p.depth;
    const Stopwatch clock;
    const OrderChaosSearchResult result = searcher.search(pos, {}, {.depth = depth}, stop);
    const double seconds = clock.elapsed_seconds();
    total_nodes += result.nodes;
    total_seconds += seconds;
    out << "  " << std::left << std::setw(12) << p.name << std::right << " depth " << std::setw(2)
        << depth << std::setw(14) << grouped(result.nodes) << " nodes  best "
        << (result.best_move ? oc::format_move(*result.best_move) : "-") << "  score "
        << (result.mate ? "mate " + std::to_string(*result.mate)
                        : "cp " + std::to_string(result.score))
        << '\n';
  }
  out << "  " << std::left << std::setw(21) << "total" << std::right << std::setw(14)
      << grouped(total_nodes) << " nodes  "
      << fixed(per_second(static_cast<double>(total_nodes), total_seconds) / 1e6, 3)
      << " M nodes/s\n";
}

void bench(int games, bool quick, std::ostream& out) {
  out << "Perft (Order and Chaos, empty board)\n";
  for (int depth = 1; depth <= (quick ? 3 : 4); ++depth) {
    oc::Position pos = oc::Position::start();
    const Stopwatch clock;
    const std::uint64_t nodes = oc::perft(pos, depth);
    const double seconds = clock.elapsed_seconds();
    out << "  depth " << depth << std::right << std::setw(16) << grouped(nodes) << std::setw(11)
        << fixed(seconds, 3) << " s" << std::setw(10)
        << fixed(per_second(static_cast<double>(nodes), seconds) / 1e6, 1) << " M nodes/s\n";
  }
  for (const auto version : {oc::RuleVersion::Original, oc::RuleVersion::ExactFive}) {
    out << "\nRandom games (Order and Chaos, " << oc::version_name(version) << ", seed " << kSeed
        << ")\n";
    common::SplitMix64 rng(kSeed);
    const oc::Position start = oc::Position::start(version);
    std::uint64_t plies = 0;
    int order_wins = 0;
    const Stopwatch clock;
    for (int i = 0; i < games; ++i) {
      const oc::PlayoutResult r = oc::random_playout(start, rng);
      plies += static_cast<std::uint64_t>(r.plies);
      order_wins += r.outcome == oc::Outcome::OrderWins;
    }
    const double seconds = clock.elapsed_seconds();
    out << "  games          " << grouped(static_cast<std::uint64_t>(games)) << "\n"
        << "  plies          " << grouped(plies) << "\n"
        << "  seconds        " << fixed(seconds, 3) << "\n"
        << "  games/second   " << grouped(per_second(games, seconds), 1) << "\n"
        << "  Order won      " << grouped(static_cast<std::uint64_t>(order_wins)) << " ("
        << fixed(games ? 100.0 * order_wins / games : 0.0, 1) << "%)\n";
  }
  out << '\n';
  bench_search(quick, out);
}

}  // namespace

}  // namespace ordo

namespace games {

void orderchaos_bench(const BenchRequest& request, std::ostream& out) {
  // Both versions are always benched; a rule set only has to be one of the game's.
  if (!request.rules.empty() && request.rules != "original" && request.rules != "exact-five") {
    throw GameError("Order and Chaos's rules are original or exact-five, not '" + request.rules +
                    "'");
  }
  const int games = request.games   ? *request.games
                    : request.quick ? ordo::kQuickGames
                                    : ordo::kDefaultGames;
  ordo::bench(games, request.quick, out);
}

}  // namespace games
