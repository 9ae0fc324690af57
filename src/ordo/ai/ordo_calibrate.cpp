// Both rates change over a game, and not alike: the bot's random playouts shorten as the
// board empties, so it iterates several times faster late in a game, while our search
// speeds up far less. Hence one row per position, with its ply and piece count.
#include "ordo/ai/ordo_calibrate.h"

#include <algorithm>
#include <atomic>
#include <iomanip>

#include "ordo/ai/ordo_game.h"
#include "ordo/ai/ordo_search.h"
#include "ordo/ai/uct.h"
#include "util/report_format.h"
#include "util/stopwatch.h"

namespace games {

namespace {

struct Rates {
  int plies = 0;
  int pieces = 0;
  double ab_per_second = 0;
  double uct_per_second = 0;
};

double per_cpu_second(std::uint64_t count, const ordo::Stopwatch& timer) {
  return static_cast<double>(count) * 1000.0 /
         static_cast<double>(std::max<std::int64_t>(timer.elapsed_ms(), 1));
}

Rates measure(const ordo::Game& game, const CalibrateRequest& request) {
  using namespace ordo;
  const Position& pos = game.position();
  const std::atomic<bool> stop{false};
  Rates rates;
  rates.plies = static_cast<int>(game.moves().size());
  rates.pieces = popcount(pos.pieces(Color::White) | pos.pieces(Color::Black));
  {
    AlphaBeta search(kDefaultTableMib, 1);  // the match players' table size, one thread
    const Stopwatch timer(TimeBasis::ThreadCpu);
    const SearchResult result =
        search.search(pos, game.earlier_hashes(), SearchLimits{.nodes = request.nodes}, stop);
    rates.ab_per_second = per_cpu_second(result.nodes, timer);
  }
  {
    UctBot bot;
    const Stopwatch timer(TimeBasis::ThreadCpu);
    const UctResult result = bot.think(pos, UctLimits{.iterations = request.iterations}, stop);
    rates.uct_per_second = per_cpu_second(result.iterations, timer);
  }
  return rates;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace

void ordo_calibrate(const std::vector<const AnyGame*>& positions, const CalibrateRequest& request,
                    std::ostream& out) {
  using ordo::fixed;
  using ordo::grouped;
  out << "thread CPU time; alpha-beta " << grouped(request.nodes) << " nodes ("
      << ordo::kDefaultTableMib << " MiB, 1 thread), "
      << "reference bot " << grouped(request.iterations) << " iterations per position\n"
      << "plies  pieces  alpha-beta nodes/s  bot iterations/s\n";
  std::vector<double> ab, uct;
  for (const AnyGame* position : positions) {
    const Rates r = measure(ordo_game_of(*position), request);
    ab.push_back(r.ab_per_second);
    uct.push_back(r.uct_per_second);
    out << std::setw(5) << r.plies << "  " << std::setw(6) << r.pieces << "  " << std::setw(18)
        << grouped(static_cast<std::uint64_t>(r.ab_per_second)) << "  " << std::setw(16)
        << grouped(static_cast<std::uint64_t>(r.uct_per_second)) << '\n';
  }
  const double ab_median = median(ab), uct_median = median(uct);
  out << "median " << grouped(static_cast<std::uint64_t>(ab_median)) << " nodes/s, "
      << grouped(static_cast<std::uint64_t>(uct_median)) << " iterations/s over "
      << positions.size() << " positions\n"
      << "budgets: alpha-beta " << fixed(request.engine_seconds, 1)
      << " s = " << grouped(static_cast<std::uint64_t>(ab_median * request.engine_seconds))
      << " nodes, bot " << fixed(request.bot_seconds, 1)
      << " s = " << grouped(static_cast<std::uint64_t>(uct_median * request.bot_seconds))
      << " iterations\n";
}

}  // namespace games
