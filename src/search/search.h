// Alpha-beta search: iterative deepening principal variation search with a transposition
// table, move ordering (TT move, captures, killers, history), mate-distance scores, a
// quiescence search for captures and threats, repetition draws, pruning and reductions
// (search_worker.h), aspiration windows, limits and a stop flag.
//
// Lazy SMP: with N threads, N - 1 helpers search the same root on their own threads and
// share the transposition table; the main thread alone decides the move and reports.
//
// With one thread, a fixed depth and no time limit the search is deterministic: the same
// position, history and limits give the same best move and node count on every run (on a
// fresh searcher or after clear(); the table is kept between searches otherwise).
//
// A template over a game's search rules (searcher.h); the definitions are in
// search_impl.h, instantiated in each game's ai/ folder.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "search/search_worker.h"
#include "search/searcher.h"
#include "search/transposition_table.h"

namespace ordo {

// The mate distance of a score in turns of the side to move (see Info::mate).
std::optional<int> mate_in_turns(int score);
// The same in plies (both players' turns) from the root: positive for a win, negative
// for a loss.
std::optional<int> mate_in_plies(int score);

template <class Rules>
class BasicAlphaBeta : public BasicSearcher<Rules> {
 public:
  using Position = typename Rules::Position;
  using Move = typename Rules::Move;
  using Weights = typename Rules::Weights;
  using Info = BasicInfo<Move>;
  using Result = BasicSearchResult<Move>;

  explicit BasicAlphaBeta(std::size_t table_mib = 16, int threads = 1);
  ~BasicAlphaBeta() override;

  Result search(const Position& root, const std::vector<std::uint64_t>& history,
                const SearchLimits& limits, const std::atomic<bool>& stop,
                const std::function<void(const Info&)>& on_info = {}) override;

  // The root moves that score at least `threshold` at `depth` (null-window tests, so
  // cheap), among the first `max_moves` in generation order; for levels that choose
  // among nearly equal moves. Uses the table filled by search(). `budget`'s nodes and
  // time (0: none) bound the whole test; the moves found until then are returned, and
  // the nodes it took in `nodes_used` (if given).
  std::vector<Move> moves_scoring_at_least(const Position& root,
                                           const std::vector<std::uint64_t>& history, int depth,
                                           int threshold, std::size_t max_moves,
                                           const SearchLimits& budget,
                                           const std::atomic<bool>& stop,
                                           std::uint64_t* nodes_used = nullptr);

  // Forgets everything learned: table, history heuristic.
  void clear() override;
  void set_threads(int threads);
  int threads() const { return static_cast<int>(workers_.size()); }
  void set_pruning(const PruningOptions& pruning);
  void set_weights(const Weights& weights) { model_ = Rules::model(weights); }
  void use_default_weights() { model_.reset(); }
  TranspositionTable& table() { return table_; }

 private:
  using Worker = BasicSearchWorker<Rules>;
  using SharedSearch = typename Worker::SharedSearch;

  // The main worker's iterative deepening; fills `result`.
  void deepen_main(const Position& root, SharedSearch& shared,
                   const std::function<void(const Info&)>& on_info, Result& result);
  std::uint64_t total_nodes() const;

  TranspositionTable table_;
  std::optional<typename Rules::Model> model_;
  std::vector<std::unique_ptr<Worker>> workers_;  // [0] is the main thread's
};

}  // namespace ordo
