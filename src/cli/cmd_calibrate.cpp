// `calibrate --openings BOOK`: how many alpha-beta nodes and reference-bot iterations a
// second of thread CPU time buys on each position of a book, so that fixed-node matches
// against the bot can be given budgets that stand for its seconds (research/performance.md).
//
// Both rates change over a game, and not alike: the bot's random playouts shorten as the
// board empties, so it iterates several times faster late in a game, while our search
// speeds up far less. Hence one row per position, with its ply and piece count.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>
#include <vector>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "cli/text_file.h"
#include "engine/game_registry.h"
#include "match/openings.h"
#include "ordo/ai/ordo_search.h"
#include "ordo/ai/uct.h"
#include "util/report_format.h"
#include "util/stopwatch.h"

namespace ordo::cli {

namespace {

struct CalibrateOptions {
  CommonOptions common;
  std::string openings;
  std::uint64_t nodes = 400'000;
  std::uint64_t iterations = 20'000;
  double ab_seconds = 1.0;
  double uct_seconds = 5.0;
};

struct Rates {
  int plies = 0;
  int pieces = 0;
  double ab_per_second = 0;
  double uct_per_second = 0;
};

// The positions of the book, read and checked by the match runner's book reader (which
// names a bad line and move, and refuses a line that ends the game), then played from the
// start of --rules/--size/--position.
std::vector<Game> book_games(const CalibrateOptions& o) {
  std::istringstream book(read_text_file(o.openings, "opening book"));
  std::vector<Game> games;
  for (const match::Opening& opening :
       match::read_openings(book, game_spec(o.common), o.openings)) {
    Game game = make_game(o.common);
    for (const std::string& move : opening.moves) game.play(move);
    games.push_back(std::move(game));
  }
  return games;
}

double per_cpu_second(std::uint64_t count, const Stopwatch& timer) {
  return static_cast<double>(count) * 1000.0 /
         static_cast<double>(std::max<std::int64_t>(timer.elapsed_ms(), 1));
}

Rates measure(const Game& game, const CalibrateOptions& o) {
  const Position& pos = game.position();
  const std::atomic<bool> stop{false};
  Rates rates;
  rates.plies = static_cast<int>(game.moves().size());
  rates.pieces = popcount(pos.pieces(Color::White) | pos.pieces(Color::Black));
  {
    AlphaBeta search(kDefaultTableMib, 1);  // the match players' table size, one thread
    const Stopwatch timer(TimeBasis::ThreadCpu);
    const SearchResult result =
        search.search(pos, game.earlier_hashes(), SearchLimits{.nodes = o.nodes}, stop);
    rates.ab_per_second = per_cpu_second(result.nodes, timer);
  }
  {
    UctBot bot;
    const Stopwatch timer(TimeBasis::ThreadCpu);
    const UctResult result = bot.think(pos, UctLimits{.iterations = o.iterations}, stop);
    rates.uct_per_second = per_cpu_second(result.iterations, timer);
  }
  return rates;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

int run_calibrate(const CalibrateOptions& o, const Streams& io) {
  if (!games::has_extra_player(o.common.game, "uct")) {
    throw std::invalid_argument("calibrate measures the reference bot, which plays only " +
                                games::games_with_extra_player("uct"));
  }
  if (!o.common.moves.empty()) {
    throw std::invalid_argument("calibrate takes its positions from --openings, not --moves");
  }
  const std::vector<Game> games = book_games(o);
  io.out << "thread CPU time; alpha-beta " << grouped(o.nodes) << " nodes (" << kDefaultTableMib
         << " MiB, 1 thread), "
         << "reference bot " << grouped(o.iterations) << " iterations per position\n"
         << "plies  pieces  alpha-beta nodes/s  bot iterations/s\n";
  std::vector<double> ab, uct;
  for (const Game& game : games) {
    const Rates r = measure(game, o);
    ab.push_back(r.ab_per_second);
    uct.push_back(r.uct_per_second);
    io.out << std::setw(5) << r.plies << "  " << std::setw(6) << r.pieces << "  " << std::setw(18)
           << grouped(static_cast<std::uint64_t>(r.ab_per_second)) << "  " << std::setw(16)
           << grouped(static_cast<std::uint64_t>(r.uct_per_second)) << '\n';
  }
  const double ab_median = median(ab), uct_median = median(uct);
  io.out << "median " << grouped(static_cast<std::uint64_t>(ab_median)) << " nodes/s, "
         << grouped(static_cast<std::uint64_t>(uct_median)) << " iterations/s over " << games.size()
         << " positions\n"
         << "budgets: alpha-beta " << fixed(o.ab_seconds, 1)
         << " s = " << grouped(static_cast<std::uint64_t>(ab_median * o.ab_seconds))
         << " nodes, bot " << fixed(o.uct_seconds, 1)
         << " s = " << grouped(static_cast<std::uint64_t>(uct_median * o.uct_seconds))
         << " iterations\n";
  return 0;
}

}  // namespace

void add_calibrate_command(CLI::App& app, Action& chosen) {
  auto o = std::make_shared<CalibrateOptions>();
  CLI::App* command = app.add_subcommand(
      "calibrate",
      "Measure alpha-beta nodes and reference-bot iterations per CPU second on a book's positions");
  command
      ->add_option("--openings", o->openings, "Book: one position a line, its moves from the start")
      ->required();
  command->add_option("--nodes", o->nodes, "Alpha-beta nodes per position")
      ->check(CLI::Range(std::uint64_t{1000}, std::uint64_t{1} << 40))
      ->capture_default_str();
  command->add_option("--iterations", o->iterations, "Bot iterations per position")
      ->check(CLI::Range(std::uint64_t{100}, std::uint64_t{1} << 40))
      ->capture_default_str();
  command->add_option("--ab-seconds", o->ab_seconds, "Our engine's seconds a move, for the budget")
      ->check(CLI::Range(0.001, 3600.0))
      ->capture_default_str();
  command->add_option("--uct-seconds", o->uct_seconds, "The bot's seconds a move, for the budget")
      ->check(CLI::Range(0.001, 3600.0))
      ->capture_default_str();
  add_common_options(*command, o->common);
  command->callback(
      [o, &chosen] { chosen = [o](const Streams& io) { return run_calibrate(*o, io); }; });
}

}  // namespace ordo::cli
