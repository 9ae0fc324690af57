// The engine facade: game state, options, and the worker thread that runs the searcher.
#include "engine/engine.h"

#include <algorithm>
#include <utility>

#include "core/notation.h"

namespace ordo {

namespace {

// Left unspent for the front end and the pipe between engine and interface.
constexpr std::int64_t kClockOverheadMs = 30;

}  // namespace

std::int64_t clock_budget_ms(const GoLimits& limits, Color to_move) {
  const std::int64_t left = limits.time_left_ms[index(to_move)];
  if (left < 0) return 0;
  const std::int64_t inc = std::max<std::int64_t>(limits.increment_ms[index(to_move)], 0);
  // About 30 moves still to play unless told, and the increment comes back after this move.
  const int moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go + 1, 30) : 30;
  const std::int64_t wanted = left / moves + inc * 3 / 4;
  // Never more than three quarters of what is left beyond the overhead, so a short clock
  // is not lost on one move.
  const std::int64_t cap = std::max<std::int64_t>(left - kClockOverheadMs, 0) * 3 / 4;
  return std::max<std::int64_t>(std::min(wanted, cap), 1);
}

SearchLimits search_limits(const GoLimits& limits, Color to_move) {
  if (limits.infinite) return {};
  SearchLimits out{.depth = limits.depth, .nodes = limits.nodes, .time_ms = limits.movetime_ms};
  const std::int64_t budget = clock_budget_ms(limits, to_move);
  if (budget > 0) out.time_ms = out.time_ms > 0 ? std::min(out.time_ms, budget) : budget;
  return out;
}

Engine::Engine(EngineOptions options)
    : options_(options), game_(Position::start(options.variant, options.width, options.height)) {}

Engine::~Engine() {
  finish_search();
}

void Engine::set_options(const EngineOptions& options) {
  finish_search();
  const bool new_board = options.variant != options_.variant || options.width != options_.width ||
                         options.height != options_.height;
  if (options.hash_mib != options_.hash_mib) alphabeta_.reset();
  if (alphabeta_) alphabeta_->set_threads(options.threads);
  options_ = options;
  if (new_board) new_game();
}

void Engine::new_game() {
  finish_search();
  game_ = Game(Position::start(options_.variant, options_.width, options_.height));
  if (alphabeta_) alphabeta_->clear();
  if (mcts_) mcts_->clear();
}

void Engine::set_position(const std::vector<std::string>& moves) {
  set_position(Position::start(options_.variant, options_.width, options_.height), moves);
}

void Engine::set_position(const Position& start, const std::vector<std::string>& moves) {
  finish_search();
  // Built aside so that an illegal move leaves the current game untouched.
  Game game(start);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    try {
      game.play(moves[i]);
    } catch (const MoveError& e) {
      throw MoveError("move " + std::to_string(i + 1) + " '" + moves[i] + "' (" +
                      std::string(color_name(game.position().side_to_move())) +
                      ") is illegal: " + e.what());
    }
  }
  game_ = std::move(game);
}

void Engine::go(const GoLimits& limits, SearchCallbacks callbacks) {
  finish_search();
  searcher();  // allocate the table here, not on the clock
  if (options_.level < kMaxLevel) alphabeta();
  stop_.store(false);
  searching_.store(true);
  worker_ = std::thread(
      [this, limits, cb = std::move(callbacks)]() mutable { think(limits, std::move(cb)); });
}

void Engine::stop() {
  {
    // Under the mutex so that a worker about to wait cannot miss the signal.
    const std::lock_guard lock(stop_mutex_);
    stop_.store(true);
  }
  stop_signal_.notify_all();
}

void Engine::wait() {
  if (worker_.joinable()) worker_.join();
}

void Engine::finish_search() {
  if (!worker_.joinable()) return;
  stop();
  worker_.join();
}

AlphaBeta& Engine::alphabeta() {
  if (!alphabeta_) alphabeta_ = std::make_unique<AlphaBeta>(options_.hash_mib, options_.threads);
  return *alphabeta_;
}

Searcher& Engine::searcher() {
  if (options_.searcher == SearcherKind::AlphaBeta) return alphabeta();
  if (!mcts_) mcts_ = std::make_unique<Mcts>();
  return *mcts_;
}

void Engine::think(GoLimits limits, SearchCallbacks callbacks) {
  const Position& root = game_.position();
  SearchResult result;
  // A game that is over by history (repetition, move limit) has no move to find either.
  if (!game_.result().over()) {
    const auto on_info = [&](const Info& info) {
      if (callbacks.on_info) callbacks.on_info(root, info);
    };
    const LevelSettings level = level_settings(options_.level);
    const std::vector<std::uint64_t> history = game_.earlier_hashes();
    result = searcher().search(root, history,
                               limits_at_level(search_limits(limits, root.side_to_move()), level),
                               stop_, on_info);
    const std::optional<Move> chosen =
        choose_at_level(level, alphabeta(), root, history, result, options_.seed, stop_);
    if (chosen && result.best_move && !(*chosen == *result.best_move)) {
      result.best_move = chosen;
      result.pv = {*chosen};
    }
  }
  if (limits.infinite) {
    // The protocol reports the best move of an infinite search only when told to stop.
    std::unique_lock lock(stop_mutex_);
    stop_signal_.wait(lock, [this] { return stop_.load(); });
  }
  if (callbacks.on_best_move) callbacks.on_best_move(root, result);
  searching_.store(false);
}

}  // namespace ordo
