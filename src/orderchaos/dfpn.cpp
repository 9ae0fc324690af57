#include "orderchaos/dfpn.h"

#include <algorithm>
#include <bit>
#include <limits>

#include "orderchaos/centre_strategy.h"
#include "orderchaos/movegen.h"
#include "orderchaos/threats.h"

namespace orderchaos {

namespace {

constexpr std::uint32_t kInfinity = std::numeric_limits<std::uint32_t>::max() / 2;
constexpr Bitboard kChaosToMoveBit = Bitboard{1} << 63;
constexpr Bitboard kUsedSlotBit = Bitboard{1} << 62;
constexpr std::size_t kBucket = 4;
constexpr std::size_t kMaxDepth = kSquares + 2;

std::uint32_t saturate(std::uint64_t v) {
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(v, kInfinity));
}

// A child's threshold just above its sibling's value, by a quarter more (the 1+epsilon
// trick), so that the search does not switch back and forth between two close children.
std::uint32_t sibling_threshold(std::uint32_t second) {
  return saturate(std::uint64_t{second} + second / 4 + 1);
}

}  // namespace

Dfpn::Dfpn(std::size_t table_mib)
    : table_(std::max<std::size_t>(
          kBucket * 256,
          std::bit_floor(std::max<std::size_t>(table_mib, 1) * 1024 * 1024 / sizeof(Entry)))),
      child_stack_(kMaxDepth) {}

void Dfpn::clear() {
  std::fill(table_.begin(), table_.end(), Entry{});
}

CanonicalBoards Dfpn::key_of(const Position& pos) {
  CanonicalBoards key = canonical(pos.pieces(Symbol::X), pos.pieces(Symbol::O));
  key.first |= kUsedSlotBit | (pos.to_move() == Role::Chaos ? kChaosToMoveBit : 0);
  return key;
}

namespace {

std::size_t bucket_of(const CanonicalBoards& key, std::size_t size) {
  const std::uint64_t mixed =
      (key.first * 0x9E3779B97F4A7C15ULL) ^ (key.second * 0xC2B2AE3D27D4EB4FULL);
  return ((mixed >> 17) * kBucket) & (size - 1);
}

}  // namespace

const Dfpn::Entry* Dfpn::find(const CanonicalBoards& key) const {
  const std::size_t b = bucket_of(key, table_.size());
  for (std::size_t i = b; i < b + kBucket; ++i)
    if (table_[i].key == key) return &table_[i];
  return nullptr;
}

void Dfpn::store(const CanonicalBoards& key, std::uint32_t pn, std::uint32_t dn,
                 std::uint64_t work) {
  const std::size_t b = bucket_of(key, table_.size());
  Entry* slot = &table_[b];
  for (std::size_t i = b; i < b + kBucket; ++i) {
    if (table_[i].key == key) {
      slot = &table_[i];
      work += slot->work;
      break;
    }
    if (table_[i].work < slot->work) slot = &table_[i];  // the cheapest to redo goes
  }
  *slot = Entry{key, pn, dn, work};
}

bool Dfpn::out_of_budget() {
  if (aborted_) return true;
  if ((limits_.nodes && nodes_ >= limits_.nodes) ||
      (limits_.stop && (nodes_ & 1023) == 0 && limits_.stop->load(std::memory_order_relaxed)))
    aborted_ = true;
  return aborted_;
}

bool Dfpn::order_holds_proof(const Position& pos) const {
  return limits_.proved_strategy && centre_strategy_move(pos).has_value();
}

// The children of `pos` up to symmetry, with what is known of them at once. Returns false
// when that already decides `pos` (pn or dn set to 0), true when they need searching.
bool Dfpn::expand(Position& pos, std::vector<Child>& children, std::uint32_t& pn,
                  std::uint32_t& dn) {
  children.clear();
  pn = dn = 1;
  const bool order_moves = pos.to_move() == Role::Order;
  if (lines_all_blocked(pos)) {
    pn = kInfinity, dn = 0;
    return false;
  }
  MoveList list;
  if (order_moves) {
    if (line_completable(pos) || order_holds_proof(pos)) {
      pn = 0, dn = kInfinity;
      return false;
    }
    generate_legal(pos, list);
  } else {
    chaos_holding_moves(pos, list);
    if (list.size == 0) {  // every placement lets Order complete a line
      pn = 0, dn = kInfinity;
      return false;
    }
  }
  for (const Move m : list) {
    pos.play(m);
    Child c{m, key_of(pos)};
    if (pos.outcome() == Outcome::ChaosWins || (!pos.over() && lines_all_blocked(pos))) {
      c.pn = kInfinity, c.dn = 0, c.settled = true;
    } else if (order_moves && pos.version() == RuleVersion::Original &&
               std::popcount(threat_squares(pos)) >= 2) {
      c.pn = 0, c.dn = kInfinity, c.settled = true;  // two squares to fill, one placement
    } else if (!order_moves && !pos.over() && order_holds_proof(pos)) {
      c.pn = 0, c.dn = kInfinity, c.settled = true;
    }
    pos.undo(m);
    if (c.settled && (c.pn == 0) == order_moves) {  // the mover wins with this placement
      pn = c.pn, dn = c.dn;
      return false;
    }
    const bool seen = std::any_of(children.begin(), children.end(),
                                  [&](const Child& other) { return other.key == c.key; });
    if (!seen) children.push_back(c);
  }
  return true;
}

