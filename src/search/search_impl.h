// The template definitions of search.h, included only where a game instantiates them (its
// ai/ folder: one file per template and game), so that search/ names no game.
#pragma once

#include <algorithm>
#include <thread>

#include "search/search.h"

namespace ordo {

namespace {

constexpr int kInfinity = kMateScore + 1;
constexpr int kMaxDepth = kMaxPly - 32;  // as in the worker: room for quiescence
// Aspiration windows from this depth on, this wide around the last score to begin with.
constexpr int kAspirationDepth = 4;
constexpr int kAspirationWindow = 40;

// One iteration, first in a narrow window around the last score, widened on each failure.
template <class Worker, class Position>
int aspirated(Worker& worker, Position& pos, int depth, int last_score) {
  if (depth < kAspirationDepth || std::abs(last_score) >= kMateThreshold)
    return worker.search_root(pos, depth, -kInfinity, kInfinity);
  int delta = kAspirationWindow;
  int alpha = std::max(last_score - delta, -kInfinity);
  int beta = std::min(last_score + delta, kInfinity);
  for (;;) {
    const int score = worker.search_root(pos, depth, alpha, beta);
    if (worker.aborted()) return 0;
    if (score <= alpha && alpha > -kInfinity) {
      alpha = std::max(score - delta, -kInfinity);
    } else if (score >= beta && beta < kInfinity) {
      beta = std::min(score + delta, kInfinity);
    } else {
      return score;
    }
    delta *= 4;
    if (delta > 1000) alpha = -kInfinity, beta = kInfinity;
  }
}

// A helper's iterative deepening: odd helpers start one ply deeper, so that the threads
// spread over two depths; runs until the main worker is done.
template <class Worker, class Position>
void deepen_helper(Worker& worker, const Position& root, int helper, int max_depth) {
  Position pos = root;
  int score = 0;
  for (int depth = 1 + helper % 2; depth <= max_depth; ++depth) {
    score = aspirated(worker, pos, depth, score);
    if (worker.aborted()) break;
  }
}

}  // namespace

template <class Rules>
BasicAlphaBeta<Rules>::BasicAlphaBeta(std::size_t table_mib, int threads) : table_(table_mib) {
  set_threads(threads);
}

template <class Rules>
BasicAlphaBeta<Rules>::~BasicAlphaBeta() = default;

template <class Rules>
void BasicAlphaBeta<Rules>::set_threads(int threads) {
  const auto count = static_cast<std::size_t>(std::max(threads, 1));
  while (workers_.size() > count) workers_.pop_back();
  while (workers_.size() < count) workers_.push_back(std::make_unique<Worker>(workers_.empty()));
}

template <class Rules>
void BasicAlphaBeta<Rules>::set_pruning(const PruningOptions& pruning) {
  for (auto& w : workers_) w->set_pruning(pruning);
}

template <class Rules>
void BasicAlphaBeta<Rules>::clear() {
  table_.clear();
  for (auto& w : workers_) w->clear_history();
}

template <class Rules>
std::uint64_t BasicAlphaBeta<Rules>::total_nodes() const {
  std::uint64_t total = 0;
  for (const auto& w : workers_) total += w->nodes();
  return total;
}

template <class Rules>
void BasicAlphaBeta<Rules>::deepen_main(const Position& root, SharedSearch& shared,
                                        const std::function<void(const Info&)>& on_info,
                                        Result& result) {
  Worker& worker = *workers_[0];
  Position pos = root;
  const SearchLimits& limits = shared.limits;
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxDepth) : kMaxDepth;
  int last_score = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    const int score = aspirated(worker, pos, depth, last_score);
    std::vector<Move> pv = worker.root_pv();
    if (worker.aborted()) {
      // A root move that beat the others before the stop was searched to the full new
      // depth: it is better evidence than the last finished iteration, so it is played
      // (the score and depth stay those of the finished iteration).
      if (!pv.empty() && !(result.best_move && pv[0] == *result.best_move)) {
        result.best_move = pv[0];
        result.pv = std::move(pv);
      }
      break;
    }
    if (pv.empty()) break;
    last_score = score;
    result.best_move = pv[0];
    result.score = score;
    result.mate = mate_in_turns(score);
    result.depth = depth;
    result.pv = std::move(pv);

