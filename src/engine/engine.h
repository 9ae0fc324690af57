// The engine facade: one game, the engine's options and a searcher that thinks on a worker
// thread the engine owns. Front ends (the UGI protocol, later a GUI) are thin adapters over
// it: they set the position, call go() with limits and callbacks, and may stop() at any time.
//
// Every game through one facade: BasicEngine is a template over a small per-game type
// (OrdoEngineGame in ordo/ai/ordo_facade.h, OrderChaosEngineGame in
// orderchaos/ai/orderchaos_facade.h) that says how to make the start position, play a move
// text, read the game's history and levels; everything else (the worker thread, stop and
// wait, the clock, levels' choice) is written once, in engine_impl.h, and instantiated in
// each game's ai/ folder. Engine is Ordo's, OrderChaosEngine the second game's.
//
// Threads. Every call except stop() and is_searching() comes from one controlling thread
// (the front end's). stop() and is_searching() may come from any thread. The callbacks run
// on the worker thread; the engine's game does not change while a search runs, so they may
// read the root position they are given (and nothing else of the engine).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "search/levels.h"
#include "search/searcher.h"
#include "search/transposition_table.h"
#include "util/stopwatch.h"

namespace ordo {

enum class SearcherKind { AlphaBeta, Mcts };

// What go() may be told. Zero means "not given" for every number.
struct GoLimits {
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t movetime_ms = 0;
  TimeBasis movetime_basis = TimeBasis::Wall;  // what movetime_ms counts; a clock is wall time
  bool infinite = false;  // search until stop(); the best move is reported only then
  // Clock per side (index(Color) for Ordo, index(Role) for Order and Chaos): time left
  // (-1 = no clock) and increment.
  std::int64_t time_left_ms[2] = {-1, -1};
  std::int64_t increment_ms[2] = {0, 0};
  int moves_to_go = 0;  // turns of the mover until the clock is topped up; 0 = sudden death
};

// The thinking time for the side to move (its clock index, 0 or 1) under a clock: a
// fraction of what is left plus most of the increment, never more than a safe share of
// what is left. 0 = no clock.
std::int64_t clock_budget_ms(const GoLimits& limits, int mover);

// The searcher's limits for go(): depth, nodes, movetime and the clock budget combined
// (the tighter time wins); all zero for an infinite search.
SearchLimits search_limits(const GoLimits& limits, int mover);

template <class Position, class Info, class Result>
struct BasicSearchCallbacks {
  // After every finished iteration.
  std::function<void(const Position& root, const Info& info)> on_info;
  // Once per go(), last: the result (best_move empty when the game is over).
  std::function<void(const Position& root, const Result& result)> on_best_move;
  // Once per go() that found a move, just before on_best_move: the move played, the last
  // finished iteration's depth, score and nodes, and the time of the whole go().
  std::function<void(const Position& root, const Info& info)> on_final_info = {};
};

template <class GameT>
class BasicEngine {
 public:
  using Rules = typename GameT::Rules;
  using Options = typename GameT::Options;
  using Game = typename GameT::Game;
  using Position = typename Rules::Position;
  using Move = typename Rules::Move;
  using Info = BasicInfo<Move>;
  using Result = BasicSearchResult<Move>;
  using Callbacks = BasicSearchCallbacks<Position, Info, Result>;

  explicit BasicEngine(Options options = {});
  ~BasicEngine();  // stops and joins a running search
  BasicEngine(const BasicEngine&) = delete;
  BasicEngine& operator=(const BasicEngine&) = delete;

  const Options& options() const { return options_; }
  // Takes new options. A change of rules or board size starts a new game, since the
  // current one no longer fits them; a new hash size gives the searcher a new table.
  // Options the game cannot serve throw std::invalid_argument and change nothing.
  void set_options(const Options& options);

  // Makes what the next search needs (the searcher and its table of the options' hash
  // size) now, so that a search's time is not spent allocating. go() does it too.
  void prepare();
  // Whether prepare() has nothing left to do.
  bool prepared() const;

  // Forgets the game and what the searcher learned; the start position of the options.
  void new_game();
  // The given position (or the options' start position) with `moves` played in any
  // accepted notation. Throws the game's MoveError naming the move (text and number) and
  // why it is illegal; the game is then left as it was.
  void set_position(const std::vector<std::string>& moves);
  void set_position(const Position& start, const std::vector<std::string>& moves);
  const Game& game() const { return game_; }

  // Starts a search of the current position on the worker thread and returns at once.
  void go(const GoLimits& limits, Callbacks callbacks);
  // Asks the running search to finish; it still reports its best move. Returns at once.
  void stop();
  // Blocks until the running search (if any) has reported its best move. An infinite
  // search ends only after stop().
  void wait();
  bool is_searching() const { return searching_.load(); }

 private:
  using AlphaBetaT = typename GameT::AlphaBetaSearcher;

  // Every state change first ends the running search (stop, then join).
  void finish_search();
  void think(GoLimits limits, Callbacks callbacks);
  // The move of a proved strategy, where the game has one in force for the options (say,
  // a level) and the position (GameT::proved_move, optional); played without a search.
  std::optional<Result> proved_result(const Position& root) const;
  // The level's choice among the searched moves, within what is left of the time of
  // `limits` (the search's; `clock` started with it). Its nodes join the result's.
  Result choose(const Position& root, const std::vector<std::uint64_t>& history,
                const SearchLimits& limits, const Stopwatch& clock, Result result);
  AlphaBetaT& alphabeta();
  BasicSearcher<Rules>& searcher();

  Options options_;
  Game game_;
  // Made on first use with the options' hash size and threads; the MCTS searcher only
  // when chosen (the lower levels use alpha-beta for their choice among root moves).
  std::unique_ptr<AlphaBetaT> alphabeta_;
  std::unique_ptr<BasicSearcher<Rules>> mcts_;

  std::thread worker_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> searching_{false};
  // An infinite search that ended on its own waits here for stop().
  std::mutex stop_mutex_;
  std::condition_variable stop_signal_;
};

}  // namespace ordo
