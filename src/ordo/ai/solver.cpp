#include "ordo/ai/solver.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>

#include "ordo/ai/packed_move.h"
#include "ordo/ai/wins_at_once.h"
#include "ordo/movegen.h"
#include "search/transposition_table.h"

namespace ordo {

namespace {

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The most pieces one of `moves` moves (both steps of an Ordo X turn counted): no quiet
// move fills more empty squares than that.
int most_pieces_moved(const Position& pos, const MoveList& moves) {
  int most = 0;
  for (const Move& m : moves) {
    int moved = 0;
    for (int i = 0; i < m.step_count; ++i) moved += popcount(pos.moved_squares(m.steps[i]));
    most = std::max(most, moved);
  }
  return most;
}

// The empty squares next to the defender's pieces that it could step onto with a turn of
// one quiet single step (the prover to move in `pos`). Such a step stays legal after any
// quiet move of the prover that does not land on its square: its legality depends only on
// that square and on the defender's own pieces.
Bitboard single_step_targets(Position pos, MoveList& scratch) {
  pos.pass_turn();
  scratch.clear();
  generate_legal(pos, scratch);
  const Geometry& g = pos.geometry();
  Bitboard targets = 0;
  for (const Move& m : scratch) {
    const Step& s = m.first();
    if (m.step_count != 1 || s.is_ordo() || s.capture) continue;
    const int files = std::abs(g.file_of(s.to) - g.file_of(s.from));
    const int ranks = std::abs(g.rank_of(s.to) - g.rank_of(s.from));
    if (std::max(files, ranks) == 1) targets |= bit(s.to);
  }
  return targets;
}

bool leaves_no_reply(Position& pos, const Move& m) {
  const Undo undo = pos.make(m);
  const bool none = count_legal(pos) == 0;
  pos.unmake(m, undo);
  return none;
}

int advancement(const Geometry& g, Color side, int sq) {
  const int rank = g.rank_of(sq);
  return side == Color::White ? rank : g.height() - 1 - rank;
}

// Polling the clock every this many nodes keeps its cost negligible.
constexpr std::uint64_t kPollInterval = 256;

}  // namespace

// Proven bounds per position: "wins within `win_within` turns" (0: not proven) and "no win
// within `no_win_within` turns". One entry per slot, always replaced by a new position.
// Entries of earlier solves (other repetition rules may have held) are told apart by a
// generation number, so that a new solve need not clear the whole table.
struct Solver::Table {
  struct Entry {
    std::uint64_t key = 0;
    PackedMove move = kNoPackedMove;  // a winning move when win_within > 0
    std::uint8_t win_within = 0;
    std::uint8_t no_win_within = 0;
    std::uint8_t generation = 0;
  };
  std::vector<Entry> entries;
  std::uint8_t generation = 0;

  explicit Table(std::size_t mib) {
    std::size_t count = 1;
    while (count * 2 * sizeof(Entry) <= mib * 1024 * 1024) count *= 2;
    entries.resize(count);
  }
  Entry& slot(std::uint64_t key) { return entries[key & (entries.size() - 1)]; }
  const Entry* find(std::uint64_t key) {
    const Entry& e = slot(key);
    return e.key == key && e.generation == generation ? &e : nullptr;
  }
  void store_win(std::uint64_t key, int turns, const Move& move) {
    Entry& e = slot(key);
    if (e.key != key || e.generation != generation) e = Entry{key, kNoPackedMove, 0, 0, generation};
    if (!e.win_within || turns < e.win_within) {
      e.win_within = static_cast<std::uint8_t>(turns);
      e.move = pack_move(move);
    }
  }
  void store_no_win(std::uint64_t key, int turns) {
    Entry& e = slot(key);
    if (e.key != key || e.generation != generation) e = Entry{key, kNoPackedMove, 0, 0, generation};
    e.no_win_within = static_cast<std::uint8_t>(std::max<int>(e.no_win_within, turns));
  }
  // Forgets every entry: a new generation, and a real clear once the numbers wrap.
  void new_generation() {
    if (++generation == 0) {
      std::fill(entries.begin(), entries.end(), Entry{});
      generation = 1;
    }
  }
};

// The moves of one ply and the order to try them in.
struct Solver::PlyMoves {
  MoveList list;
  std::array<std::uint32_t, 16384> keys;  // ordering score << 14 | index
  std::size_t count = 0;
  const Move& at(std::size_t i) const { return list[keys[i] & 0x3FFF]; }

