// The template definitions of mcts.h, included only where a game instantiates them (its
// ai/ folder: one file per template and game), so that search/ names no game.
#pragma once

#include <algorithm>
#include <cmath>

#include "search/mcts.h"
#include "search/search.h"

namespace ordo {

namespace {

constexpr std::uint64_t kPollInterval = 16;
constexpr std::int64_t kInfoIntervalMs = 500;

// Children a node with `visits` visits may have: progressive widening.
std::uint32_t widening_limit(std::uint32_t visits) {
  return 2 + static_cast<std::uint32_t>(std::sqrt(static_cast<double>(visits)));
}

}  // namespace

template <class Rules>
BasicMcts<Rules>::BasicMcts(MctsConfig config)
    : config_(config), scratch_(std::make_unique<typename Rules::MoveList>()) {
  order_.reserve(Rules::kMaxMoves);  // a MoveList's capacity
}

template <class Rules>
BasicMcts<Rules>::~BasicMcts() = default;

template <class Rules>
double BasicMcts<Rules>::leaf_value(const Position& pos) const {
  // For the side that moved into `pos`: the opposite of the mover's prospects.
  const double x = static_cast<double>(Rules::evaluate(pos, nullptr)) / config_.eval_scale;
  return 1.0 / (1.0 + std::exp(x));
}

template <class Rules>
double BasicMcts<Rules>::expand(std::uint32_t index, Position& pos) {
  Node& node = nodes_[index];
  node.expanded = true;
  if (Rules::is_over(pos)) {
    // The move into this node ended the game: in Ordo always for its mover; in Order and
    // Chaos a placement by Chaos can complete Order's line.
    const bool mover_won = Rules::terminal_score(pos, 0) < 0;
    node.proof = mover_won ? Proof::MoverWins : Proof::MoverLoses;
    return mover_won ? 1.0 : 0.0;
  }
  if constexpr (Rules::kCanRepeat) {
    // The third occurrence of a position draws (the game's history, then this path).
    const std::uint64_t hash = Rules::hash(pos);
    const auto seen = std::count(history_.begin(), history_.end(), hash) +
                      std::count(path_hashes_.begin(), path_hashes_.end() - 1, hash);
    if (seen >= 2) return 0.5;
  }

  typename Rules::MoveList& list = *scratch_;
  list.clear();
  Rules::generate_legal(pos, list);
  if (list.empty()) {
    node.proof = Proof::MoverWins;  // the side to move has no move and loses
    return 1.0;
  }
  // Prior order: the static evaluation one move on; a move that wins at once first.
  std::vector<std::pair<int, std::uint32_t>>& order = order_;  // reused: no allocation per node
  order.clear();
  for (std::uint32_t i = 0; i < list.size(); ++i) {
    const auto undo = Rules::make(pos, list[i]);
    // A move that ends the game scores as a win or loss for the mover, others by the
    // evaluation one move on.
    const int score = Rules::is_over(pos)
                          ? (Rules::terminal_score(pos, 0) < 0 ? kMateScore : -kMateScore)
                          : -Rules::evaluate(pos, nullptr);
    Rules::unmake(pos, list[i], undo);
    order.emplace_back(score, i);
  }
  const std::size_t kept = std::min<std::size_t>(order.size(), config_.max_children);
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(kept), order.end(),
                    [](const auto& a, const auto& b) {
                      return a.first != b.first ? a.first > b.first : a.second < b.second;
                    });
  Node& n = nodes_[index];
  n.moves_begin = static_cast<std::uint32_t>(moves_.size());
  n.move_count = static_cast<std::uint16_t>(kept);
  for (std::size_t i = 0; i < kept; ++i) moves_.push_back(list[order[i].second]);
  if (order[0].first == kMateScore) {
    n.proof = Proof::MoverLoses;  // the side to move wins at once
    return 0.0;
  }
  return leaf_value(pos);
}