Dfpn::Numbers Dfpn::mid(Position& pos, const CanonicalBoards& key, std::uint32_t thpn,
                        std::uint32_t thdn, std::size_t depth) {
  ++nodes_;
  const std::uint64_t start = nodes_;
  std::vector<Child>& children = child_stack_[depth];
  Numbers n;
  if (!expand(pos, children, n.pn, n.dn)) {
    store(key, n.pn, n.dn, 1);
    return n;
  }
  const bool order_moves = pos.to_move() == Role::Order;
  for (;;) {
    // Order's node is proved by one child and disproved by all; Chaos's the other way.
    std::uint64_t sum = 0;
    std::uint32_t best_value = kInfinity, second = kInfinity;
    std::size_t best = 0;
    for (std::size_t i = 0; i < children.size(); ++i) {
      Child& c = children[i];
      if (!c.settled)
        if (const Entry* e = find(c.key)) c.pn = e->pn, c.dn = e->dn;
      const std::uint32_t chosen_by = order_moves ? c.pn : c.dn;
      sum += order_moves ? c.dn : c.pn;
      if (chosen_by < best_value) {
        second = best_value;
        best_value = chosen_by;
        best = i;
      } else if (chosen_by < second) {
        second = chosen_by;
      }
    }
    n.pn = order_moves ? best_value : saturate(sum);
    n.dn = order_moves ? saturate(sum) : best_value;
    if (n.pn >= thpn || n.dn >= thdn || n.pn == 0 || n.dn == 0 || out_of_budget()) break;

    Child& c = children[best];
    std::uint32_t child_thpn = 0, child_thdn = 0;
    if (order_moves) {
      child_thpn = std::min(thpn, sibling_threshold(second));
      child_thdn = thdn >= kInfinity ? kInfinity : saturate(std::uint64_t{thdn} - n.dn + c.dn);
    } else {
      child_thdn = std::min(thdn, sibling_threshold(second));
      child_thpn = thpn >= kInfinity ? kInfinity : saturate(std::uint64_t{thpn} - n.pn + c.pn);
    }
    const Move m = c.move;
    const CanonicalBoards child_key = c.key;
    pos.play(m);
    mid(pos, child_key, child_thpn, child_thdn, depth + 1);
    pos.undo(m);
  }
  store(key, n.pn, n.dn, nodes_ - start + 1);
  return n;
}

DfpnResult Dfpn::solve(const Position& root, const DfpnLimits& limits) {
  limits_ = limits;
  nodes_ = 0;
  aborted_ = false;
  DfpnResult result;
  if (root.over()) {
    result.value = root.outcome();
    return result;
  }
  Position pos = root;
  const Numbers n = mid(pos, key_of(pos), kInfinity, kInfinity, 0);
  result.nodes = nodes_;
  if (n.pn == 0) result.value = Outcome::OrderWins;
  if (n.dn == 0) result.value = Outcome::ChaosWins;
  return result;
}

std::optional<Move> Dfpn::winning_move(const Position& start, const DfpnLimits& limits) {
  if (start.over()) return std::nullopt;
  Position pos = start;
  const bool order_moves = pos.to_move() == Role::Order;
  const Outcome mine = order_moves ? Outcome::OrderWins : Outcome::ChaosWins;
  MoveList list;
  generate_legal(pos, list);
  // What is known at once or from the table, then a search of each placement in turn.
  for (int pass = 0; pass < 2; ++pass)
    for (const Move m : list) {
      pos.play(m);
      std::optional<Outcome> value;
      if (pos.over()) {
        value = pos.outcome();
      } else if (pass == 0) {
        if (const Entry* e = find(key_of(pos)); e && (e->pn == 0 || e->dn == 0))
          value = e->pn == 0 ? Outcome::OrderWins : Outcome::ChaosWins;
      } else {
        value = solve(pos, limits).value;
      }
      pos.undo(m);
      if (value == mine) return m;
    }
  return std::nullopt;
}

}  // namespace orderchaos
