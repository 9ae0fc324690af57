#include "search/search.h"

#include <algorithm>

#include "core/movegen.h"

namespace ordo {

namespace {

constexpr int kInfinity = kMateScore + 1;
// Iterations stop this far below kMaxPly so that quiescence keeps room to go on.
constexpr int kMaxDepth = kMaxPly - 32;
// Plies of quiescence in which a side that is split or threatened searches every move
// instead of standing pat (like a check evasion in chess).
constexpr int kEvasionPlies = 2;
// Polling the clock and the stop flag every this many nodes keeps the cost negligible
// while an Ordo X node (thousands of moves) still reacts within milliseconds.
constexpr std::uint64_t kPollInterval = 64;
constexpr int kHistoryCap = 1 << 20;

int mated_score(int ply) {
  return -(kMateScore - ply);
}
int winning_score(int ply) {
  return kMateScore - ply;
}

int advancement(const Geometry& g, Color side, int sq) {
  const int rank = g.rank_of(sq);
  return side == Color::White ? rank : g.height() - 1 - rank;
}

bool is_capture(const Move& m) {
  return m.steps[0].capture || (m.step_count == 2 && m.steps[1].capture);
}

// A cheap test for a move that ends the game at once: it lands a piece on the opponent's
// home row, or captures the opponent's last piece. Confirmed by playing it (see below).
bool may_win_at_once(const Position& pos, const Move& m) {
  const Color us = pos.side_to_move();
  if (is_capture(m) && !has_more_than_one(pos.pieces(opponent(us)))) return true;
  const Step& s = m.last();
  // Every piece of a slide moves by the same vector, and a legal slide stays on the board.
  const Bitboard landing = shift_by(pos.moved_squares(s), s.to - s.from);
  return (landing & pos.geometry().home_row(opponent(us))) != 0;
}

bool wins_at_once(Position& pos, const Move& m) {
  if (!may_win_at_once(pos, m)) return false;
  const Color us = pos.side_to_move();
  const Undo undo = pos.make(m);
  const bool won = pos.decided_winner() == us;
  pos.unmake(m, undo);
  return won;
}

}  // namespace

struct AlphaBeta::PlyMoves {
  MoveList list;
  // Ordering key per move: the ordering score in the high bits, the move's index below.
  std::array<std::uint64_t, 16384> keys;
  std::size_t count = 0;

