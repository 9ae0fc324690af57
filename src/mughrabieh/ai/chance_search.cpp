#include "mughrabieh/ai/chance_search.h"

#include <algorithm>

#include "mughrabieh/ai/evaluation.h"

namespace mughrabieh::ai {

namespace {
constexpr double kLowest = -1;  // the evaluation's bounds, for Star1
constexpr double kHighest = 1;
}  // namespace

ChanceSearch::ChanceSearch(const Weights& weights, int reply_width, const SearchBudget& budget)
    : weights_(weights), reply_width_(std::max(1, reply_width)), budget_(budget), table_(16) {
  if (budget_.movetime_ms > 0)
    deadline_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(budget_.movetime_ms);
  if (budget_.stop && budget_.stop->load(std::memory_order_relaxed)) aborted_ = true;
}

ChanceSearch::Ply& ChanceSearch::ply_scratch(int ply) {
  while (static_cast<int>(plies_.size()) <= ply) plies_.push_back(std::make_unique<Ply>());
  return *plies_[ply];
}

void ChanceSearch::count_node() {
  ++nodes_;
  if (budget_.nodes && nodes_ >= budget_.nodes) aborted_ = true;
  if ((nodes_ & 1023) == 0) {
    if (budget_.stop && budget_.stop->load(std::memory_order_relaxed)) aborted_ = true;
    if (budget_.movetime_ms > 0 && std::chrono::steady_clock::now() >= deadline_) aborted_ = true;
  }
}

double ChanceSearch::static_equity(const Position& pos) {
  count_node();
  return equity_of(win_probability(pos, weights_));
}

double ChanceSearch::chance_value(Position& pos, int depth, double alpha, double beta, int ply) {
  if (aborted_) return 0;
  if (depth == 0 || pos.over()) return static_equity(pos);
  const std::uint64_t key = pos.hash();
  if (const ChanceEntry* e = table_.probe(key); e && e->depth == depth) {
    const double v = e->value;
    if (e->bound == Bound::Exact) return v;
    if (e->bound == Bound::Lower && v >= beta) return v;
    if (e->bound == Bound::Upper && v <= alpha) return v;
  }
  count_node();
  double sum = 0;   // probability-weighted values of the rolls seen
  double left = 1;  // the probability of the rolls not yet seen
  for (const ChanceOutcome& outcome : chance_outcomes()) {
    const double p = outcome.probability;
    left -= p;
    // The window this roll's value must fall in for the node's to be inside (alpha, beta),
    // with the other unseen rolls at the bounds.
    const double low = (alpha - sum - left * kHighest) / p;
    const double high = (beta - sum - left * kLowest) / p;
    pos.set_roll(outcome.roll);
    const double v =
        decision_value(pos, depth, std::max(low, kLowest), std::min(high, kHighest), ply);
    pos.clear_roll();
    if (aborted_) return 0;
    sum += p * v;
    if (v >= high) {  // Star1: the node is at least this, whatever the rest
      const double bound = sum + std::max(left, 0.0) * kLowest;
      table_.store(key, depth, bound, Bound::Lower);
      return bound;
    }
    if (v <= low) {
      const double bound = sum + std::max(left, 0.0) * kHighest;
      table_.store(key, depth, bound, Bound::Upper);
      return bound;
    }
  }
  table_.store(key, depth, sum, Bound::Exact);
  return sum;
}

double ChanceSearch::decision_value(Position& pos, int depth, double alpha, double beta, int ply) {
  count_node();
  Ply& s = ply_scratch(ply);
  generate_distinct_turns(pos, s.list);
  const int n = s.list.size;
  // The 0-ply pass: the value of each turn by the evaluation of where it leads.
  double best = kLowest;
  for (int i = 0; i < n; ++i) {
    const Turn& turn = s.list.turns[i];
    const std::uint8_t token = pos.play(turn);
    const double v = pos.over() ? kHighest : -static_equity(pos);
    pos.undo(turn, token);
    s.score[i] = static_cast<float>(v);
    s.order[i] = static_cast<std::uint16_t>(i);
    best = std::max(best, v);
  }
  if (depth <= 1 || best >= kHighest || aborted_) return best;  // the leaves' values are exact
  const int width = std::min(n, reply_width_);
  std::partial_sort(s.order.begin(), s.order.begin() + width, s.order.begin() + n,
                    [&](std::uint16_t a, std::uint16_t b) { return s.score[a] > s.score[b]; });
  best = kLowest;
  for (int k = 0; k < width; ++k) {
    const Turn turn = s.list.turns[s.order[k]];  // a copy: deeper plies reuse no list, but safe
    const std::uint8_t token = pos.play(turn);
    const double v = -chance_value(pos, depth - 1, -beta, -alpha, ply + 1);
    pos.undo(turn, token);
    if (aborted_) return 0;
    best = std::max(best, v);
    alpha = std::max(alpha, v);
    if (best >= beta) break;
  }
  return best;
}

}  // namespace mughrabieh::ai
