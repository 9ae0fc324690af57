// The template definitions of search_worker.h, included only where a game instantiates them (its
// ai/ folder: one file per template and game), so that search/ names no game.
#pragma once

#include <algorithm>
#include <cmath>

#include "search/search_worker.h"

namespace ordo {

namespace {

constexpr int kInfinity = kMateScore + 1;
// Iterations stop this far below kMaxPly so that quiescence keeps room to go on.
constexpr int kMaxDepth = kMaxPly - 32;
// Polling the clock and the stop flags every this many nodes keeps the cost negligible
// while an Ordo X node (thousands of moves) still reacts within milliseconds.
constexpr std::uint64_t kPollInterval = 64;
constexpr int kHistoryCap = 1 << 20;
// Late move reductions start with this move (the first ones are the likeliest best).
constexpr std::size_t kFirstReducedMove = 3;
// Late move pruning in Ordo X: at depth d, quiet moves after the first 16 * d are skipped
// (of some 2,000 turns; captures and the ordered best ones come first).
constexpr int kQuietMovesPerDepth = 16;
constexpr int kLateMovePruningDepth = 2;
// Singular extensions: from this depth on, a table move that is at least a lower bound
// searched nearly as deep is tested against the other moves at half the depth, with a
// margin of this much per ply below its score.
constexpr int kSingularDepth = 6;
constexpr int kSingularTableDepthLag = 3;
constexpr int kSingularMarginPerPly = 4;

}  // namespace

template <class Rules>
struct BasicSearchWorker<Rules>::PlyMoves {
  typename Rules::MoveList list;
  // Ordering key per move: the ordering score in the high bits, the move's index below.
  std::array<std::uint64_t, Rules::kMaxMoves> keys;
  std::size_t count = 0;