template <class Rules>
std::uint32_t BasicMcts<Rules>::select_child(const Node& node) const {
  const double log_n = std::log(static_cast<double>(std::max<std::uint32_t>(node.visits, 1)));
  std::uint32_t best = kNone;
  double best_score = -1e300;
  for (std::uint32_t c = node.first_child; c != kNone; c = nodes_[c].next_sibling) {
    const Node& child = nodes_[c];
    if (child.proof == Proof::MoverWins) return c;
    double score;
    if (child.proof == Proof::MoverLoses) {
      score = -1.0;  // only when nothing else is left
    } else {
      const double n = std::max<std::uint32_t>(child.visits, 1);
      score = child.value / n + config_.exploration * std::sqrt(log_n / n);
    }
    if (score > best_score) best_score = score, best = c;
  }
  return best;
}

template <class Rules>
void BasicMcts<Rules>::prove_upwards(std::uint32_t index) {
  // A child proven a win for its mover proves its parent lost for the parent's mover; a
  // parent whose every move is tried and proven lost is won for the parent's mover.
  while (index != kNone) {
    const Node& node = nodes_[index];
    const std::uint32_t parent = node.parent;
    if (parent == kNone) return;
    Node& p = nodes_[parent];
    if (p.proof != Proof::Unknown) return;
    if (node.proof == Proof::MoverWins) {
      p.proof = Proof::MoverLoses;
    } else if (node.proof == Proof::MoverLoses && p.children == p.move_count) {
      for (std::uint32_t c = p.first_child; c != kNone; c = nodes_[c].next_sibling)
        if (nodes_[c].proof != Proof::MoverLoses) return;
      p.proof = Proof::MoverWins;
    } else {
      return;
    }
    index = parent;
  }
}

template <class Rules>
void BasicMcts<Rules>::iterate(const Position& root) {
  Position pos = root;
  std::uint32_t index = 0;
  int depth = 0;
  path_hashes_.assign(1, Rules::hash(pos));
  double value;
  for (;;) {
    Node& node = nodes_[index];
    if (!node.expanded) {
      value = expand(index, pos);
      prove_upwards(index);
      break;
    }
    if (node.proof != Proof::Unknown || node.move_count == 0) {
      value = node.proof == Proof::MoverWins ? 1.0 : node.proof == Proof::MoverLoses ? 0.0 : 0.5;
      break;
    }
    // Widen: the next move in prior order becomes a child when the visits allow it.
    if (node.children < node.move_count &&
        (node.first_child == kNone || node.children < widening_limit(node.visits)) &&
        nodes_.size() < config_.max_nodes) {
      const Move move = moves_[node.moves_begin + node.children];
      Node child;
      child.move = move;
      child.parent = index;
      child.next_sibling = node.first_child;
      const auto child_index = static_cast<std::uint32_t>(nodes_.size());
      nodes_[index].first_child = child_index;
      ++nodes_[index].children;
      nodes_.push_back(child);
      index = child_index;
    } else {
      index = select_child(node);
    }
    Rules::make(pos, nodes_[index].move);
    path_hashes_.push_back(Rules::hash(pos));
    ++depth;
  }
  max_depth_ = std::max(max_depth_, depth);
  backpropagate(index, value);
}

template <class Rules>
void BasicMcts<Rules>::backpropagate(std::uint32_t index, double value) {
  while (index != kNone) {
    Node& node = nodes_[index];
    ++node.visits;
    node.value += value;
    value = 1.0 - value;
    index = node.parent;
  }
}

template <class Rules>
std::uint32_t BasicMcts<Rules>::best_root_child() const {
  const Node& root = nodes_[0];
  std::uint32_t best = kNone;
  for (std::uint32_t c = root.first_child; c != kNone; c = nodes_[c].next_sibling) {
    const Node& child = nodes_[c];
    if (child.proof == Proof::MoverWins) return c;
    if (best == kNone) {
      best = c;
      continue;
    }
    const Node& b = nodes_[best];
    const bool b_lost = b.proof == Proof::MoverLoses, c_lost = child.proof == Proof::MoverLoses;
    if (b_lost != c_lost ? b_lost
                         : child.visits > b.visits || (child.visits == b.visits && c < best))
      best = c;
  }
  return best;
}

