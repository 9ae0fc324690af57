#include "mughrabieh/turns.h"

#include <algorithm>
#include <bit>

namespace mughrabieh {

namespace {

class Generator {
 public:
  Generator(Position& pos, TurnList& list, bool count_sequences)
      : pos_(pos), list_(list), count_(count_sequences) {
    current_.roll = *pos.roll();
    house_ = pos.rules() == RuleSet::House;
    // The table of turns starts small, to stay in cache, and grows as turns come.
    slot_mask_ = kFirstSlots - 1;
  }

  void run() {
    list_.size = 0;
    list_.sequences = 0;
    list_.rank = -1;
    new_stamp();
    if (!count_) new_seen_round();
    const Roll roll = current_.roll;
    if (roll.is_double() && !count_ && house_ && (pos_.occupied(pos_.to_move()) & kHomeMask)) {
      walk_sorted_double(0, roll.high, 0);
    } else if (roll.is_double()) {
      walk_double(0, roll.high);
    } else if (!count_ && house_ && (pos_.occupied(pos_.to_move()) & kHomeMask)) {
      walk_sorted_pair(roll.high, roll.low);
    } else {
      walk_pair(roll.high, roll.low);
      walk_pair(roll.low, roll.high);
    }
    if (list_.size == 0) {  // no step with either die: the pass
      current_.size = 0;
      leaf(0, pos_.board_hash());
    }
  }

 private:
  // Empties the table of turns by their end boards (a new stamp, not a fill).
  void new_stamp() {
    if (++list_.stamp == 0) {  // wrapped: clear for real once in 2^32 uses
      list_.slot_stamp.fill(0);
      list_.stamp = 1;
    }
  }

  // Empties the table of positions seen part way; only at the start of a run (a longer
  // turn found later does not make them unseen: their continuations were all walked).
  void new_seen_round() {
    if (++list_.seen_round == 0) {
      list_.seen_stamp.fill(0);
      list_.seen_round = 1;
    }
  }

  void walk_double(int depth, int die) {
    std::uint32_t sources = pos_.step_sources(die);
    if (!sources) {
      if (depth > 0) {
        current_.size = static_cast<std::uint8_t>(depth);
        leaf(2 * depth, pos_.board_hash());
      }
      return;
    }
    if (depth == 3) {  // the fourth step ends the turn: its position by hash alone
      current_.size = 4;
      for (; sources; sources &= sources - 1) {
        const Step step{static_cast<std::uint8_t>(std::countr_zero(sources)),
                        static_cast<std::uint8_t>(die)};
        current_.steps[3] = step;
        leaf(8, pos_.board_hash_after(step));
      }
      return;
    }
    for (; sources; sources &= sources - 1) {
      const Step step{static_cast<std::uint8_t>(std::countr_zero(sources)),
                      static_cast<std::uint8_t>(die)};
      current_.steps[depth] = step;
      pos_.apply_step(step);
      // Without sequence counts, a position met before after as many steps has had all
      // its continuations walked already.
      if (count_ || first_visit(depth + 1)) walk_double(depth + 1, die);
      pos_.undo_step(step);
    }
  }

  // A double's distinct turns without hashing, under the house rules once a piece is in
  // the final six points (so that the first-piece rule no longer changes during the turn):
  // the steps taken in the order of their sources, lowest first. Any legal set of steps is
  // legal in that order (landing depends only on the opponent; lower pieces enter the final
  // six, or leave the farthest point, before higher ones need it), and two different sets
  // of sources never give the same position (the lowest source where they differ loses a
  // piece in one and not the other), so every turn is met exactly once.
  void walk_sorted_double(int depth, int die, int lowest) {
    std::uint32_t sources = pos_.step_sources(die) & ~low_bits(lowest);
    if (!sources) {
      if (depth > 0) {
        current_.size = static_cast<std::uint8_t>(depth);
        append(2 * depth);
      }
      return;
    }
    if (depth == 3) {
      current_.size = 4;
      for (; sources; sources &= sources - 1) {
        const Step step{static_cast<std::uint8_t>(std::countr_zero(sources)),
                        static_cast<std::uint8_t>(die)};
        current_.steps[3] = step;
        append(8);
      }
      return;
    }
    for (; sources; sources &= sources - 1) {
      const int from = std::countr_zero(sources);
      const Step step{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(die)};
      current_.steps[depth] = step;
      pos_.apply_step_unhashed(step);
      walk_sorted_double(depth + 1, die, from);
      pos_.undo_step_unhashed(step);
    }
  }

