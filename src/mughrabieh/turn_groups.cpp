#include "mughrabieh/turn_groups.h"

#include <algorithm>
#include <bit>

namespace mughrabieh {

namespace {

// The walks of turns.cpp's walk_sorted_double and walk_sorted_pair (which argue why each
// distinct turn is met exactly once), keeping a group where those keep each last step.
class GroupWalk {
 public:
  GroupWalk(const Position& pos, TurnGroups& groups) : groups_(groups) {
    const Side side = pos.to_move();
    current_.roll = *pos.roll();
    for (int i = 0; i < kPoints; ++i) count_[i] = static_cast<std::uint8_t>(pos.count(side, i));
    mine_ = pos.occupied(side);
    blocked_ = pos.blocked(side);
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
  static Step step_of(int from, int die) {
    return Step{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(die)};
  }

  // Position::step_sources under the house rules for the points `mine`, once a piece is in
  // the final six points (so that rule 5 no longer applies; a home piece leaves home only
  // by bearing off, when all are home).
  std::uint32_t sources(std::uint32_t mine, int die) const {
    const std::uint32_t landing = mine & ~(blocked_ >> die) & low_bits(kPoints - die);
    if (mine & kOutsideHomeMask) return landing;
    if (!mine) return 0;
    const std::uint32_t exact = mine & (1u << (kPoints - die));
    const int farthest = std::countr_zero(mine);
    const std::uint32_t over = kPoints - farthest < die ? 1u << farthest : 0u;
    return landing | exact | over;
  }

  // The points held after one step from `from` by `die`.
  std::uint32_t after(int from, int die) const {
    std::uint32_t mine = mine_;
    if (count_[from] == 1) mine &= ~(1u << from);
    if (from + die < kPoints) mine |= 1u << (from + die);
    return mine;
  }

  void apply(int from, int die) {
    mine_ = after(from, die);
    --count_[from];
    if (from + die < kPoints) ++count_[from + die];
  }

  void undo(int from, int die) {
    if (from + die < kPoints && --count_[from + die] == 0) mine_ &= ~(1u << (from + die));
    ++count_[from];
    mine_ |= 1u << from;
  }

  void walk_double(int depth, int die, int lowest) {
    const std::uint32_t sources_now = sources(mine_, die) & ~low_bits(lowest);
    if (!sources_now) {
      if (depth > 0) add(depth, 2 * depth, 0, 0);
      return;
    }
    if (depth == 3) {
      add(3, 8, sources_now, die);
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
    std::array<std::uint32_t, kPoints> after_a{};  // second steps after (s, a), sources >= s
    const std::uint32_t first_a = sources(mine_, a);
    for (std::uint32_t m = first_a; m; m &= m - 1) {
      const int s = std::countr_zero(m);
      current_.steps[0] = step_of(s, a);
      const std::uint32_t second = sources(after(s, a), b);
      if (!second) add(1, 3, 0, 0);
      after_a[s] = second & ~low_bits(s);
      if (after_a[s]) add(1, 4, after_a[s], b);
    }
    for (std::uint32_t m = sources(mine_, b); m; m &= m - 1) {
      const int s = std::countr_zero(m);
      current_.steps[0] = step_of(s, b);
      const std::uint32_t second = sources(after(s, b), a);
      if (!second) add(1, 2, 0, 0);
      std::uint32_t last = second & ~low_bits(s);
      if (first_a & (1u << s)) {  // (s, a) was a legal first step: drop what it reached
        const std::uint32_t kept = after_a[s];
        std::uint32_t same = kept & (1u << s);                                   // (3)
        if (s + a < kPoints && (kept & (1u << (s + a)))) same |= 1u << (s + b);  // (1)
        if (s + b >= kPoints) same |= kept & ~low_bits(kPoints - b);             // (2)
        last &= ~same;
      }
      if (last) add(1, 4, last, a);
    }
  }

  // The group of current_'s first `size` steps and `last` (or the prefix alone, when 0), of
  // the given rank: kept if the rank is the best so far.
  void add(int size, int rank, std::uint32_t last, int last_die) {
    if (rank < groups_.rank) return;
    if (rank > groups_.rank) {
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
  std::array<std::uint8_t, kPoints> count_{};  // the side to move's, during the walk
  std::uint32_t mine_ = 0;                     // its points
  std::uint32_t blocked_ = 0;                  // the opponent's, in its indices
};

}  // namespace

Turn TurnGroups::turn(std::uint32_t k) const {
  const Group* g = std::upper_bound(groups.data(), groups.data() + size, k,
                                    [](std::uint32_t key, const Group& x) { return key < x.first; }) -
                   1;
  Turn t = g->prefix;
  if (g->last) {
    std::uint32_t m = g->last;
    for (std::uint32_t skip = k - g->first; skip; --skip) m &= m - 1;
    t.steps[t.size++] =
        Step{static_cast<std::uint8_t>(std::countr_zero(m)), g->last_die};
  }
  return t;
}

bool group_sorted_turns(const Position& pos, TurnGroups& groups) {
  if (pos.rules() != RuleSet::House || !(pos.occupied(pos.to_move()) & kHomeMask)) return false;
  GroupWalk(pos, groups).run();
  return true;
}

}  // namespace mughrabieh