template <class Rules>
typename BasicMcts<Rules>::Info BasicMcts<Rules>::make_info(std::int64_t elapsed_ms) const {
  Info info;
  info.depth = max_depth_;
  info.nodes = nodes_[0].visits;
  info.elapsed_ms = elapsed_ms;
  info.nodes_per_second =
      info.nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(elapsed_ms, 1));
  std::uint32_t index = best_root_child();
  if (index == kNone) return info;
  const Node& best = nodes_[index];
  if (best.proof == Proof::MoverWins) {
    info.score = kMateScore - 1;
  } else if (best.proof == Proof::MoverLoses) {
    info.score = -(kMateScore - 2);
  } else {
    const double q =
        std::clamp(best.value / std::max<std::uint32_t>(best.visits, 1), 1e-4, 1 - 1e-4);
    info.score = static_cast<int>(std::lround(config_.eval_scale * std::log(q / (1 - q))));
  }
  info.mate = mate_in_turns(info.score);
  // The principal variation: the most visited child, down the tree.
  while (index != kNone && info.pv.size() < 32) {
    info.pv.push_back(nodes_[index].move);
    std::uint32_t next = kNone;
    for (std::uint32_t c = nodes_[index].first_child; c != kNone; c = nodes_[c].next_sibling)
      if (next == kNone || nodes_[c].visits > nodes_[next].visits) next = c;
    index = next;
  }
  return info;
}

template <class Rules>
typename BasicMcts<Rules>::Result BasicMcts<Rules>::search(
    const Position& root, const std::vector<std::uint64_t>& history, const SearchLimits& limits,
    const std::atomic<bool>& stop, const std::function<void(const Info&)>& on_info) {
  const Stopwatch timer(limits.time_basis);
  const auto elapsed = [&] { return timer.elapsed_ms(); };
  Result result;
  if (Rules::is_over(root)) return result;
  nodes_.clear();
  moves_.clear();
  history_ = history;
  max_depth_ = 0;
  nodes_.push_back(Node{});
  path_hashes_.assign(1, Rules::hash(root));
  Position pos = root;
  expand(0, pos);
  if (nodes_[0].move_count == 0) {
    result.score = -kMateScore;
    return result;
  }
  result.best_move = moves_[0];
  if (nodes_[0].proof == Proof::MoverLoses) {  // the side to move wins at once
    result.score = kMateScore - 1;
    result.mate = 1;
    result.depth = 1;
    result.pv = {moves_[0]};
    return result;
  }

  std::uint64_t max_iterations = limits.nodes;
  if (limits.depth > 0 && !max_iterations)
    max_iterations =
        200ull * static_cast<std::uint64_t>(limits.depth) * limits.depth * limits.depth;
  std::uint64_t iterations = 0;
  std::int64_t next_info = kInfoIntervalMs;
  for (;;) {
    if (max_iterations && iterations >= max_iterations) break;
    if (nodes_[0].proof != Proof::Unknown) break;
    if (nodes_.size() >= config_.max_nodes) break;
    if (iterations % kPollInterval == 0) {
      if (stop.load(std::memory_order_relaxed)) break;
      const std::int64_t ms = elapsed();
      if (limits.time_ms && ms >= limits.time_ms) break;
      if (on_info && ms >= next_info) {
        on_info(make_info(ms));
        next_info = ms + kInfoIntervalMs;
      }
    }
    iterate(root);
    ++iterations;
  }
  const Info info = make_info(elapsed());
  if (on_info) on_info(info);
  const std::uint32_t best = best_root_child();
  if (best != kNone) result.best_move = nodes_[best].move;
  result.score = info.score;
  result.mate = info.mate;
  result.depth = info.depth;
  result.nodes = iterations;
  result.pv = info.pv;
  return result;
}

}  // namespace ordo