  // Two different dice's distinct turns without hashing, in the same case and by the same
  // argument as walk_sorted_double: the sets of two steps {(s, x), (t, y)} with s <= t,
  // played lower source first. Two such sets give the same position only when (1) one
  // piece takes both dice, s -> s + a -> s + a + b against s -> s + b -> s + a + b; (2)
  // both steps bear off, with the dice swapped; (3) two pieces leave one point, in either
  // order. In each case the set with the larger die first is kept, and the other one only
  // when that is not legal.
  void walk_sorted_pair(int a, int b) {
    std::array<std::uint32_t, kPoints> after_a{};  // second steps after (s, a), sources >= s
    const std::uint32_t first_a = pos_.step_sources(a);
    for (std::uint32_t m = first_a; m; m &= m - 1) {
      const int s = std::countr_zero(m);
      const Step one{static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(a)};
      current_.steps[0] = one;
      pos_.apply_step_unhashed(one);
      const std::uint32_t second = pos_.step_sources(b);
      if (!second) {
        current_.size = 1;
        append(3);
      }
      after_a[s] = second & ~low_bits(s);
      current_.size = 2;
      for (std::uint32_t t = after_a[s]; t; t &= t - 1) {
        const Step two{static_cast<std::uint8_t>(std::countr_zero(t)),
                       static_cast<std::uint8_t>(b)};
        current_.steps[1] = two;
        append(4);
      }
      pos_.undo_step_unhashed(one);
    }
    for (std::uint32_t m = pos_.step_sources(b); m; m &= m - 1) {
      const int s = std::countr_zero(m);
      const Step one{static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(b)};
      current_.steps[0] = one;
      pos_.apply_step_unhashed(one);
      const std::uint32_t second = pos_.step_sources(a);
      if (!second) {
        current_.size = 1;
        append(2);
      }
      const bool a_first = first_a & (1u << s);  // (s, a) was a legal first step
      current_.size = 2;
      for (std::uint32_t m2 = second & ~low_bits(s); m2; m2 &= m2 - 1) {
        const int t = std::countr_zero(m2);
        if (a_first) {
          const bool same_end = t == s                              // (3)
                                || (t == s + b && s + a < kPoints)  // (1)
                                || (s + a >= kPoints && t + b >= kPoints && t + a >= kPoints &&
                                    s + b >= kPoints);  // (2)
          const int alternative = t == s + b && s + a < kPoints ? s + a : t;
          if (same_end && (after_a[s] & (1u << alternative))) continue;
        }
        const Step two{static_cast<std::uint8_t>(t), static_cast<std::uint8_t>(a)};
        current_.steps[1] = two;
        append(4);
      }
      pos_.undo_step_unhashed(one);
    }
  }

  // A turn known to be new: kept if its rank is the best so far (no table, no hash).
  void append(int rank) {
    if (rank < list_.rank) return;
    if (rank > list_.rank) {
      list_.rank = rank;
      list_.size = 0;
    }
    const int t = list_.size++;
    list_.turns[t] = current_;
    list_.sequences_of[t] = 0;
    list_.board_hash[t] = 0;
  }

