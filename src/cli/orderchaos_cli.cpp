#include "cli/orderchaos_cli.h"

#include <algorithm>
#include <atomic>
#include <iomanip>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/report_util.h"
#include "orderchaos/ai/orderchaos_search.h"
#include "orderchaos/diagram.h"
#include "orderchaos/movegen.h"
#include "orderchaos/notation.h"
#include "orderchaos/perft.h"
#include "util/entropy.h"
#include "util/random.h"
#include "util/stopwatch.h"

namespace ordo::cli {

namespace oc = orderchaos;

namespace {

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

oc::RuleVersion parse_version(const std::string& rules) {
  if (rules.empty() || rules == "original") return oc::RuleVersion::Original;
  if (rules == "exact-five") return oc::RuleVersion::ExactFive;
  throw std::invalid_argument("unknown rule set '" + rules +
                              "' for Order and Chaos; expected original or exact-five");
}

std::vector<std::string> sorted_moves(const oc::Position& pos) {
  oc::MoveList list;
  oc::generate_legal(pos, list);
  std::vector<std::string> texts;
  for (const oc::Move m : list) texts.push_back(oc::format_move(m));
  std::sort(texts.begin(), texts.end());
  return texts;
}

}  // namespace

namespace {

void print_info(const OrderChaosInfo& info, std::ostream& out) {
  out << "info depth " << info.depth << " score ";
  if (info.mate) {
    out << "mate " << *info.mate;
  } else {
    out << "cp " << info.score;
  }
  out << " nodes " << info.nodes << " nps " << info.nodes_per_second << " time " << info.elapsed_ms
      << " pv";
  for (const oc::Move m : info.pv) out << ' ' << oc::format_move(m);
  out << '\n';
}

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

}  // namespace

oc::Game make_orderchaos_game(const CommonOptions& options) {
  if (!options.size.empty())
    throw std::invalid_argument("--size: Order and Chaos is played on 6x6 only");
  if (options.no_repetition || options.move_limit)
    throw std::invalid_argument(
        "--no-repetition and --move-limit are Ordo options; Order and Chaos always ends "
        "within 36 moves");
  const oc::RuleVersion version = parse_version(options.rules);
  oc::Position start = oc::Position::start(version);
  if (!options.position.empty()) {
    try {
      start = oc::Position::parse(options.position, version);
    } catch (const oc::PositionError& e) {
      throw std::invalid_argument(std::string("--position: ") + e.what());
    }
  }
  oc::Game game(start);
  std::istringstream words(options.moves);
  std::vector<std::string> moves;
  for (std::string word; words >> word;) moves.push_back(word);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    try {
      game.play(moves[i]);
    } catch (const oc::MoveError& e) {
      throw std::invalid_argument(
          "--moves: move " + std::to_string(i + 1) + " of " + std::to_string(moves.size()) + " (" +
          std::string(oc::role_name(game.position().to_move())) + ") is illegal: " + e.what());
    }
  }
  return game;
}

int orderchaos_perft(const CommonOptions& options, int depth, bool divide, const Streams& io) {
  oc::Position pos = make_orderchaos_game(options).position();
  const Stopwatch clock;
  std::uint64_t nodes = 0;
  if (divide && depth > 0) {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    oc::MoveList list;
    oc::generate_legal(pos, list);
    for (const oc::Move m : list) {
      pos.play(m);
      rows.emplace_back(oc::format_move(m), oc::perft(pos, depth - 1));
      pos.undo(m);
      nodes += rows.back().second;
    }
    std::sort(rows.begin(), rows.end());
    for (const auto& [text, count] : rows) io.out << text << ": " << count << '\n';
    io.out << '\n';
  } else {
    nodes = oc::perft(pos, depth);
  }
  const double seconds = clock.elapsed_seconds();
  io.out << "Time " << fixed(seconds, 3) << " s, "
         << grouped(static_cast<std::uint64_t>(per_second(static_cast<double>(nodes), seconds)))
         << " nodes/s\n";
  io.out << "Nodes searched: " << nodes << '\n';
  return 0;
}

int orderchaos_moves(const CommonOptions& options, const Streams& io) {
  const oc::Game game = make_orderchaos_game(options);
  if (game.result().over()) {
    io.err << "no legal moves: " << oc::describe(game.result()) << '\n';
    return 0;
  }
  for (const std::string& move : sorted_moves(game.position())) io.out << move << '\n';
  return 0;
}

int orderchaos_show(const CommonOptions& options, const Streams& io) {
  const oc::Game game = make_orderchaos_game(options);
  const oc::Position& pos = game.position();
  auto line = [&](const std::string& label, const std::string& value) {
    io.out << std::left << std::setw(10) << label << value << '\n';
  };
  io.out << oc::board_diagram(pos) << '\n';
  line("Game", "Order and Chaos (Stephen Sniderman), rules: " +
                   std::string(oc::version_name(pos.version())));
  line("Position", pos.to_string());
  if (game.result().over()) {
    line("Result", std::string(oc::result_token(game.result().outcome)) + " (" +
                       oc::describe(game.result()) + ")");
  } else {
    const int placed = std::popcount(pos.occupied());
    line("Turn", std::string(oc::role_name(pos.to_move())) + " to move (" + std::to_string(placed) +
                     " of 36 squares filled)");
  }
  return 0;
}

void orderchaos_bench(int games, bool quick, std::ostream& out) {
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

int orderchaos_bestmove(const CommonOptions& options, const OrderChaosSearchOptions& search,
                        const Streams& io) {
  const oc::Game game = make_orderchaos_game(options);
  if (game.result().over()) {
    io.err << "no move to find: " << oc::describe(game.result()) << '\n';
    return 1;
  }
  SearchLimits limits = search.limits;
  if (!limits.depth && !limits.nodes && !limits.time_ms) limits.time_ms = 1000;
  const LevelSettings level = orderchaos_level_settings(search.level);
  OrderChaosAlphaBeta alphabeta(search.hash_mib, search.threads);
  OrderChaosMcts mcts(orderchaos_mcts_config());
  OrderChaosSearcher& searcher = search.searcher == "mcts"
                                     ? static_cast<OrderChaosSearcher&>(mcts)
                                     : static_cast<OrderChaosSearcher&>(alphabeta);
  const std::atomic<bool> stop{false};
  const oc::Position& root = game.position();
  const OrderChaosSearchResult result =
      searcher.search(root, {}, limits_at_level(limits, level), stop,
                      [&](const OrderChaosInfo& info) { print_info(info, io.out); });
  const std::optional<oc::Move> chosen =
      choose_at_level(level, alphabeta, root, {}, result,
                      search.seed ? *search.seed : common::entropy_seed(), stop);
  io.out << "bestmove " << oc::format_move(*chosen) << '\n';
  return 0;
}

}  // namespace ordo::cli
