#include "mughrabieh/sequences.h"

#include <bit>

namespace mughrabieh {

namespace {

// Walks the sequences in generate_turns's order. Counting, it adds every sequence of the
// rank kept; selecting (target set), it stops at the target-th of the chosen rank.
class SequenceWalk {
 public:
  SequenceWalk(Position& pos, int chosen_rank, std::uint32_t target, bool select)
      : pos_(pos),
        house_(pos.rules() == RuleSet::House),
        rank_(chosen_rank),
        left_(target),
        select_(select) {
    current_.roll = *pos.roll();
  }

  void run() {
    const Roll roll = current_.roll;
    if (roll.is_double()) {
      walk_double(0, roll.high);
    } else {
      walk_pair(roll.high, roll.low);
      if (!done_) walk_pair(roll.low, roll.high);
    }
  }

  SequenceCount count() const { return {total_, rank_}; }
  bool found() const { return done_; }
  const Turn& turn() const { return current_; }

 private:
  // `n` sequences of `rank` ending here: the current steps and, when `last` is set, one of
  // its sources by `die`.
  void leaves(int size, int rank, std::uint32_t n, std::uint32_t last, int die) {
    if (!select_) {
      if (house_) {
        if (rank < rank_) return;
        if (rank > rank_) {
          rank_ = rank;
          total_ = 0;
        }
      } else if (rank > rank_) {
        rank_ = rank;
      }
      total_ += n;
      return;
    }
    if (house_ && rank != rank_) return;
    if (left_ >= n) {
      left_ -= n;
      return;
    }
    current_.size = static_cast<std::uint8_t>(size);
    if (last) {
      std::uint32_t m = last;
      for (; left_; --left_) m &= m - 1;
      current_.steps[size - 1] =
          Step{static_cast<std::uint8_t>(std::countr_zero(m)), static_cast<std::uint8_t>(die)};
    }
    done_ = true;
  }

  void walk_double(int depth, int die) {
    const std::uint32_t sources = pos_.step_sources(die);
    if (!sources) {
      if (depth > 0) leaves(depth, 2 * depth, 1, 0, 0);
      return;
    }
    if (depth == 3) {
      leaves(4, 8, static_cast<std::uint32_t>(std::popcount(sources)), sources, die);
      return;
    }
    for (std::uint32_t m = sources; m && !done_; m &= m - 1) {
      const Step step{static_cast<std::uint8_t>(std::countr_zero(m)),
                      static_cast<std::uint8_t>(die)};
      current_.steps[depth] = step;
      pos_.apply_step_unhashed(step);
      walk_double(depth + 1, die);
      pos_.undo_step_unhashed(step);
    }
  }

  void walk_pair(int first, int second) {
    for (std::uint32_t m = pos_.step_sources(first); m && !done_; m &= m - 1) {
      const Step one{static_cast<std::uint8_t>(std::countr_zero(m)),
                     static_cast<std::uint8_t>(first)};
      current_.steps[0] = one;
      pos_.apply_step_unhashed(one);
      const std::uint32_t b = pos_.step_sources(second);
      pos_.undo_step_unhashed(one);
      if (!b)
        leaves(1, first > second ? 3 : 2, 1, 0, 0);
      else
        leaves(2, 4, static_cast<std::uint32_t>(std::popcount(b)), b, second);
    }
  }

  Position& pos_;
  bool house_;
  int rank_;
  std::uint32_t left_;
  bool select_;
  bool done_ = false;
  std::uint32_t total_ = 0;
  Turn current_;
};

}  // namespace

SequenceCount count_sequences(Position& pos) {
  SequenceWalk walk(pos, -1, 0, false);
  walk.run();
  return walk.count();
}

Turn sequence_at(Position& pos, SequenceCount count, std::uint32_t k) {
  SequenceWalk walk(pos, count.rank, k, true);
  walk.run();
  return walk.turn();
}

}  // namespace mughrabieh
