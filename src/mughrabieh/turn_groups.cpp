#include "mughrabieh/turn_groups.h"

#include <algorithm>
#include <bit>

namespace mughrabieh {

namespace {

// The walks of turns.cpp's walk_sorted_double and walk_sorted_pair (which argue why each
// distinct turn is met exactly once), keeping a group where those keep each last step. The
// argument needs only that a step's legality depends on the opponent's pieces alone: true
// under the house rules once a piece is home, and under Ludii's model while no piece can be
// borne off. There a turn is any sequence after which no die can move (of any length), and
// a shorter set walked in order is a turn only when no lower source can move either: its
// position, so its remaining moves, are the same in any order.
class GroupWalk {
 public:
  GroupWalk(const Position& pos, TurnGroups& groups) : groups_(groups) {
    const Side side = pos.to_move();
    current_.roll = *pos.roll();
    for (int i = 0; i < kPoints; ++i) count_[i] = static_cast<std::uint8_t>(pos.count(side, i));
    mine_ = pos.occupied(side);
    house_ = pos.rules() == RuleSet::House;
    const std::uint32_t blocked = pos.blocked(side);
    for (const int die : {current_.roll.high, current_.roll.low})
      landing_[die] = ~(blocked >> die) & below(kPoints - die);
  }

  void run() {
    groups_.size = 0;
    groups_.total = 0;
    groups_.rank = -1;
    const Roll roll = current_.roll;
    if (roll.is_double())
      walk_double(0, roll.high, 0);
    else
      walk_pair(roll.high, roll.low);
  }

 private:
  // The lowest n bits, 0 <= n < 32 (low_bits without its range checks).
  static std::uint32_t below(int n) { return (1u << n) - 1; }

  static Step step_of(int from, int die) {
    return Step{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(die)};
  }

  // Position::step_sources under the house rules for the points `mine`, once a piece is in
  // the final six points (so that rule 5 no longer applies; a home piece leaves home only
  // by bearing off, when all are home).
  std::uint32_t sources(std::uint32_t mine, int die) const {
    const std::uint32_t landing = mine & landing_[die];
    if (mine & kOutsideHomeMask) return landing;
    if (!mine) return 0;
    const std::uint32_t exact = mine & (1u << (kPoints - die));
    const int farthest = std::countr_zero(mine);
    const std::uint32_t over = kPoints - farthest < die ? 1u << farthest : 0u;
    return landing | exact | over;
  }

  // The points held after one step from `from` by `die`.
  std::uint32_t after(int from, int die) const {
    // Without branches, as the dice make them unpredictable; a bit past the last point
    // (a bear-off, from + die < 30) is masked away.
    const std::uint32_t left = static_cast<std::uint32_t>(count_[from] == 1) << from;
    return ((mine_ & ~left) | (1u << (from + die))) & kAllPoints;
  }

  // Bear-offs count on the points past the last (never read), so that nothing branches.
  void apply(int from, int die) {
    mine_ = after(from, die);
    --count_[from];
    ++count_[from + die];
  }

  void undo(int from, int die) {
    const int to = from + die;
    mine_ &= ~(static_cast<std::uint32_t>(--count_[to] == 0) << to);
    ++count_[from];
    mine_ |= 1u << from;
  }

  void walk_double(int depth, int die, int lowest) {
    const std::uint32_t sources_now = sources(mine_, die) & ~below(lowest);
    if (!sources_now) {
      // Ludii's model: a turn ends only where no die can move (lower sources may).
      if (depth > 0 && (house_ || !sources(mine_, die))) add(depth, 2 * depth, 0, 0);
      return;
    }
    if (depth == 2) {  // the third step by after(), no apply/undo: its nodes are the most
      for (std::uint32_t m = sources_now; m; m &= m - 1) {
        const int from = std::countr_zero(m);
        current_.steps[2] = step_of(from, die);
        const std::uint32_t fourth = sources(after(from, die), die) & ~below(from);
        if (fourth)
          add(3, 8, fourth, die);
        else if (house_ || !sources(after(from, die), die))
          add(3, 6, 0, 0);
      }
      return;
    }
    for (std::uint32_t m = sources_now; m; m &= m - 1) {
      const int from = std::countr_zero(m);
      current_.steps[depth] = step_of(from, die);
      apply(from, die);
      walk_double(depth + 1, die, from);
      undo(from, die);
    }
  }

