// Order and Chaos's `solve`: the exact value of a position (Order wins or Chaos wins with
// best play, orderchaos/solver.h), and a sampling report over seeded random positions with
// a given number of empty squares, which is how the solver's reach is measured (the empty
// board is far beyond it).
#include "orderchaos/ai/orderchaos_solve_report.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <iomanip>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "orderchaos/ai/orderchaos_game.h"
#include "orderchaos/movegen.h"
#include "orderchaos/notation.h"
#include "orderchaos/solver.h"
#include "util/random.h"
#include "util/report_format.h"
#include "util/stopwatch.h"

namespace ordo {

namespace oc = orderchaos;

namespace {

// Where the report goes.
struct Io {
  std::ostream& out;
  std::ostream& err;
};

// Sets `flag` once `ms` milliseconds have passed, unless destroyed first (0 = never).
class StopAfter {
 public:
  StopAfter(std::atomic<bool>& flag, std::int64_t ms) {
    if (ms <= 0) return;
    timer_ = std::thread([this, &flag, ms] {
      std::unique_lock lock(mutex_);
      if (!done_signal_.wait_for(lock, std::chrono::milliseconds(ms), [this] { return done_; }))
        flag.store(true);
    });
  }
  ~StopAfter() {
    if (!timer_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    done_signal_.notify_all();
    timer_.join();
  }
  StopAfter(const StopAfter&) = delete;
  StopAfter& operator=(const StopAfter&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable done_signal_;
  bool done_ = false;
  std::thread timer_;
};

struct Solved {
  oc::SolveResult result;
  double seconds = 0;
};

Solved solve_one(oc::Solver& solver, const oc::Position& pos, const games::SolveRequest& options) {
  std::atomic<bool> stop{false};
  const StopAfter timer(stop, options.movetime_ms);
  solver.clear();  // each position on its own: times do not depend on earlier ones
  const Stopwatch clock;
  Solved solved;
  solved.result = solver.solve(pos, oc::SolveLimits{options.nodes, &stop});
  solved.seconds = clock.elapsed_seconds();
  return solved;
}

std::string value_name(const std::optional<oc::Outcome>& value) {
  if (!value) return "unknown";
  return *value == oc::Outcome::OrderWins ? "Order wins" : "Chaos wins";
}

// A position with `empty` empty squares reached by random placements, not over and not won
// by Order's next placement (random play leaves many such trivial positions).
oc::Position random_position(oc::RuleVersion version, int empty, common::SplitMix64& rng) {
  for (;;) {
    oc::Position pos = oc::Position::start(version);
    while (std::popcount(pos.empty()) > empty && !pos.over()) {
      oc::MoveList list;
      oc::generate_legal(pos, list);
      pos.play(list.moves[rng.below(static_cast<std::uint32_t>(list.size))]);
    }
    if (!pos.over() && !oc::order_can_win_now(pos)) return pos;
  }
}

int solve_position(const oc::Position& pos, const games::SolveRequest& options, const Io& io) {
  oc::Solver solver(options.hash_mib);
  const Solved s = solve_one(solver, pos, options);
  const oc::SolveResult& r = s.result;
  if (options.json) {
    nlohmann::json j;
    j["position"] = pos.to_string();
    j["to_move"] = std::string(oc::role_name(pos.to_move()));
    j["value"] = !r.value ? "unknown" : (*r.value == oc::Outcome::OrderWins ? "order" : "chaos");
    if (r.best) j["best"] = oc::format_move(*r.best);
    j["nodes"] = r.nodes;
    j["time_ms"] = static_cast<std::int64_t>(s.seconds * 1000.0);
    io.out << j.dump() << '\n';
    return 0;
  }
  if (r.value) {
    io.out << value_name(r.value) << " with best play";
    const bool mover_wins =
        (*r.value == oc::Outcome::OrderWins) == (pos.to_move() == oc::Role::Order);
    if (r.best)
      io.out << (mover_wins ? "; a winning move: " : "; every move loses, e.g. ")
             << oc::format_move(*r.best);
    io.out << '\n';
  } else {
    io.out << "Unknown: stopped by the limit\n";
  }
  io.out << "nodes " << grouped(r.nodes) << ", table hits " << grouped(r.table_hits) << ", time "
         << fixed(s.seconds, 3) << " s\n";
  return 0;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

int solve_sample(oc::RuleVersion version, const games::SolveRequest& options, const Io& io) {
  common::SplitMix64 rng(options.seed);
  oc::Solver solver(options.hash_mib);
  int order = 0;
  int chaos = 0;
  int unknown = 0;
  std::vector<double> seconds;
  std::uint64_t nodes = 0;
  io.out << "Order and Chaos (" << oc::version_name(version) << "), " << options.sample
         << " random positions with " << options.empty << " empty squares, seed " << options.seed
         << "\n";
  for (int i = 0; i < options.sample; ++i) {
    const oc::Position pos = random_position(version, options.empty, rng);
    const Solved s = solve_one(solver, pos, options);
    order += s.result.value == oc::Outcome::OrderWins;
    chaos += s.result.value == oc::Outcome::ChaosWins;
    unknown += !s.result.value;
    seconds.push_back(s.seconds);
    nodes += s.result.nodes;
    io.out << "  " << std::left << std::setw(46) << pos.to_string() << " " << std::setw(11)
           << value_name(s.result.value) << std::right << std::setw(16) << grouped(s.result.nodes)
           << " nodes" << std::setw(10) << fixed(s.seconds, 3) << " s\n";
  }
  const double max_s = seconds.empty() ? 0 : *std::max_element(seconds.begin(), seconds.end());
  io.out << "Order wins " << order << ", Chaos wins " << chaos << ", unknown " << unknown
         << "; time per position: median " << fixed(median(seconds), 3) << " s, max "
         << fixed(max_s, 3) << " s; nodes " << grouped(nodes) << "\n";
  return 0;
}

}  // namespace

}  // namespace ordo

namespace games {

int orderchaos_solve(const AnyGame& any, const SolveRequest& request, std::ostream& out,
                     std::ostream& err) {
  namespace oc = orderchaos;
  if (request.turns != 0) {
    throw GameError("TURNS is for Ordo; Order and Chaos is solved to the end of the game");
  }
  if (request.sampling && request.sample == 0) {
    throw GameError("--empty and --seed go with --sample N");
  }
  if (request.sample > 0 && request.json) {
    throw GameError("--json is for one position, not --sample");
  }
  const oc::Game& game = orderchaos_game_of(any);
  const ordo::Io io{out, err};
  if (request.sample > 0) {
    if (request.empty < 1 || request.empty > oc::kSquares) {
      throw GameError("--empty: between 1 and 36 empty squares");
    }
    return ordo::solve_sample(game.position().version(), request, io);
  }
  if (game.result().over()) {
    err << "nothing to solve: " << oc::describe(game.result()) << '\n';
    return 1;
  }
  return ordo::solve_position(game.position(), request, io);
}

}  // namespace games
