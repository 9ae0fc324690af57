// The template definitions of the engine facade (engine.h), included only where a game
// instantiates it (its ai/ folder), so that engine/ names no game.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "engine/engine.h"
#include "search/score.h"
#include "util/entropy.h"

namespace ordo {

template <class GameT>
BasicEngine<GameT>::BasicEngine(Options options) : options_(options), game_(GameT::start(options)) {
  GameT::check(options);
}

template <class GameT>
BasicEngine<GameT>::~BasicEngine() {
  finish_search();
}

template <class GameT>
void BasicEngine<GameT>::set_options(const Options& options) {
  GameT::check(options);
  finish_search();
  const bool new_board = GameT::new_board(options, options_);
  if (options.hash_mib != options_.hash_mib) alphabeta_.reset();
  options_ = options;
  if (alphabeta_) {
    alphabeta_->set_threads(options.threads);
    GameT::configure(*alphabeta_, options_);
  }
  if (new_board) new_game();
}

template <class GameT>
void BasicEngine<GameT>::prepare() {
  finish_search();
  searcher();
  // The lower levels choose among root moves with alpha-beta whatever the searcher.
  if (options_.level < kMaxLevel) alphabeta();
}

template <class GameT>
bool BasicEngine<GameT>::prepared() const {
  const bool alphabeta_needed =
      options_.searcher == SearcherKind::AlphaBeta || options_.level < kMaxLevel;
  const bool mcts_needed = options_.searcher == SearcherKind::Mcts;
  return (!alphabeta_needed || alphabeta_) && (!mcts_needed || mcts_);
}

template <class GameT>
void BasicEngine<GameT>::new_game() {
  finish_search();
  game_ = Game(GameT::start(options_));
  if (alphabeta_) alphabeta_->clear();
  if (mcts_) mcts_->clear();
}

template <class GameT>
void BasicEngine<GameT>::set_position(const std::vector<std::string>& moves) {
  set_position(GameT::start(options_), moves);
}

template <class GameT>
void BasicEngine<GameT>::set_position(const Position& start,
                                      const std::vector<std::string>& moves) {
  using GameMoveError = typename GameT::MoveErrorType;
  finish_search();
  // Built aside so that an illegal move leaves the current game untouched.
  Game game(start);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    try {
      GameT::play(game, moves[i]);
    } catch (const GameMoveError& e) {
      throw GameMoveError("move " + std::to_string(i + 1) + " '" + moves[i] + "' (" +
                          GameT::mover_name(game) + ") is illegal: " + e.what());
    }
  }
  game_ = std::move(game);
}

template <class GameT>
void BasicEngine<GameT>::go(const GoLimits& limits, Callbacks callbacks) {
  prepare();  // allocate the table here, not on the clock
  stop_.store(false);
  searching_.store(true);
  worker_ = std::thread(
      [this, limits, cb = std::move(callbacks)]() mutable { think(limits, std::move(cb)); });
}

template <class GameT>
void BasicEngine<GameT>::stop() {
  {
    // Under the mutex so that a worker about to wait cannot miss the signal.
    const std::lock_guard lock(stop_mutex_);
    stop_.store(true);
  }
  stop_signal_.notify_all();
}

template <class GameT>
void BasicEngine<GameT>::wait() {
  if (worker_.joinable()) worker_.join();
}

template <class GameT>
void BasicEngine<GameT>::finish_search() {
  if (!worker_.joinable()) return;
  stop();
  worker_.join();
}

template <class GameT>
typename BasicEngine<GameT>::AlphaBetaT& BasicEngine<GameT>::alphabeta() {
  if (!alphabeta_) {
    alphabeta_ = std::make_unique<AlphaBetaT>(options_.hash_mib, options_.threads);
    GameT::configure(*alphabeta_, options_);
  }
  return *alphabeta_;
}

template <class GameT>
BasicSearcher<typename GameT::Rules>& BasicEngine<GameT>::searcher() {
  if (options_.searcher == SearcherKind::AlphaBeta) return alphabeta();
  if (!mcts_) mcts_ = GameT::make_mcts();
  return *mcts_;
}

template <class GameT>
void BasicEngine<GameT>::think(GoLimits limits, Callbacks callbacks) {
  const Position& root = game_.position();
  Result result;
  // A game that is over by history (repetition, move limit) has no move to find either.
  if (!game_.result().over()) {
    const auto on_info = [&](const Info& info) {
      if (callbacks.on_info) callbacks.on_info(root, info);
    };
    const std::vector<std::uint64_t> history = GameT::history(game_);
    const SearchLimits search =
        limits_at_level(search_limits(limits, GameT::mover(root)), GameT::level(options_));
    // The whole go() (search and the level's choice) keeps to the time limit.
    const Stopwatch clock(search.time_basis);
    if (const std::optional<Result> proved = proved_result(root)) {
      result = *proved;
    } else {
      result = choose(root, history, search, clock,
                      searcher().search(root, history, search, stop_, on_info));
    }
    if (result.best_move && callbacks.on_final_info) {
      const std::int64_t elapsed = clock.elapsed_ms();
      const std::uint64_t nps =
          result.nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(elapsed, 1));
      callbacks.on_final_info(root, Info{result.depth, result.score, result.mate, result.nodes, nps,
                                         elapsed, result.pv});
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

template <class GameT>
std::optional<typename BasicEngine<GameT>::Result> BasicEngine<GameT>::proved_result(
    const Position& root) const {
  if constexpr (requires { GameT::proved_move(options_, root); }) {
    if (const auto proved = GameT::proved_move(options_, root)) {
      // A proved win within `turns_bound` turns: reported as a mate score of that bound.
      Result result;
      result.best_move = proved->move;
      result.pv = {proved->move};
      result.depth = 1;
      result.mate = proved->turns_bound;
      result.score = winning_score(2 * proved->turns_bound - 1);
      return result;
    }
  }
  return std::nullopt;
}

template <class GameT>
typename BasicEngine<GameT>::Result BasicEngine<GameT>::choose(
    const Position& root, const std::vector<std::uint64_t>& history, const SearchLimits& limits,
    const Stopwatch& clock, Result result) {
  // The choice gets what is left of the time (at least 1 ms: 0 means no limit). Its nodes
  // are the level's own budget, as the levels were measured with (docs/levels.md).
  const SearchLimits budget{
      .time_ms =
          limits.time_ms == 0 ? 0 : std::max<std::int64_t>(limits.time_ms - clock.elapsed_ms(), 1),
      .time_basis = limits.time_basis,
  };
  const std::uint64_t seed = options_.seed ? *options_.seed : common::entropy_seed();
  std::uint64_t nodes_used = 0;
  const std::optional<Move> chosen =
      options_.level < kMaxLevel
          ? choose_at_level(GameT::level(options_), alphabeta(), root, history, result, seed, stop_,
                            budget, &nodes_used)
          : result.best_move;
  result.nodes += nodes_used;
  if (chosen && result.best_move && !(*chosen == *result.best_move)) {
    result.best_move = chosen;
    result.pv = {*chosen};
  }
  if (result.best_move && result.pv.empty()) result.pv = {*result.best_move};
  return result;
}

}  // namespace ordo