  // a > b. The sets {(s, x), (t, y)}, s <= t, lower source first; of two sets that give the
  // same position (walk_sorted_pair's cases 1-3) the one with the larger die first is kept.
  void walk_pair(int a, int b) {
    std::array<std::uint32_t, kPoints>
        after_a;  // after (s, a), sources >= s: read only for s in first_a
    const std::uint32_t first_a = sources(mine_, a);
    for (std::uint32_t m = first_a; m; m &= m - 1) {
      const int s = std::countr_zero(m);
      current_.steps[0] = step_of(s, a);
      const std::uint32_t second = sources(after(s, a), b);
      if (!second) add(1, 3, 0, 0);
      after_a[s] = second & ~below(s);
      if (after_a[s]) add(1, 4, after_a[s], b);
    }
    for (std::uint32_t m = sources(mine_, b); m; m &= m - 1) {
      const int s = std::countr_zero(m);
      current_.steps[0] = step_of(s, b);
      const std::uint32_t second = sources(after(s, b), a);
      if (!second) add(1, 2, 0, 0);
      std::uint32_t last = second & ~below(s);
      if (first_a & (1u << s)) {  // (s, a) was a legal first step: drop what it reached
        const std::uint32_t kept = after_a[s];
        std::uint32_t same = kept & (1u << s);                                   // (3)
        if (s + a < kPoints && (kept & (1u << (s + a)))) same |= 1u << (s + b);  // (1)
        if (s + b >= kPoints) same |= kept & ~below(kPoints - b);                // (2)
        last &= ~same;
      }
      if (last) add(1, 4, last, a);
    }
  }

  // The group of current_'s first `size` steps and `last` (or the prefix alone, when 0), of
  // the given rank: under the house rules kept if the rank is the best so far; under
  // Ludii's model every turn that ends because no die can move is kept.
  void add(int size, int rank, std::uint32_t last, int last_die) {
    if (!house_) {
      groups_.rank = std::max(groups_.rank, rank);
    } else if (rank < groups_.rank) {
      return;
    } else if (rank > groups_.rank) {
      groups_.rank = rank;
      groups_.size = 0;
      groups_.total = 0;
    }
    TurnGroups::Group& g = groups_.groups[groups_.size++];
    g.prefix = current_;
    g.prefix.size = static_cast<std::uint8_t>(size);
    g.last = last;
    g.last_die = static_cast<std::uint8_t>(last_die);
    g.first = groups_.total;
    groups_.total += last ? static_cast<std::uint32_t>(std::popcount(last)) : 1u;
  }

  TurnGroups& groups_;
  Turn current_;
  // The side to move's counts during the walk, and past the last point up to 23 + 6.
  std::array<std::uint8_t, kPoints + 6> count_{};
  std::uint32_t mine_ = 0;  // its points
  bool house_ = true;
  // By die: the points a piece may step from without passing the last point and without
  // landing on an opposing piece.
  std::array<std::uint32_t, 7> landing_{};
};

}  // namespace

Turn TurnGroups::turn(std::uint32_t k) const {
  const Group* g =
      std::upper_bound(groups.data(), groups.data() + size, k,
                       [](std::uint32_t key, const Group& x) { return key < x.first; }) -
      1;
  Turn t = g->prefix;
  if (g->last) {
    std::uint32_t m = g->last;
    for (std::uint32_t skip = k - g->first; skip; --skip) m &= m - 1;
    t.steps[t.size++] = Step{static_cast<std::uint8_t>(std::countr_zero(m)), g->last_die};
  }
  return t;
}

bool group_sorted_turns(const Position& pos, TurnGroups& groups) {
  const Side side = pos.to_move();
  if (!(pos.occupied(side) & kHomeMask)) return false;  // rule 5 may still apply
  if (pos.rules() == RuleSet::Ludii) {
    // Ludii's bear-off depends on the whole position, so the sorted order holds only while
    // no piece can be borne off this turn: the pieces outside the final six need more pips
    // to get home than the roll has.
    if (pos.all_home(side)) return false;
    int need = 0;
    for (int i = 0; i < kHomeFirst; ++i) need += pos.count(side, i) * (kHomeFirst - i);
    const Roll roll = *pos.roll();
    if (need <= (roll.is_double() ? 4 * roll.high : roll.high + roll.low)) return false;
  }
  GroupWalk(pos, groups).run();
  return true;
}

}  // namespace mughrabieh