  void walk_pair(int first, int second) {
    for (std::uint32_t a = pos_.step_sources(first); a; a &= a - 1) {
      const Step one{static_cast<std::uint8_t>(std::countr_zero(a)),
                     static_cast<std::uint8_t>(first)};
      current_.steps[0] = one;
      pos_.apply_step(one);
      std::uint32_t b = pos_.step_sources(second);
      if (!b) {
        current_.size = 1;
        leaf(first > second ? 3 : 2, pos_.board_hash());
      }
      for (; b; b &= b - 1) {
        const Step two{static_cast<std::uint8_t>(std::countr_zero(b)),
                       static_cast<std::uint8_t>(second)};
        current_.steps[1] = two;
        current_.size = 2;
        leaf(4, pos_.board_hash_after(two));
      }
      pos_.undo_step(one);
    }
  }

  bool first_visit(int depth) {
    const std::uint64_t key =
        pos_.board_hash() ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(depth));
    auto slot = static_cast<std::uint32_t>(key >> 20) & (TurnList::kSeenSlots - 1);
    while (list_.seen_stamp[slot] == list_.seen_round) {
      if (list_.seen_hash[slot] == key) return false;
      slot = (slot + 1) & (TurnList::kSeenSlots - 1);
    }
    list_.seen_stamp[slot] = list_.seen_round;
    list_.seen_hash[slot] = key;
    return true;
  }

  // A complete sequence (current_) of the given rank, with the position after it.
  void leaf(int rank, std::uint64_t hash) {
    if (house_) {
      // House rule: as many dice as can be played, and the larger when only one can.
      if (rank < list_.rank) return;
      if (rank > list_.rank) {
        list_.rank = rank;
        list_.size = 0;
        list_.sequences = 0;
        new_stamp();
        slot_mask_ = kFirstSlots - 1;
      }
    } else if (rank > list_.rank) {
      list_.rank = rank;
    }
    ++list_.sequences;
    auto slot = static_cast<std::uint32_t>(hash) & slot_mask_;
    while (list_.slot_stamp[slot] == list_.stamp) {
      const int t = list_.slot_turn[slot];
      if (list_.board_hash[t] == hash) {
        ++list_.sequences_of[t];
        return;
      }
      slot = (slot + 1) & slot_mask_;
    }
    const int t = list_.size++;
    list_.slot_stamp[slot] = list_.stamp;
    list_.slot_turn[slot] = static_cast<std::uint16_t>(t);
    list_.turns[t] = current_;
    list_.sequences_of[t] = 1;
    list_.board_hash[t] = hash;
    if (2 * static_cast<std::uint32_t>(list_.size) > slot_mask_ &&
        slot_mask_ < TurnList::kSlots - 1)
      grow();
  }

  // Four times the slots, the turns entered again (at most half full before, so that
  // probes stay short; kSlots holds kMaxTurns at less than two thirds).
  void grow() {
    slot_mask_ = std::min<std::uint32_t>(4 * (slot_mask_ + 1), TurnList::kSlots) - 1;
    new_stamp();
    for (int t = 0; t < list_.size; ++t) {
      auto slot = static_cast<std::uint32_t>(list_.board_hash[t]) & slot_mask_;
      while (list_.slot_stamp[slot] == list_.stamp) slot = (slot + 1) & slot_mask_;
      list_.slot_stamp[slot] = list_.stamp;
      list_.slot_turn[slot] = static_cast<std::uint16_t>(t);
    }
  }

  static constexpr std::uint32_t kFirstSlots = 256;

  Position& pos_;
  TurnList& list_;
  Turn current_;
  std::uint32_t slot_mask_ = TurnList::kSlots - 1;
  bool count_ = true;
  bool house_ = true;
};

}  // namespace

int turn_rank(const Turn& turn) {
  if (turn.size == 1 && !turn.roll.is_double() && turn.steps[0].die == turn.roll.high) return 3;
  return 2 * turn.size;
}

void generate_turns(Position& pos, TurnList& list) {
  Generator(pos, list, true).run();
}

void generate_distinct_turns(Position& pos, TurnList& list) {
  Generator(pos, list, false).run();
  list.sequences = 0;
  for (int i = 0; i < list.size; ++i) list.sequences_of[i] = 0;
}

}  // namespace mughrabieh