  const Move& at(std::size_t i) const { return list[keys[i] & 0xFFFF]; }
  // The index of a move that wins at once, or -1.
  int find_win(Position& pos) const { return Rules::find_win(pos, list); }
};

template <class Rules>
BasicSearchWorker<Rules>::BasicSearchWorker(bool is_main)
    : is_main_(is_main), history_(Rules::kHistorySize, 0) {
  ply_moves_.reserve(kMaxPly);
  // Reductions grow with the logarithms of depth and move number.
  for (int d = 1; d < 64; ++d) {
    for (int n = 1; n < 64; ++n) {
      const double r = 0.5 + std::log(d) * std::log(n) / 2.25;
      reductions_[d][n] = static_cast<std::uint8_t>(std::clamp(r, 0.0, 60.0));
    }
  }
}

template <class Rules>
BasicSearchWorker<Rules>::~BasicSearchWorker() = default;

template <class Rules>
void BasicSearchWorker<Rules>::clear_history() {
  std::fill(history_.begin(), history_.end(), 0);
}

template <class Rules>
void BasicSearchWorker<Rules>::begin(SharedSearch& shared,
                                     const std::vector<std::uint64_t>& history) {
  shared_ = &shared;
  nodes_.store(0, std::memory_order_relaxed);
  aborted_ = false;
  for (auto& k : killers_) k = {};
  clear_history();
  hashes_.clear();
  hashes_.reserve(history.size() + kMaxPly + 1);
  hashes_.assign(history.begin(), history.end());
}

template <class Rules>
typename BasicSearchWorker<Rules>::PlyMoves& BasicSearchWorker<Rules>::moves_at(int ply) {
  while (static_cast<int>(ply_moves_.size()) <= ply) ply_moves_.emplace_back(new PlyMoves);
  return *ply_moves_[ply];
}

template <class Rules>
int BasicSearchWorker<Rules>::eval(const Position& pos) const {
  return Rules::evaluate(pos, shared_->model);
}

template <class Rules>
bool BasicSearchWorker<Rules>::out_of_budget() {
  if (aborted_) return true;
  const SearchLimits& limits = shared_->limits;
  const std::uint64_t nodes = this->nodes();
  const bool nodes_count = !limits.finish_first_iteration || root_depth_ > 1;
  if (is_main_ && limits.nodes && nodes >= limits.nodes && nodes_count) {
    aborted_ = true;
  } else if (nodes % kPollInterval == 0) {
    if (shared_->stop->load(std::memory_order_relaxed)) aborted_ = true;
    if (!is_main_ && shared_->helpers_stop.load(std::memory_order_relaxed)) aborted_ = true;
    // Only the main worker reads the clock (a thread CPU clock counts its own thread);
    // the helpers stop when it is done.
    if (is_main_ && limits.time_ms && shared_->timer.elapsed_ms() >= limits.time_ms) {
      aborted_ = true;
    }
  }
  return aborted_;
}

template <class Rules>
bool BasicSearchWorker<Rules>::is_repetition(std::uint64_t hash) const {
  // hashes_ ends with the parent (other side to move); the same side stands two back.
  int seen = 0;
  for (std::size_t i = hashes_.size(); i >= 2; i -= 2) {
    if (hashes_[i - 2] == hash && ++seen >= 2) return true;  // this is the third occurrence
  }
  return false;
}

template <class Rules>
void BasicSearchWorker<Rules>::order_moves(const Position& pos, PlyMoves& moves, int ply,
                                           const std::optional<Move>& tt) {
  const auto& killers = killers_[ply];
  moves.count = moves.list.size();
  for (std::size_t i = 0; i < moves.count; ++i) {
    const Move& m = moves.list[i];
    std::uint32_t score;
    if (tt && m == *tt) {
      score = 1u << 30;
    } else if (Rules::is_tactical(m)) {
      score = (1u << 28) + Rules::tactical_key(pos, m);
    } else if (m == killers[0]) {
      score = (1u << 27) + 1;
    } else if (m == killers[1]) {
      score = 1u << 27;
    } else {
      // History first; among equals, the game's own preference (Ordo: the move that lands
      // furthest forward).
      const int h = history_[Rules::history_index(pos, m)];
      score = static_cast<std::uint32_t>(h) << 4 | Rules::quiet_key(pos, m);
    }
    moves.keys[i] = std::uint64_t{score} << 16 | i;
  }
  std::sort(moves.keys.begin(), moves.keys.begin() + static_cast<std::ptrdiff_t>(moves.count),
            std::greater<>());
}

template <class Rules>
void BasicSearchWorker<Rules>::remember_cutoff(const Position& pos, const Move& move, int depth,
                                               int ply) {
  if (Rules::is_tactical(move)) return;
  auto& killers = killers_[ply];
  if (!(killers[0] == move)) {
    killers[1] = killers[0];
    killers[0] = move;
  }
  const int slot = Rules::history_index(pos, move);
  history_[slot] += depth * depth;
  if (history_[slot] >= kHistoryCap) {
    for (int& h : history_) h /= 2;
  }
}

template <class Rules>
void BasicSearchWorker<Rules>::update_pv(int ply, const Move& move) {
  pv_[ply][0] = move;
  const int child_length = ply + 1 < kMaxPly ? pv_length_[ply + 1] : 0;
  for (int i = 0; i < child_length && i + 1 < kMaxPly; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
  pv_length_[ply] = std::min(child_length + 1, kMaxPly);
}

template <class Rules>
struct BasicSearchWorker<Rules>::NodeBest {
  explicit NodeBest(int alpha_at_start) : alpha(alpha_at_start) {}
  int alpha;
  int score = -kInfinity;
  std::optional<Move> move;
};

// A move's score at a node: the first move with the full window; any later one is first
// proved worse with a null window (principal variation search), late quiet ones at a
// reduced depth, and searched again in full only when that fails.
template <class Rules>
int BasicSearchWorker<Rules>::search_move(Position& pos, const Move& move, std::size_t number,
                                          bool quiet, const ChildSearch& node, int alpha,
                                          int extension) {
  const int ply = node.ply + 1;
  const int beta = node.beta;
  hashes_.push_back(node.hash);
  const auto undo = Rules::make(pos, move);
  int score;
  if (number == 0) {
    score = -search_node(pos, node.child_depth + extension, -beta, -alpha, ply, true);
  } else {
    int reduction = 0;
    if (pruning_.late_move_reductions && quiet && node.depth >= 3 && number >= kFirstReducedMove &&
        !node.split) {
      reduction = reductions_[std::min(node.depth, 63)][std::min<std::size_t>(number, 63)];
      if (node.pv_node) reduction = std::max(reduction - 1, 0);
      reduction = std::min(reduction, node.child_depth - 1);
    }
    score = -search_node(pos, node.child_depth - reduction, -alpha - 1, -alpha, ply, true);
    if (reduction > 0 && score > alpha)
      score = -search_node(pos, node.child_depth, -alpha - 1, -alpha, ply, true);
    if (score > alpha && score < beta)
      score = -search_node(pos, node.child_depth, -beta, -alpha, ply, true);
  }
  Rules::unmake(pos, move, undo);
  hashes_.pop_back();
  return score;
}

// The score of a node with a move that wins at once, that move its whole line.
template <class Rules>
int BasicSearchWorker<Rules>::win_at_once(const Move& move, int ply) {
  pv_length_[ply + 1] = 0;
  update_pv(ply, move);
  return winning_score(ply + 1);
}

// Keeps `move` if its score is the node's best yet and raises alpha with it; true when it
// fails high (the caller stops searching moves).
template <class Rules>
bool BasicSearchWorker<Rules>::take_score(const Position& pos, NodeBest& best, const Move& move,
                                          int score, int depth, int ply, int beta) {
  if (score <= best.score) return false;
  best.score = score;
  best.move = move;
  if (score <= best.alpha) return false;
  best.alpha = score;
  update_pv(ply, move);
  if (score < beta) return false;
  remember_cutoff(pos, move, depth, ply);
  return true;
}

// Stores the node's result in the table with its bound; returns its score. A node that
// leaves a move out (the singular test) stores nothing: its result is not the position's.
template <class Rules>
int BasicSearchWorker<Rules>::store_node(std::uint64_t hash, int ply, const NodeBest& best,
                                         int depth, int original_alpha, int beta) {
  if (excluded_[ply]) return best.move ? best.score : original_alpha;
  const Bound bound = best.score >= beta            ? Bound::Lower
                      : best.score > original_alpha ? Bound::Exact
                                                    : Bound::Upper;
  shared_->table->store_packed(hash, ply, Rules::pack(*best.move), best.score, depth, bound);
  return best.score;
}

template <class Rules>
std::vector<typename Rules::Move> BasicSearchWorker<Rules>::root_pv() const {
  return {pv_[0].begin(), pv_[0].begin() + pv_length_[0]};
}

template <class Rules>
int BasicSearchWorker<Rules>::search_root(Position& root, int depth, int alpha, int beta) {
  root_depth_ = depth;
  return search_node(root, depth, alpha, beta, 0, true);
}

template <class Rules>
bool BasicSearchWorker<Rules>::scores_at_least(Position& root, const Move& move, int depth,
                                               int threshold) {
  root_depth_ = depth;
  hashes_.push_back(Rules::hash(root));
  const auto undo = Rules::make(root, move);
  const int score = -search_node(root, depth - 1, -threshold, -threshold + 1, 1, true);
  Rules::unmake(root, move, undo);
  hashes_.pop_back();
  return !aborted_ && score >= threshold;
}

// Whether the table's move is singular: the other moves, searched at half the depth, all
// score clearly below what the table says of it. Then it is searched a ply deeper (in a
// race the one move that holds is the line worth seeing further). If instead another move
// also beats beta, the node is very likely to fail high whatever its table move does.
template <class Rules>
typename BasicSearchWorker<Rules>::Singularity BasicSearchWorker<Rules>::test_singular(
    Position& pos, const TableHitOf& hit, const Move& move, int depth, int beta, int ply) {
  Singularity result;
  if (!pruning_.singular_extension || !Rules::singular_extension(pos) || depth < kSingularDepth ||
      hit.bound == Bound::Upper || hit.depth < depth - kSingularTableDepthLag ||
      std::abs(hit.score) >= kMateThreshold || ply >= 2 * root_depth_)
    return result;
  const int singular_beta = hit.score - kSingularMarginPerPly * depth;
  excluded_[ply] = move;
  const int score = search_node(pos, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, false);
  excluded_[ply].reset();
  pv_length_[ply] = 0;  // the test's line is not this node's
  if (score < singular_beta) {
    result.extension = 1;
  } else if (singular_beta >= beta) {
    result.cutoff = singular_beta;
  }
  return result;
}

// Passing the turn: if the opponent cannot even then bring the score below beta, a real
// move will not either (Ordo has no zugzwang worth the cost of the doubt).
template <class Rules>
int BasicSearchWorker<Rules>::null_move_score(Position& pos, int depth, int beta, int ply) {
  const int reduction = 3 + depth / 4;
  hashes_.push_back(Rules::hash(pos));
  Rules::pass_turn(pos);
  const int score = -search_node(pos, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
  Rules::pass_turn(pos);
  hashes_.pop_back();
  return score;
}

template <class Rules>
int BasicSearchWorker<Rules>::search_node(Position& pos, int depth, int alpha, int beta, int ply,
                                          bool null_allowed) {
  pv_length_[ply] = 0;
  if (Rules::is_over(pos)) return Rules::terminal_score(pos, ply);  // the last move decided
  if (Rules::kCanRepeat && ply > 0 && is_repetition(Rules::hash(pos))) return 0;
  if (depth <= 0 || ply >= kMaxDepth) return quiesce(pos, alpha, beta, ply, 0);
  if (out_of_budget()) return 0;
  count_node();

  // Mate-distance pruning: nothing here can beat a mate found nearer the root.
  alpha = std::max(alpha, mated_score(ply));
  beta = std::min(beta, winning_score(ply + 1));
  if (alpha >= beta) return alpha;

  const bool pv_node = beta - alpha > 1;
  const std::uint64_t hash = Rules::hash(pos);
  const auto packed_hit = shared_->table->probe_packed(hash, ply);
  std::optional<TableHitOf> hit;
  if (packed_hit) {
    hit = TableHitOf{std::nullopt, packed_hit->score, packed_hit->depth, packed_hit->bound};
    if (packed_hit->move != kNoPackedMove) hit->move = Rules::unpack(packed_hit->move);
  }
  const bool excluding = excluded_[ply].has_value();  // in a singular test
  if (hit && !pv_node && hit->depth >= depth && !excluding) {
    if (hit->bound == Bound::Exact || (hit->bound == Bound::Lower && hit->score >= beta) ||
        (hit->bound == Bound::Upper && hit->score <= alpha))
      return hit->score;
  }

  const bool danger = Rules::in_danger(pos);
  const bool split = Rules::forced_replies(pos);
  if (Rules::kNullMove && pruning_.null_move && null_allowed && !excluding && !pv_node && !danger &&
      depth >= 3 && std::abs(beta) < kMateThreshold && Rules::null_move_allowed(pos) &&
      eval(pos) >= beta) {
    const int score = null_move_score(pos, depth, beta, ply);
    if (aborted_) return 0;
    if (score >= beta) return score >= kMateThreshold ? beta : score;
  }

  // A side with forced replies (Ordo: split) looks one ply further, within reason (twice the
  // nominal depth). Threats to the home row are left to quiescence: the over-approximated
  // open paths are too common in the middlegame to extend on.
  const int extension = pruning_.danger_extension && split && ply < 2 * root_depth_ ? 1 : 0;
  const int child_depth = depth - 1 + extension;
  const bool prune_late = pruning_.late_move_pruning && Rules::late_move_pruning(pos) && !pv_node &&
                          !danger && depth <= kLateMovePruningDepth;
  const std::size_t quiet_limit = static_cast<std::size_t>(kQuietMovesPerDepth * depth);

  const int original_alpha = alpha;
  NodeBest best{alpha};
  const ChildSearch children{hash, depth, child_depth, beta, ply, pv_node, split};

  // The table's move first, before the others are generated (the dearest part of a node):
  // it is often enough for a cutoff. Not at the root, whose moves are always generated.
  std::optional<Move> tt_searched;
  if (ply > 0 && !excluding && hit && hit->move && Rules::plausible(pos, *hit->move)) {
    const Move move = *hit->move;
    const Singularity singular = test_singular(pos, *hit, move, depth, beta, ply);
    if (aborted_) return 0;
    if (singular.cutoff) return *singular.cutoff;
    const int score = search_move(pos, move, 0, false, children, best.alpha, singular.extension);
    if (aborted_) return 0;
    tt_searched = move;
    if (take_score(pos, best, move, score, depth, ply, beta))
      return store_node(hash, ply, best, depth, original_alpha, beta);
  }

  // Then the captures, where the game can list them (with the wins at once) without every
  // quiet move: they come next in the order anyway and often cut off too, and they keep
  // their move numbers of the full order. Only the quiet moves' order can change: it is
  // taken after the captures' searches have added to the history.
  PlyMoves& moves = moves_at(ply);
  moves.list.clear();
  const bool staged = ply > 0 && Rules::generate_forcing(pos, moves.list);
  if (staged) {
    if (const int win = moves.find_win(pos); win >= 0) return win_at_once(moves.list[win], ply);
    order_moves(pos, moves, ply, hit ? hit->move : std::nullopt);
    std::size_t number = tt_searched ? 1 : 0;
    for (std::size_t i = 0; i < moves.count; ++i) {
      const Move move = moves.at(i);
      if (!Rules::is_tactical(move) || (tt_searched && move == *tt_searched)) continue;
      if (excluding && move == *excluded_[ply]) continue;
      const int score = search_move(pos, move, number++, false, children, best.alpha);
      if (aborted_) return 0;
      if (take_score(pos, best, move, score, depth, ply, beta))
        return store_node(hash, ply, best, depth, original_alpha, beta);
    }
    moves.list.clear();
  }

  Rules::generate_legal(pos, moves.list);
  if (moves.list.empty()) return mated_score(ply);  // blocked, or split and cannot reconnect
  if (!staged) {
    if (const int win = moves.find_win(pos); win >= 0) return win_at_once(moves.list[win], ply);
  }
  order_moves(pos, moves, ply, hit ? hit->move : std::nullopt);

  std::size_t quiet_seen = 0;
  for (std::size_t i = 0; i < moves.count; ++i) {
    const Move move = moves.at(i);
    if (i == 0 && tt_searched && move == *tt_searched) continue;
    if (staged && Rules::is_tactical(move)) continue;
    if (excluding && move == *excluded_[ply]) continue;
    const bool quiet = !Rules::is_tactical(move) && !(move == killers_[ply][0]) &&
                       !(move == killers_[ply][1]) && !(hit && hit->move && move == *hit->move);
    if (quiet && ++quiet_seen > quiet_limit && prune_late && best.score > -kMateThreshold) break;
    const int score = search_move(pos, move, i, quiet, children, best.alpha);
    if (aborted_) return 0;
    if (take_score(pos, best, move, score, depth, ply, beta)) break;
  }

  return store_node(hash, ply, best, depth, original_alpha, beta);
}

template <class Rules>
int BasicSearchWorker<Rules>::quiesce(Position& pos, int alpha, int beta, int ply, int qply) {
  pv_length_[ply] = 0;
  if (Rules::is_over(pos)) return Rules::terminal_score(pos, ply);
  if (out_of_budget()) return 0;
  count_node();
  if (ply >= kMaxPly - 1) return eval(pos);

  // A side that must answer a threat cannot rely on the static score: it searches every
  // move for a few plies (Rules::must_answer; the next ply's list is its scratch).
  const bool forced = Rules::must_answer(pos, qply, moves_at(ply + 1).list);
  // Any other side stands pat before its moves are generated, the dearest part of a node:
  // most quiescence nodes end there. A win at once that it skips only makes the cutoff's
  // lower bound lower. A side with forced replies (Ordo: split) generates every move
  // first, since having none is common there and loses; any other generates only the
  // tactical ones (a connected Ordo side always has a move).
  const bool stand_pat_first = !forced && !Rules::forced_replies(pos);
  int best = -kInfinity;
  const auto stand_pat = [&] {
    best = eval(pos);
    alpha = std::max(alpha, best);
    return best >= beta;
  };
  if (stand_pat_first && stand_pat()) return best;

  PlyMoves& moves = moves_at(ply);
  moves.list.clear();
  // Every move where a side may have none (then it has lost), else the game's tactical
  // ones (an empty list proves nothing).
  const bool complete = Rules::generate_quiescence(pos, moves.list, !stand_pat_first);
  if (complete && moves.list.empty()) return mated_score(ply);
  if (moves.find_win(pos) >= 0) return winning_score(ply + 1);
  if (!forced && !stand_pat_first && stand_pat()) return best;
  if (forced) {
    order_moves(pos, moves, ply, std::nullopt);
  } else {
    moves.count = Rules::quiescence_keys(pos, moves.list, moves.keys.data());
    std::sort(moves.keys.begin(), moves.keys.begin() + static_cast<std::ptrdiff_t>(moves.count),
              std::greater<>());
  }
  for (std::size_t i = 0; i < moves.count; ++i) {
    const Move move = moves.at(i);
    const auto undo = Rules::make(pos, move);
    const int score = -quiesce(pos, -beta, -alpha, ply + 1, qply + 1);
    Rules::unmake(pos, move, undo);
    if (aborted_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

}  // namespace ordo
