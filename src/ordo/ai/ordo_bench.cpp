// Ordo's bench workload (`bench`): perft over built-in positions, seeded uniformly random
// complete games, then fixed-depth alpha-beta searches. Counts are the same on every run;
// only the times change.
#include "ordo/ai/ordo_bench.h"

#include <atomic>
#include <iomanip>
#include <map>
#include <span>

#include "ordo/ai/ordo_search.h"
#include "ordo/notation.h"
#include "ordo/perft.h"
#include "ordo/playout.h"
#include "util/report_format.h"
#include "util/stopwatch.h"

namespace ordo {

namespace {

constexpr std::uint64_t kSeed = 20240601;
constexpr int kDefaultGames = 20000;
constexpr int kQuickGames = 100;

struct BenchPosition {
  const char* name;
  const char* position;
  int depth, quick_depth;
};

// From tests/agreement_test.cpp (PerftTable), where the counts are checked against the
// reference generator.
constexpr BenchPosition kClassicPositions[] = {
    {"start 10x8", "2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2 w", 4, 2},
    {"start 8x8", "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w", 4, 2},
    {"white split", "2bb2bb2/bbbb1bbbbb/bb2b3bb/4b5/2w7/4ww2ww/wwww1wwwww/2ww2ww2 w", 3, 2},
    {"black split", "2bb2bb2/bbbb1bbbbb/bb3b2bb/10/3w6/ww3w2ww/wwwwwwwwww/2ww2ww2 b", 3, 2},
    {"midgame 8x8", "8/1bbb2b1/2bb1bb1/3wb3/2ww4/1ww1ww2/2ww4/8 w", 3, 2},
};

// Ordo X has thousands of whole turns per position, so the depths are lower.
constexpr BenchPosition kXPositions[] = {
    {"start 10x8", "2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2 w", 2, 1},
    {"start 8x8", "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w", 2, 1},
    {"tie 7x6", "7/1b1b3/1bbb3/2ww3/7/7 w", 3, 2},
    {"battle 6x6", "6/1bbb2/2b3/2ww2/1www2/6 b", 3, 2},
};

constexpr int kDefaultXGames = 1000;

void bench_perft(Variant variant, bool quick, std::ostream& out) {
  out << "Perft (" << (variant == Variant::X ? "Ordo X, whole turns" : "classic rules") << ")\n"
      << "  " << std::left << std::setw(14) << "position" << std::right << std::setw(6) << "depth"
      << std::setw(16) << "nodes" << std::setw(11) << "seconds" << std::setw(10) << "Mnps" << '\n';
  auto row = [&](const std::string& name, const std::string& depth, std::uint64_t nodes,
                 double seconds) {
    out << "  " << std::left << std::setw(14) << name << std::right << std::setw(6) << depth
        << std::setw(16) << grouped(nodes) << std::setw(11) << fixed(seconds, 3) << std::setw(10)
        << fixed(per_second(static_cast<double>(nodes), seconds) / 1e6, 2) << '\n';
  };
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  const std::span<const BenchPosition> positions =
      variant == Variant::X ? std::span<const BenchPosition>(kXPositions)
                            : std::span<const BenchPosition>(kClassicPositions);
  for (const BenchPosition& p : positions) {
    Position pos = Position::parse(p.position, variant);
    const int depth = quick ? p.quick_depth : p.depth;
    const Stopwatch clock;
    const std::uint64_t nodes = perft(pos, depth);
    const double seconds = clock.elapsed_seconds();
    row(p.name, std::to_string(depth), nodes, seconds);
    total_nodes += nodes;
    total_seconds += seconds;
  }
  row("total", "", total_nodes, total_seconds);
}

void bench_games(Variant variant, int games, std::ostream& out) {
  const Position start = Position::start(variant);
  out << "Random games (" << (variant == Variant::X ? "Ordo X" : "classic rules")
      << ", 10x8 start, seed " << kSeed << ", repetition draw on)\n";
  Rng rng(kSeed);
  std::map<std::pair<Outcome, Termination>, int> endings;
  std::uint64_t plies = 0;
  const Stopwatch clock;
  for (int i = 0; i < games; ++i) {
    const PlayoutResult r = random_playout(start, rng);
    plies += static_cast<std::uint64_t>(r.plies);
    ++endings[{r.result.outcome, r.result.termination}];
  }
  const double seconds = clock.elapsed_seconds();
  const double per_game = games ? static_cast<double>(plies) / games : 0.0;
  auto line = [&](const std::string& label, const std::string& value,
                  const std::string& note = "") {
    out << "  " << std::left << std::setw(16) << label << std::right << std::setw(14) << value
        << (note.empty() ? "" : "  " + note) << '\n';
  };
  line("games", grouped(static_cast<std::uint64_t>(games)));
  // Appended rather than "(" + text: GCC 12 warns falsely (-Wrestrict) on that at -O3.
  std::string per_game_note = "(";
  per_game_note += fixed(per_game, 1);
  per_game_note += " per game)";
  line("plies", grouped(plies), per_game_note);
  line("seconds", fixed(seconds, 3));
  line("games/second", grouped(per_second(games, seconds), 1));
  line("plies/second", grouped(per_second(static_cast<double>(plies), seconds), 1));
  out << "  How the games ended:\n";
  for (const auto& [ending, count] : endings) {
    const double share = games ? 100.0 * count / games : 0.0;
    out << "    " << std::right << std::setw(10) << grouped(static_cast<std::uint64_t>(count))
        << "  " << std::setw(5) << fixed(share, 1) << "%  "
        << describe({ending.first, ending.second}) << '\n';
  }
}

// A fixed-depth alpha-beta search of each perft position on a fresh searcher: the node
// count is the same on every run (one thread, no time limit).
void bench_search(Variant variant, bool quick, std::ostream& out) {
  const int depth = variant == Variant::X ? (quick ? 1 : 2) : (quick ? 2 : 4);
  out << "Search (alpha-beta, depth " << depth << ", one thread)\n";
  const std::span<const BenchPosition> positions =
      variant == Variant::X ? std::span<const BenchPosition>(kXPositions)
                            : std::span<const BenchPosition>(kClassicPositions);
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  const std::atomic<bool> stop{false};
  for (const BenchPosition& p : positions) {
    AlphaBeta searcher(16);
    const Position pos = Position::parse(p.position, variant);
    const Stopwatch clock;
    const SearchResult result = searcher.search(pos, {}, {.depth = depth}, stop);
    const double seconds = clock.elapsed_seconds();
    total_nodes += result.nodes;
    total_seconds += seconds;
    out << "  " << std::left << std::setw(14) << p.name << std::right << std::setw(14)
        << grouped(result.nodes) << " nodes  best "
        << (result.best_move ? format_move(pos, *result.best_move) : "-") << '\n';
  }
  out << "  " << std::left << std::setw(14) << "total" << std::right << std::setw(14)
      << grouped(total_nodes) << " nodes  "
      << fixed(per_second(static_cast<double>(total_nodes), total_seconds) / 1e6, 3)
      << " M nodes/s\n";
}

}  // namespace

}  // namespace ordo

namespace games {

void ordo_bench(const BenchRequest& request, std::ostream& out) {
  using namespace ordo;
  if (!request.rules.empty() && request.rules != "classic" && request.rules != "x") {
    throw GameError("Ordo's rules are classic or x, not '" + request.rules + "'");
  }
  const Variant variant = request.rules == "x" ? Variant::X : Variant::Classic;
  const int full = variant == Variant::X ? kDefaultXGames : kDefaultGames;
  const int games = request.games ? *request.games : request.quick ? kQuickGames : full;
  bench_perft(variant, request.quick, out);
  out << '\n';
  bench_games(variant, games, out);
  out << '\n';
  bench_search(variant, request.quick, out);
}

}  // namespace games