  // Captures first, then moves that land further forward.
  void order(const Position& pos) {
    const Geometry& g = pos.geometry();
    const Color us = pos.side_to_move();
    count = list.size();
    for (std::size_t i = 0; i < count; ++i) {
      const Move& m = list[i];
      const std::uint32_t score =
          (is_capture(m) ? 64u : 0u) + static_cast<std::uint32_t>(advancement(g, us, m.last().to));
      keys[i] = score << 14 | static_cast<std::uint32_t>(i);
    }
    std::sort(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(count), std::greater<>());
  }
};

std::vector<std::uint64_t> drawn_on_next_occurrence(const Game& game) {
  if (!game.options().repetition_draw) return {};
  std::map<std::uint64_t, int> seen;
  for (std::uint64_t h : game.earlier_hashes()) ++seen[h];
  ++seen[game.position().hash()];
  std::vector<std::uint64_t> drawn;
  for (const auto& [hash, count] : seen)
    if (count >= 2) drawn.push_back(hash);
  return drawn;
}

Solver::Solver(std::size_t table_mib) : table_(std::make_unique<Table>(table_mib)) {}
Solver::~Solver() = default;

Solver::PlyMoves& Solver::moves_at(int ply) {
  while (static_cast<int>(ply_moves_.size()) <= ply) ply_moves_.emplace_back(new PlyMoves);
  return *ply_moves_[ply];
}

bool Solver::is_drawn(std::uint64_t hash) const {
  return !drawn_.empty() && std::binary_search(drawn_.begin(), drawn_.end(), hash);
}

bool Solver::out_of_budget() {
  if (aborted_) return true;
  if (limits_.nodes && nodes_ >= limits_.nodes) {
    aborted_ = true;
  } else if (nodes_ % kPollInterval == 0) {
    if (stop_ && stop_->load(std::memory_order_relaxed)) aborted_ = true;
    if (limits_.time_ms && now_ns() - start_ns_ >= limits_.time_ms * 1'000'000) aborted_ = true;
  }
  return aborted_;
}

// Can the side to move win on or before its `turns`-th own turn?
bool Solver::prover_wins(Position& pos, int turns, int ply) {
  if (out_of_budget()) return false;
  ++nodes_;
  const std::uint64_t key = pos.hash();
  if (const Table::Entry* e = table_->find(key)) {
    if (e->win_within && e->win_within <= turns) return true;
    if (e->no_win_within >= turns) return false;
  }
  PlyMoves& moves = moves_at(ply);
  moves.list.clear();
  generate_legal(pos, moves.list);
  for (const Move& m : moves.list) {
    if (wins_at_once(pos, m)) {
      table_->store_win(key, 1, m);
      return true;
    }
  }
  if (turns == 1) {
    if (const Move* m = move_leaving_no_reply(pos, moves.list, ply)) {
      table_->store_win(key, 1, *m);
      return true;
    }
    table_->store_no_win(key, 1);
    return false;
  }
  moves.order(pos);
  for (std::size_t i = 0; i < moves.count; ++i) {
    const Move m = moves.at(i);
    const Undo undo = pos.make(m);
    const bool won = !is_drawn(pos.hash()) && defender_loses(pos, turns - 1, ply + 1);
    pos.unmake(m, undo);
    if (aborted_) return false;
    if (won) {
      table_->store_win(key, turns, m);
      return true;
    }
  }
  table_->store_no_win(key, turns);
  return false;
}

// A move of `moves` after which the defender has no legal move, or null. A capture may
// split the defender, so each is played and checked. A quiet move only fills the squares
// its pieces land on, so it can block a connected defender only when that defender's
// single steps onto empty squares are no more than the squares one move fills; only then
// are the quiet moves played too. (At more than one turn left, the search below finds
// such a move anyway: the defender then has no reply.)
const Move* Solver::move_leaving_no_reply(Position& pos, const MoveList& moves, int ply) {
  const Color defender = opponent(pos.side_to_move());
  bool quiet_may_block = !pos.is_connected(defender);
  if (!quiet_may_block) {
    const Bitboard targets = single_step_targets(pos, moves_at(ply + 1).list);
    quiet_may_block = popcount(targets) <= most_pieces_moved(pos, moves);
  }
  for (const Move& m : moves) {
    if ((is_capture(m) || quiet_may_block) && leaves_no_reply(pos, m)) return &m;
  }
  return nullptr;
}

// After the prover's move: does every reply leave the prover a win within `turns`?
bool Solver::defender_loses(Position& pos, int turns, int ply) {
  PlyMoves& replies = moves_at(ply);
  replies.list.clear();
  generate_legal(pos, replies.list);
  if (replies.list.empty()) return true;  // blocked or cannot reconnect: the defender loses
  for (const Move& r : replies.list)
    if (wins_at_once(pos, r)) return false;
  replies.order(pos);
  for (std::size_t i = 0; i < replies.count; ++i) {
    const Move r = replies.at(i);
    const Undo undo = pos.make(r);
    const bool lost = !is_drawn(pos.hash()) && prover_wins(pos, turns, ply + 1);
    pos.unmake(r, undo);
    if (!lost || aborted_) return false;
  }
  return true;
}

// Replays the proof: the stored winning move at each prover turn, and the defender's reply
// that needs the most turns to beat (the first such in generation order).
std::vector<Move> Solver::main_line(Position pos, int turns) {
  std::vector<Move> line;
  const Color prover = pos.side_to_move();
  while (turns >= 1) {
    const Table::Entry* e = table_->find(pos.hash());
    if (!e || !e->win_within || e->win_within > turns) {
      if (!prover_wins(pos, turns, 0)) break;  // not reached unless aborted
      e = table_->find(pos.hash());
      if (!e) break;
    }
    const Move m = unpack_move(e->move);
    turns = e->win_within;
    line.push_back(m);
    pos.make(m);
    if (pos.decided_winner() == prover) break;
    MoveList replies;
    generate_legal(pos, replies);
    if (replies.empty()) break;
    int longest = 0;
    Move chosen = replies[0];
    for (const Move& r : replies) {
      Position next = pos;
      next.make(r);
      int needed = 1;
      while (needed < turns - 1 && !prover_wins(next, needed, 0)) ++needed;
      if (needed > longest) {
        longest = needed;
        chosen = r;
      }
    }
    line.push_back(chosen);
    pos.make(chosen);
    turns = longest;
  }
  return line;
}

SolveResult Solver::solve(const Position& root, const std::vector<std::uint64_t>& drawn,
                          const SolveLimits& limits, const std::atomic<bool>* stop) {
  if (limits.max_turns < 1 || limits.max_turns > kMaxSolveTurns)
    throw std::invalid_argument("turns out of range: " + std::to_string(limits.max_turns) +
                                " (1 to " + std::to_string(kMaxSolveTurns) + ")");
  limits_ = limits;
  stop_ = stop;
  start_ns_ = now_ns();
  nodes_ = 0;
  aborted_ = false;
  drawn_ = drawn;
  std::sort(drawn_.begin(), drawn_.end());
  table_->new_generation();

  SolveResult result;
  result.max_turns = limits.max_turns;
  Position pos = root;
  if (!pos.decided_winner()) {
    for (int n = 1; n <= limits.max_turns; ++n) {
      const bool won = prover_wins(pos, n, 0);
      if (aborted_) break;
      if (won) {
        result.status = SolveStatus::Win;
        result.turns = n;
        // The line replays proven bounds: it runs without the limits, which the proof met.
        limits_.nodes = 0;
        limits_.time_ms = 0;
        stop_ = nullptr;
        result.line = main_line(pos, n);
        break;
      }
      result.proven_no_win = n;
    }
    if (!aborted_ && result.status != SolveStatus::Win) result.status = SolveStatus::NoWin;
  } else {
    result.status = SolveStatus::NoWin;  // the game is already over
  }
  result.nodes = nodes_;
  result.elapsed_ms = (now_ns() - start_ns_) / 1'000'000;
  return result;
}

SolveResult Solver::solve(const Game& game, const SolveLimits& limits,
                          const std::atomic<bool>* stop) {
  SolveLimits capped = limits;
  const int limit = game.options().move_limit;
  if (limit > 0 && limits.max_turns >= 1 && limits.max_turns <= kMaxSolveTurns) {
    // The prover's k-th turn is move number played + 2k - 1; the limit's last move may win.
    const int left = limit - static_cast<int>(game.moves().size());
    capped.max_turns = std::max(0, std::min(limits.max_turns, (left + 1) / 2));
    if (capped.max_turns == 0) {
      SolveResult none;
      none.status = SolveStatus::NoWin;
      return none;
    }
  }
  SolveResult result = solve(game.position(), drawn_on_next_occurrence(game), capped, stop);
  return result;
}

}  // namespace ordo
