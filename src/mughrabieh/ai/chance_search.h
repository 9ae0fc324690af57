// Expectimax over the dice with the learnt evaluation at the leaves (issue 58). A chance
// node averages its 21 rolls; at a decision node the side to move takes the best of its
// turns, ordered by a 0-ply pass (the evaluation of each resulting position), and where
// more plies follow searches on only the best few (forward pruning, as backgammon programs
// do). Chance nodes prune as Ballard's Star1 does: once the rolls seen so far, with the
// rest at the evaluation's bounds (-1 and 1), decide that the node falls outside the
// window, the remaining rolls are skipped. A transposition table keeps chance nodes' values.
// All scratch is made once per search: no allocation per node.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "mughrabieh/ai/chance_table.h"
#include "mughrabieh/ai/weights.h"
#include "mughrabieh/turns.h"

namespace mughrabieh::ai {

struct SearchBudget {
  std::uint64_t nodes = 0;       // 0: no limit
  std::int64_t movetime_ms = 0;  // 0: no limit
  const std::atomic<bool>* stop = nullptr;
};

class ChanceSearch {
 public:
  ChanceSearch(const Weights& weights, int reply_width, const SearchBudget& budget);

  // The equity for pos's side to move of the chance node `pos` (no roll pending), searched
  // `depth` plies of chance, within (alpha, beta): outside it, a bound beyond it. 0 when
  // aborted (then aborted() says so and the value means nothing).
  double chance_value(Position& pos, int depth, double alpha, double beta, int ply);
  // The evaluation's equity for pos's side to move (a game over: by its result); one node.
  double static_equity(const Position& pos);

  bool aborted() const { return aborted_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Ply {
    TurnList list;
    std::array<float, kMaxTurns> score;
    std::array<std::uint16_t, kMaxTurns> order;
  };
  double decision_value(Position& pos, int depth, double alpha, double beta, int ply);
  Ply& ply_scratch(int ply);
  void count_node();

  const Weights& weights_;
  int reply_width_;
  SearchBudget budget_;
  std::chrono::steady_clock::time_point deadline_;
  std::vector<std::unique_ptr<Ply>> plies_;
  ChanceTable table_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace mughrabieh::ai