    const auto elapsed = static_cast<int>(shared.timer.elapsed_ms());
    if (on_info) {
      const std::uint64_t nodes = total_nodes();
      const std::uint64_t nps = nodes * 1000 / static_cast<std::uint64_t>(std::max(elapsed, 1));
      on_info(Info{depth, score, result.mate, nodes, nps, elapsed, result.pv});
    }
    // A mate within the searched depth is exact: deeper iterations cannot change it.
    if (result.mate && std::abs(score) >= kMateScore - depth) break;
    // On a clock, the next iteration would take several times as long: what cannot end
    // is not started, and the time is kept for later moves.
    if (limits.time_from_clock && elapsed * 2 >= limits.time_ms) break;
  }
}

template <class Rules>
typename BasicAlphaBeta<Rules>::Result BasicAlphaBeta<Rules>::search(
    const Position& root, const std::vector<std::uint64_t>& history, const SearchLimits& limits,
    const std::atomic<bool>& stop, const std::function<void(const Info&)>& on_info) {
  SharedSearch shared;
  shared.table = &table_;
  shared.model = model_ ? &*model_ : nullptr;
  shared.limits = limits;
  shared.stop = &stop;
  shared.timer = Stopwatch(limits.time_basis);
  table_.new_search();
  for (auto& w : workers_) w->begin(shared, history);

  Result result;
  if (Rules::is_over(root)) return result;
  {
    // A move to fall back on if even the first iteration is cut off: one that wins at
    // once, else the first.
    auto moves = std::make_unique<typename Rules::MoveList>();
    Rules::generate_legal(root, *moves);
    if (moves->empty()) {
      result.score = -kMateScore;
      return result;
    }
    Position pos = root;
    const int win = Rules::find_win(pos, *moves);
    result.best_move = (*moves)[win >= 0 ? static_cast<std::size_t>(win) : 0];
  }

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxDepth) : kMaxDepth;
  std::vector<std::thread> helpers;
  for (std::size_t i = 1; i < workers_.size(); ++i) {
    helpers.emplace_back([this, i, &root, max_depth] {
      deepen_helper(*workers_[i], root, static_cast<int>(i), max_depth);
    });
  }
  deepen_main(root, shared, on_info, result);
  shared.helpers_stop.store(true);
  for (std::thread& t : helpers) t.join();
  result.nodes = total_nodes();
  return result;
}

template <class Rules>
std::vector<typename Rules::Move> BasicAlphaBeta<Rules>::moves_scoring_at_least(
    const Position& root, const std::vector<std::uint64_t>& history, int depth, int threshold,
    std::size_t max_moves, const SearchLimits& budget, const std::atomic<bool>& stop,
    std::uint64_t* nodes_used) {
  SharedSearch shared;
  shared.limits.nodes = budget.nodes;
  shared.limits.time_ms = budget.time_ms;
  shared.limits.time_basis = budget.time_basis;
  shared.timer = Stopwatch(budget.time_basis);
  shared.table = &table_;
  shared.model = model_ ? &*model_ : nullptr;
  shared.stop = &stop;
  Worker& worker = *workers_[0];
  worker.begin(shared, history);
  auto moves = std::make_unique<typename Rules::MoveList>();
  Rules::generate_legal(root, *moves);
  std::vector<Move> out;
  Position pos = root;
  for (std::size_t i = 0; i < moves->size() && i < max_moves; ++i) {
    if (worker.scores_at_least(pos, (*moves)[i], depth, threshold)) out.push_back((*moves)[i]);
    if (worker.aborted()) break;
  }
  if (nodes_used) *nodes_used = worker.nodes();
  return out;
}

}  // namespace ordo