  const Move& at(std::size_t i) const { return list[keys[i] & 0xFFFF]; }
  // The index of a move that wins at once, or -1.
  int find_win(Position& pos) const {
    for (std::size_t i = 0; i < list.size(); ++i)
      if (wins_at_once(pos, list[i])) return static_cast<int>(i);
    return -1;
  }
};

std::optional<int> mate_in_turns(int score) {
  if (score > kMateThreshold) return (kMateScore - score + 1) / 2;
  if (score < -kMateThreshold) return -((kMateScore + score) / 2);
  return std::nullopt;
}

AlphaBeta::AlphaBeta(std::size_t table_mib)
    : table_(table_mib), history_(2 * kMaxSquares * kMaxSquares, 0) {
  ply_moves_.reserve(kMaxPly);
}

AlphaBeta::~AlphaBeta() = default;

void AlphaBeta::clear() {
  table_.clear();
  std::fill(history_.begin(), history_.end(), 0);
}

AlphaBeta::PlyMoves& AlphaBeta::moves_at(int ply) {
  while (static_cast<int>(ply_moves_.size()) <= ply) ply_moves_.emplace_back(new PlyMoves);
  return *ply_moves_[ply];
}

int AlphaBeta::eval(const Position& pos) const {
  return weights_ ? evaluate(pos, *weights_) : evaluate(pos);
}

bool AlphaBeta::out_of_budget() {
  if (aborted_) return true;
  if (limits_.nodes && nodes_ >= limits_.nodes) {
    aborted_ = true;
  } else if (nodes_ % kPollInterval == 0) {
    if (stop_->load(std::memory_order_relaxed)) aborted_ = true;
    if (limits_.time_ms) {
      const auto elapsed = std::chrono::steady_clock::now() - start_;
      if (elapsed >= std::chrono::milliseconds(limits_.time_ms)) aborted_ = true;
    }
  }
  return aborted_;
}

bool AlphaBeta::is_repetition(std::uint64_t hash) const {
  // hashes_ ends with the parent (other side to move); the same side stands two back.
  int seen = 0;
  for (std::size_t i = hashes_.size(); i >= 2; i -= 2) {
    if (hashes_[i - 2] == hash && ++seen >= 2) return true;  // this is the third occurrence
  }
  return false;
}

void AlphaBeta::order_moves(const Position& pos, PlyMoves& moves, int ply,
                            const std::optional<Move>& tt) {
  const Geometry& g = pos.geometry();
  const Color us = pos.side_to_move();
  const auto& killers = killers_[ply];
  moves.count = moves.list.size();
  for (std::size_t i = 0; i < moves.count; ++i) {
    const Move& m = moves.list[i];
    std::uint32_t score;
    if (tt && m == *tt) {
      score = 1u << 30;
    } else if (is_capture(m)) {
      // Take the enemy piece that has come closest to our home row first.
      const int victim = m.steps[0].capture ? m.steps[0].to : m.steps[1].to;
      score = (1u << 28) + static_cast<std::uint32_t>(advancement(g, opponent(us), victim));
    } else if (m == killers[0]) {
      score = (1u << 27) + 1;
    } else if (m == killers[1]) {
      score = 1u << 27;
    } else {
      score = static_cast<std::uint32_t>(
          history_[(index(us) * kMaxSquares + m.first().from) * kMaxSquares + m.last().to]);
    }
    moves.keys[i] = std::uint64_t{score} << 16 | i;
  }
  std::sort(moves.keys.begin(), moves.keys.begin() + static_cast<std::ptrdiff_t>(moves.count),
            std::greater<>());
}

void AlphaBeta::remember_cutoff(const Position& pos, const Move& move, int depth, int ply) {
  if (is_capture(move)) return;
  auto& killers = killers_[ply];
  if (!(killers[0] == move)) {
    killers[1] = killers[0];
    killers[0] = move;
  }
  const int slot =
      (index(pos.side_to_move()) * kMaxSquares + move.first().from) * kMaxSquares + move.last().to;
  history_[slot] += depth * depth;
  if (history_[slot] >= kHistoryCap) {
    for (int& h : history_) h /= 2;
  }
}

void AlphaBeta::update_pv(int ply, const Move& move) {
  pv_[ply][0] = move;
  const int child_length = ply + 1 < kMaxPly ? pv_length_[ply + 1] : 0;
  for (int i = 0; i < child_length && i + 1 < kMaxPly; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
  pv_length_[ply] = std::min(child_length + 1, kMaxPly);
}

int AlphaBeta::search_node(Position& pos, int depth, int alpha, int beta, int ply) {
  pv_length_[ply] = 0;
  if (pos.decided_winner()) return mated_score(ply);  // the opponent's last move won
  if (ply > 0 && is_repetition(pos.hash())) return 0;
  if (depth <= 0 || ply >= kMaxDepth) return quiesce(pos, alpha, beta, ply, 0);
  if (out_of_budget()) return 0;
  ++nodes_;

  // Mate-distance pruning: nothing here can beat a mate found nearer the root.
  alpha = std::max(alpha, mated_score(ply));
  beta = std::min(beta, winning_score(ply + 1));
  if (alpha >= beta) return alpha;

  const bool pv_node = beta - alpha > 1;
  const auto hit = table_.probe(pos.hash(), ply);
  if (hit && !pv_node && hit->depth >= depth) {
    if (hit->bound == Bound::Exact || (hit->bound == Bound::Lower && hit->score >= beta) ||
        (hit->bound == Bound::Upper && hit->score <= alpha))
      return hit->score;
  }

  PlyMoves& moves = moves_at(ply);
  moves.list.clear();
  generate_legal(pos, moves.list);
  if (moves.list.empty()) return mated_score(ply);  // blocked, or split and cannot reconnect
  if (const int win = moves.find_win(pos); win >= 0) {
    pv_length_[ply + 1] = 0;
    update_pv(ply, moves.list[win]);
    return winning_score(ply + 1);
  }
  order_moves(pos, moves, ply, hit ? hit->move : std::nullopt);

  const int original_alpha = alpha;
  int best = -kInfinity;
  std::size_t best_index = 0;
  hashes_.push_back(pos.hash());
  for (std::size_t i = 0; i < moves.count; ++i) {
    const Move move = moves.at(i);
    const Undo undo = pos.make(move);
    int score;
    if (i == 0) {
      score = -search_node(pos, depth - 1, -beta, -alpha, ply + 1);
    } else {
      // Principal variation search: prove the move worse with a null window, and search
      // it fully only when it is not.
      score = -search_node(pos, depth - 1, -alpha - 1, -alpha, ply + 1);
      if (score > alpha && score < beta)
        score = -search_node(pos, depth - 1, -beta, -alpha, ply + 1);
    }
    pos.unmake(move, undo);
    if (aborted_) break;
    if (score > best) {
      best = score;
      best_index = i;
      if (score > alpha) {
        alpha = score;
        update_pv(ply, move);
        if (alpha >= beta) {
          remember_cutoff(pos, move, depth, ply);
          break;
        }
      }
    }
  }
  hashes_.pop_back();
  if (aborted_) return 0;

  const Bound bound = best >= beta            ? Bound::Lower
                      : best > original_alpha ? Bound::Exact
                                              : Bound::Upper;
  const Move best_move = moves.at(best_index);
  table_.store(pos.hash(), ply, &best_move, best, depth, bound);
  return best;
}

int AlphaBeta::quiesce(Position& pos, int alpha, int beta, int ply, int qply) {
  pv_length_[ply] = 0;
  if (pos.decided_winner()) return mated_score(ply);
  if (out_of_budget()) return 0;
  ++nodes_;
  if (ply >= kMaxPly - 1) return eval(pos);

  PlyMoves& moves = moves_at(ply);
  moves.list.clear();
  generate_legal(pos, moves.list);
  if (moves.list.empty()) return mated_score(ply);
  if (moves.find_win(pos) >= 0) return winning_score(ply + 1);

  // A side that must reconnect, or that faces a piece about to reach its home row, cannot
  // rely on the static score: it searches every move for a few plies.
  const Color us = pos.side_to_move();
  const bool classic = pos.variant() == Variant::Classic;
  const bool forced = classic && qply < kEvasionPlies &&
                      (!pos.is_connected(us) || open_path_pieces(pos, opponent(us)));
  int best = -kInfinity;
  if (!forced) {
    best = eval(pos);
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
  }
  order_moves(pos, moves, ply, std::nullopt);
  for (std::size_t i = 0; i < moves.count; ++i) {
    const Move move = moves.at(i);
    if (!forced && !is_capture(move)) break;  // captures sort first
    // An Ordo X capture can follow any sideways step: only the direct ones are searched
    // here, or quiescence would be as wide as the full search.
    if (!forced && !classic && move.step_count == 2) continue;
    const Undo undo = pos.make(move);
    const int score = -quiesce(pos, -beta, -alpha, ply + 1, qply + 1);
    pos.unmake(move, undo);
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

SearchResult AlphaBeta::search(const Position& root, const std::vector<std::uint64_t>& history,
                               const SearchLimits& limits, const std::atomic<bool>& stop,
                               const std::function<void(const Info&)>& on_info) {
  limits_ = limits;
  stop_ = &stop;
  start_ = std::chrono::steady_clock::now();
  nodes_ = 0;
  aborted_ = false;
  table_.new_search();
  for (auto& k : killers_) k = {};
  std::fill(history_.begin(), history_.end(), 0);
  hashes_.clear();
  hashes_.reserve(history.size() + kMaxPly + 1);
  hashes_.assign(history.begin(), history.end());

  SearchResult result;
  Position pos = root;
  if (pos.decided_winner()) return result;
  {
    // A move to fall back on if even the first iteration is cut off.
    PlyMoves& moves = moves_at(0);
    moves.list.clear();
    generate_legal(pos, moves.list);
    if (moves.list.empty()) {
      result.score = mated_score(0);
      return result;
    }
    const int win = moves.find_win(pos);
    result.best_move = moves.list[win >= 0 ? static_cast<std::size_t>(win) : 0];
  }

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxDepth) : kMaxDepth;
  for (int depth = 1; depth <= max_depth; ++depth) {
    const int score = search_node(pos, depth, -kInfinity, kInfinity, 0);
    if (aborted_ || pv_length_[0] == 0) break;
    result.best_move = pv_[0][0];
    result.score = score;
    result.mate = mate_in_turns(score);
    result.depth = depth;
    result.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);

    const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - start_)
                             .count();
    if (on_info) {
      const std::uint64_t nps =
          nodes_ * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(elapsed, 1));
      on_info(Info{depth, score, result.mate, nodes_, nps, elapsed, result.pv});
    }
    // A mate within the searched depth is exact: deeper iterations cannot change it.
    if (result.mate && std::abs(score) >= kMateScore - depth) break;
    // The next iteration would take several times as long: do not start what cannot end.
    if (limits.time_ms && elapsed * 2 >= limits.time_ms) break;
  }
  result.nodes = nodes_;
  return result;
}

}  // namespace ordo
