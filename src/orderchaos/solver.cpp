#include "orderchaos/solver.h"

#include <algorithm>
#include <array>
#include <bit>

#include "orderchaos/movegen.h"
#include "orderchaos/symmetry.h"

namespace orderchaos {

namespace {

constexpr Bitboard kChaosToMoveBit = Bitboard{1} << 63;
constexpr Bitboard kUsedSlotBit = Bitboard{1} << 62;  // so that an empty slot matches nothing

// An ordering key for a placement: for Order, how far it advances the windows it joins
// that are still open for its symbol; for Chaos, how many open windows of the other
// symbol it closes, weighted the same way. Larger first.
int ordering_key(const Position& pos, Move move) {
  const Bitboard mine = pos.pieces(move.symbol);
  const Bitboard theirs = pos.pieces(move.symbol == Symbol::X ? Symbol::O : Symbol::X);
  const SquareWindows& through = kWindowsThrough[move.square];
  int key = 0;
  for (int i = 0; i < through.count; ++i) {
    const Bitboard w = through.windows[i].squares;
    const int own = std::popcount(mine & w), other = std::popcount(theirs & w);
    if (pos.to_move() == Role::Order) {
      if (other == 0) key += 1 << (2 * own);
    } else if (own == 0 && other > 0) {
      key += 1 << (2 * other);
    }
  }
  return key;
}

// Where Chaos must play when Order threatens to complete a line next turn. A threat is a
// window with four of one symbol and one empty square (under exact-five, and no such
// symbol just beyond its ends). Chaos defuses it only by filling that square or, under
// exact-five, by putting the same symbol beyond an end (a six does not count); any other
// placement leaves Order an immediate win. Without a threat every empty square is allowed.
struct ChaosDuty {
  Bitboard squares = 0;  // where Chaos may still hold out
  bool lost = false;     // two threats on different squares: no defence (original)
};

ChaosDuty chaos_duty(const Position& pos) {
  ChaosDuty duty;
  duty.squares = pos.empty();
  Bitboard threat_squares = 0, defences = 0;
  const bool exact = pos.version() == RuleVersion::ExactFive;
  for (const Window& w : kAllWindows) {
    for (const Symbol s : {Symbol::X, Symbol::O}) {
      const Bitboard mine = pos.pieces(s);
      const Bitboard theirs = pos.pieces(s == Symbol::X ? Symbol::O : Symbol::X);
      if ((theirs & w.squares) || std::popcount(mine & w.squares) != kLineLength - 1) continue;
      if (exact && (mine & w.beyond_ends)) continue;  // completing it would make six
      const Bitboard gap = w.squares & ~mine;
      threat_squares |= gap;
      defences |= gap | (exact ? w.beyond_ends & pos.empty() : 0);
    }
  }
  if (!threat_squares) return duty;
  duty.squares = defences;
  duty.lost = !exact && std::popcount(threat_squares) >= 2;
  return duty;
}

}  // namespace

bool order_can_win_now(const Position& pos) {
  if (pos.over()) return false;
  const Bitboard empty = pos.empty();
  for (const Symbol s : {Symbol::X, Symbol::O}) {
    const Bitboard mine = pos.pieces(s);
    for (Bitboard b = empty; b; b &= b - 1) {
      const int sq = std::countr_zero(b);
      const SquareWindows& through = kWindowsThrough[sq];
      for (int i = 0; i < through.count; ++i)
        if (window_wins(through.windows[i], mine | bit(sq), pos.version())) return true;
    }
  }
  return false;
}

Solver::Solver(std::size_t table_mib)
    : table_(std::max<std::size_t>(1024, std::bit_floor(table_mib * 1024 * 1024 / sizeof(Entry)))) {
}

void Solver::clear() {
  std::fill(table_.begin(), table_.end(), Entry{});
}

bool Solver::out_of_budget() {
  if (aborted_) return true;
  if ((limits_.nodes && nodes_ >= limits_.nodes) ||
      (limits_.stop && (nodes_ & 1023) == 0 && limits_.stop->load(std::memory_order_relaxed)))
    aborted_ = true;
  return aborted_;
}

Solver::Entry* Solver::probe(const Position& pos, Bitboard& first, Bitboard& second) {
  const CanonicalBoards c = canonical(pos.pieces(Symbol::X), pos.pieces(Symbol::O));
  first = c.first | kUsedSlotBit | (pos.to_move() == Role::Chaos ? kChaosToMoveBit : 0);
  second = c.second;
  const std::uint64_t mixed = (first * 0x9E3779B97F4A7C15ULL) ^ (second * 0xC2B2AE3D27D4EB4FULL);
  return &table_[(mixed >> 20) & (table_.size() - 1)];
}

std::optional<bool> Solver::order_wins(Position& pos, Move* best) {
  ++nodes_;
  if (pos.over()) return pos.outcome() == Outcome::OrderWins;
  if (out_of_budget()) return std::nullopt;
  const bool order_moves = pos.to_move() == Role::Order;
  if (order_moves && order_can_win_now(pos)) {
    if (best) {
      MoveList list;
      generate_legal(pos, list);
      for (const Move m : list) {
        pos.play(m);
        const bool wins = pos.outcome() == Outcome::OrderWins;
        pos.undo(m);
        if (wins) {
          *best = m;
          break;
        }
      }
    }
    return true;
  }

  Bitboard first = 0, second = 0;
  Entry* entry = best ? nullptr : probe(pos, first, second);
  if (entry && entry->first == first && entry->second == second) {
    ++hits_;
    return entry->order_wins;
  }

  MoveList list;
  generate_legal(pos, list);
  if (!order_moves && !best) {  // the root keeps every move, so that it can name one
    const ChaosDuty duty = chaos_duty(pos);
    if (duty.lost) return true;
    int kept = 0;
    for (int i = 0; i < list.size; ++i)
      if (duty.squares & bit(list.moves[i].square)) list.moves[kept++] = list.moves[i];
    list.size = kept;  // every other placement loses at once
  }
  std::array<int, 2 * kSquares> keys{};
  for (int i = 0; i < list.size; ++i) keys[i] = ordering_key(pos, list.moves[i]);
  // Insertion sort by key, stable so that the result is deterministic.
  for (int i = 1; i < list.size; ++i) {
    const Move m = list.moves[i];
    const int k = keys[i];
    int j = i;
    for (; j > 0 && keys[j - 1] < k; --j) {
      list.moves[j] = list.moves[j - 1];
      keys[j] = keys[j - 1];
    }
    list.moves[j] = m;
    keys[j] = k;
  }

  // Order needs one winning move; Chaos needs one move after which Order does not win.
  const bool wanted = order_moves;
  bool value = !wanted;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    pos.play(m);
    const auto child = order_wins(pos, nullptr);
    pos.undo(m);
    if (!child) return std::nullopt;
    if (best && i == 0) *best = m;
    if (*child == wanted) {
      value = wanted;
      if (best) *best = m;
      break;
    }
  }
  if (!entry) entry = probe(pos, first, second);
  *entry = Entry{first, second, value};
  return value;
}

SolveResult Solver::solve(const Position& root, const SolveLimits& limits) {
  limits_ = limits;
  nodes_ = 0;
  hits_ = 0;
  aborted_ = false;
  SolveResult result;
  Position pos = root;
  Move best{};
  const auto value = order_wins(pos, &best);
  result.nodes = nodes_;
  result.table_hits = hits_;
  if (value) {
    result.value = *value ? Outcome::OrderWins : Outcome::ChaosWins;
    if (!root.over()) result.best = best;
  }
  return result;
}

}  // namespace orderchaos
