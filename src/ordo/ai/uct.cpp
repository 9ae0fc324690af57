#include "ordo/ai/uct.h"

#include <array>
#include <cmath>

#include "ordo/movegen.h"
#include "ordo/movegen_steps.h"
#include "ordo/movegen_x.h"

namespace ordo {
namespace {

bool all_singletons(const Move& move) {
  for (int i = 0; i < move.step_count; ++i) {
    if (move.steps[i].is_ordo()) return false;
  }
  return true;
}

Move pick(const MoveList& list, std::size_t count, Rng& rng) {
  return list[rng.below(static_cast<std::uint32_t>(count))];
}

// Keeps the single-piece moves at the front of `list` (in order) and returns their number.
std::size_t keep_singletons(MoveList& list) {
  std::size_t kept = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (all_singletons(list[i])) list[kept++] = list[i];
  }
  return kept;
}

// Classic: draw from the bulk moves and redraw ordo moves (rejection keeps the draw uniform
// over the singletons, and singletons are nearly all of the moves); after a few misses,
// enumerate, which also covers positions with no singleton at all.
std::optional<Move> random_classic_move(const Position& pos, Rng& rng, MoveList& scratch) {
  const BulkMoves bulk(pos);
  const auto total = static_cast<std::uint32_t>(bulk.size());
  if (!total) return std::nullopt;
  for (int attempt = 0; attempt < 8; ++attempt) {
    const Move move = bulk.at(rng.below(total));
    if (!move.first().is_ordo()) return move;
  }
  scratch.clear();
  for (std::uint32_t i = 0; i < total; ++i) scratch.push_back(bulk.at(i));
  const std::size_t singles = keep_singletons(scratch);
  return singles ? pick(scratch, singles, rng) : bulk.at(rng.below(total));
}

// Ordo X singleton steps of the side to move (forward or sideways), one per tie choice.
void singleton_steps(const Position& pos, bool sideways, x::StepList& out) {
  const Geometry& g = pos.geometry();
  const Color us = pos.side_to_move();
  const ConnectionMap connection(g, pos.pieces(us), pos.is_connected(us));
  steps::Directions dirs;
  if (sideways) {
    steps::add_sideways(dirs);
  } else {
    steps::add_forward(dirs, us);
  }
  x::StepList raw;
  x::StepCollector collector{g, raw};
  steps::singleton_slides(pos, connection, dirs, collector);
  for (const Step& s : raw) x::for_each_choice(pos, s, [&](const Step& c) { out.push_back(c); });
}

// Forward singleton steps after a sideways step, counted in bulk (tie choices included).
std::uint32_t count_forward_singletons(const Position& pos) {
  const Color us = pos.side_to_move();
  const ConnectionMap connection(pos.geometry(), pos.pieces(us), true);
  steps::Directions dirs;
  steps::add_forward(dirs, us);
  x::ForwardCounter counter{pos};
  steps::singleton_slides(pos, connection, dirs, counter);
  return static_cast<std::uint32_t>(counter.count);
}

// A uniformly random Ordo X turn of single-piece steps without building every turn (a full
// list pairs each sideways step with every forward step, ordos included: thousands of
// turns). Each sideways step is weighted by the number of turns it starts.
std::optional<Move> random_x_singleton_turn(const Position& pos, Rng& rng) {
  x::StepList forward, sideways;
  singleton_steps(pos, false, forward);
  singleton_steps(pos, true, sideways);
  std::array<std::uint32_t, 2048> weights;
  auto total = static_cast<std::uint32_t>(forward.size());
  for (int i = 0; i < sideways.size(); ++i) {
    Position next = pos;
    next.play_step(sideways.begin()[i]);
    weights[static_cast<std::size_t>(i)] =
        next.decided_winner() ? 1 : count_forward_singletons(next);  // a win ends the turn
    total += weights[static_cast<std::size_t>(i)];
  }
  if (!total) return std::nullopt;
  std::uint32_t r = rng.below(total);
  if (r < static_cast<std::uint32_t>(forward.size())) return Move::single(forward.begin()[r]);
  r -= static_cast<std::uint32_t>(forward.size());
  int i = 0;
  for (; r >= weights[static_cast<std::size_t>(i)]; ++i) r -= weights[static_cast<std::size_t>(i)];
  const Step first = sideways.begin()[i];
  Position next = pos;
  next.play_step(first);
  if (next.decided_winner()) return Move::single(first);
  x::StepList second;
  singleton_steps(next, false, second);
  return Move::pair(first, second.begin()[r]);
}

// Ordo X: a single-piece turn, or any legal turn when there is none.
std::optional<Move> random_x_move(const Position& pos, Rng& rng, MoveList& scratch) {
  if (const std::optional<Move> move = random_x_singleton_turn(pos, rng)) return move;
  scratch.clear();
  generate_legal(pos, scratch);
  if (scratch.empty()) return std::nullopt;
  return pick(scratch, scratch.size(), rng);
}

}  // namespace

std::optional<Move> random_single_piece_move(const Position& pos, Rng& rng, MoveList& scratch) {
  return pos.variant() == Variant::Classic ? random_classic_move(pos, rng, scratch)
                                           : random_x_move(pos, rng, scratch);
}

PlayoutOutcome single_piece_playout(Position pos, Rng& rng, int cap, MoveList& scratch) {
  PlayoutOutcome outcome;
  for (;; ++outcome.moves) {
    if ((outcome.winner = pos.decided_winner())) return outcome;
    const std::optional<Move> move = random_single_piece_move(pos, rng, scratch);
    // No legal move loses (docs/rules.md 4.5): split without a reconnection, or blocked.
    if (!move) {
      outcome.winner = opponent(pos.side_to_move());
      return outcome;
    }
    if (outcome.moves >= cap) return outcome;  // cut: a draw
    pos.make(*move);
  }
}

PlayoutOutcome single_piece_playout(Position pos, Rng& rng, int cap) {
  const auto scratch = std::make_unique<MoveList>();
  return single_piece_playout(pos, rng, cap, *scratch);
}

UctBot::UctBot(UctConfig config)
    : config_(config),
      moves_(std::make_unique<MoveList>()),
      playout_(std::make_unique<MoveList>()) {
  nodes_.reserve(std::size_t{1} << 18);  // kept between searches; grows when needed
}

UctBot::~UctBot() = default;

UctResult UctBot::think(const Position& root, const UctLimits& limits,
                        const std::atomic<bool>& stop) {
  const Stopwatch timer(limits.time_basis);
  nodes_.clear();
  moves_node_ = kNone;
  add_node(kNone, Move{}, opponent(root.side_to_move()));
  nodes_[0].winner = root.decided_winner();

  Rng rng(config_.seed);  // the same seed every move: reproducible games
  UctResult result;
  // Stops when the root turns out to be decided: it has no legal move.
  while (!nodes_[0].winner && !stop.load(std::memory_order_relaxed)) {
    if (limits.iterations && result.iterations >= limits.iterations) break;
    if (limits.time_ms && timer.elapsed_ms() >= limits.time_ms) break;
    iterate(root, rng);
    ++result.iterations;
  }

  if (const std::uint32_t best = most_visited_child(); best != kNone) {
    const Node& node = nodes_[best];
    result.best_move = node.move;
    result.visits = node.visits;
    result.win_rate = node.reward / node.visits;
  } else if (!nodes_[0].winner) {  // stopped before the first iteration
    moves_node_ = kNone;
    moves_->clear();
    generate_legal(root, *moves_);
    if (!moves_->empty()) result.best_move = (*moves_)[0];
  }
  result.nodes = nodes_.size();
  result.elapsed_ms = timer.elapsed_ms();
  return result;
}

// One iteration: select by UCB1 down to a node with an untried move, add that child, play
// out from it, and credit the result to every node on the path.
void UctBot::iterate(const Position& root, Rng& rng) {
  Position pos = root;
  std::uint32_t node = 0;
  while (!nodes_[node].winner && fully_expanded(nodes_[node])) {
    node = select_child(node);
    pos.make(nodes_[node].move);
  }
  if (!nodes_[node].winner) node = expand(node, pos);
  std::optional<Color> winner = nodes_[node].winner;
  if (!winner) winner = single_piece_playout(pos, rng, config_.playout_cap, *playout_).winner;
  backpropagate(node, winner);
}

// UCB1: the child's win rate for the side choosing here plus the exploration term. Every
// child has been visited, since a child is added and played out in the same iteration.
std::uint32_t UctBot::select_child(std::uint32_t node) const {
  const double log_n = std::log(static_cast<double>(nodes_[node].visits));
  std::uint32_t best = kNone;
  double best_value = -1.0;
  for (std::uint32_t c = nodes_[node].first_child; c != kNone; c = nodes_[c].next_sibling) {
    const double n = nodes_[c].visits;
    const double value = nodes_[c].reward / n + config_.exploration * std::sqrt(log_n / n);
    if (value > best_value) {
      best_value = value;
      best = c;
    }
  }
  return best;
}

// Adds the node's next untried move (generation order) and plays it on `pos`. Returns the
// new child, or the node itself when it has no legal move (it is then decided: a loss for
// the side to move). The moves are generated again at each expansion rather than stored,
// so that the tree stays one small node per iteration.
std::uint32_t UctBot::expand(std::uint32_t node, Position& pos) {
  // The same node is often expanded many times in a row (the root first of all, with
  // thousands of Ordo X turns): its list is kept until another node needs the scratch.
  if (moves_node_ != node) {
    moves_->clear();
    generate_legal(pos, *moves_);
    moves_node_ = node;
  }
  if (moves_->empty()) {
    nodes_[node].winner = opponent(pos.side_to_move());
    return node;
  }
  nodes_[node].move_count = static_cast<std::int32_t>(moves_->size());
  const Move move = (*moves_)[nodes_[node].tried++];
  const std::uint32_t child = add_node(node, move, pos.side_to_move());
  pos.make(move);
  nodes_[child].winner = pos.decided_winner();
  return child;
}

std::uint32_t UctBot::add_node(std::uint32_t parent, const Move& move, Color mover) {
  const auto index = static_cast<std::uint32_t>(nodes_.size());
  Node& node = nodes_.emplace_back();  // may reallocate: no references held across it
  node.move = move;
  node.parent = parent;
  node.mover = mover;
  if (parent != kNone) {
    node.next_sibling = nodes_[parent].first_child;
    nodes_[parent].first_child = index;
  }
  return index;
}

// Each node keeps the reward of the side that moved into it: 1 win, 0 loss, 0.5 a draw.
void UctBot::backpropagate(std::uint32_t node, std::optional<Color> winner) {
  for (; node != kNone; node = nodes_[node].parent) {
    Node& n = nodes_[node];
    ++n.visits;
    n.reward += winner ? (*winner == n.mover ? 1.0 : 0.0) : 0.5;
  }
}

// The final choice: most visits, ties broken by the higher reward.
std::uint32_t UctBot::most_visited_child() const {
  std::uint32_t best = kNone;
  for (std::uint32_t c = nodes_[0].first_child; c != kNone; c = nodes_[c].next_sibling) {
    if (best == kNone || nodes_[c].visits > nodes_[best].visits ||
        (nodes_[c].visits == nodes_[best].visits && nodes_[c].reward > nodes_[best].reward)) {
      best = c;
    }
  }
  return best;
}

}  // namespace ordo
