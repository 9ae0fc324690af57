// Ordo X turn generation (docs/rules.md section 5). A turn is one forward step, or a sideways
// step followed by a forward step; each step leaves the mover connected; a capture that
// splits the enemy removes all but one largest group, and a tie gives one turn per group
// that may stay. The game ends at once after a winning step.
#pragma once

#include <array>
#include <stdexcept>

#include "ordo/movegen_steps.h"

namespace ordo::x {

// Steps of one position, collected (at most a few hundred in any legal position).
class StepList {
 public:
  void push_back(const Step& s) {
    if (size_ == kCapacity) throw std::length_error("step list capacity exceeded");
    steps_[size_++] = s;
  }
  const Step* begin() const { return steps_.data(); }
  const Step* end() const { return steps_.data() + size_; }
  int size() const { return size_; }

 private:
  static constexpr int kCapacity = 2048;
  std::array<Step, kCapacity> steps_;
  int size_ = 0;
};

struct StepCollector {
  const Geometry& g;
  StepList& list;
  void singletons(int from, Bitboard quiet, Bitboard captures) {
    while (quiet) list.push_back(Step::singleton(from, pop_lsb(quiet), false));
    while (captures) list.push_back(Step::singleton(from, pop_lsb(captures), true));
  }
  void slides(Direction d, int distance, Bitboard quiet, Bitboard captures) {
    const int back = distance * g.delta(d);
    while (quiet) {
      const int to = pop_lsb(quiet);
      list.push_back(Step::singleton(to - back, to, false));
    }
    while (captures) {
      const int to = pop_lsb(captures);
      list.push_back(Step::singleton(to - back, to, true));
    }
  }
  void ordo(int from, int tail, int to) { list.push_back(Step::ordo(from, tail, to)); }
};

// Forward (straight or diagonal) or sideways steps of the side to move, singletons and
// ordos of both orientations.
template <class Sink>
void steps(const Position& pos, const ConnectionMap& connection, bool sideways, Sink& sink) {
  const Color us = pos.side_to_move();
  const bool connected = pos.is_connected(us);
  steps::Directions dirs;
  if (sideways) {
    steps::add_sideways(dirs);
  } else {
    steps::add_forward(dirs, us);
  }
  steps::singleton_slides(pos, connection, dirs, sink);
  steps::ordo_slides(pos, connection, connected, E, dirs, sink);
  steps::ordo_slides(pos, connection, connected, N, dirs, sink);
}

// The square that names a group that stays: lowest file, then lowest rank (docs/rules.md 6).
inline int naming_square(const Geometry& g, Bitboard group) {
  for (int file = 0;; ++file) {
    if (const Bitboard on_file = group & g.file_mask(file)) return lsb(on_file);
  }
}

// The enemy groups that tie for largest after capturing on `square`; at most one entry
// (and `count` 1) when there is no choice to make.
struct TiedGroups {
  std::array<Bitboard, kMaxSquares / 2> groups;
  int count = 0;
};

inline void tied_largest_groups(const Position& pos, int square, TiedGroups& out) {
  const Geometry& g = pos.geometry();
  const Bitboard enemy = pos.pieces(opponent(pos.side_to_move())) & ~bit(square);
  out.count = 0;
  if (!has_more_than_one(enemy) || g.is_connected(enemy)) {
    out.groups[out.count++] = enemy;
    return;
  }
  int best = 0;
  for (Bitboard rest = enemy; rest;) {
    const Bitboard group = g.flood(rest & -rest, rest);
    rest &= ~group;
    const int size = popcount(group);
    if (size > best) best = size, out.count = 0;
    if (size == best) out.groups[out.count++] = group;
  }
}

// Calls f(step) once for each way of playing the step: once, or once per tied group.
template <class F>
void for_each_choice(const Position& pos, Step step, F&& f) {
  if (!step.capture) return f(step);
  TiedGroups tied;
  tied_largest_groups(pos, step.to, tied);
  if (tied.count == 1) return f(step);
  for (int i = 0; i < tied.count; ++i) {
    step.keep = static_cast<std::uint8_t>(naming_square(pos.geometry(), tied.groups[i]));
    f(step);
  }
}

// Counts forward steps, each capture as many times as it offers choices.
struct ForwardCounter {
  const Position& pos;
  std::uint64_t count = 0;
  void add_captures(Bitboard captures) {
    TiedGroups tied;
    while (captures) {
      tied_largest_groups(pos, pop_lsb(captures), tied);
      count += static_cast<std::uint64_t>(tied.count);
    }
  }
  void singletons(int, Bitboard quiet, Bitboard captures) {
    count += static_cast<std::uint64_t>(popcount(quiet));
    add_captures(captures);
  }
  void slides(Direction, int, Bitboard quiet, Bitboard captures) { singletons(0, quiet, captures); }
  void ordo(int, int, int) { ++count; }
};

inline std::uint64_t count_forward(const Position& pos) {
  const Color us = pos.side_to_move();
  const ConnectionMap connection(pos.geometry(), pos.pieces(us), pos.is_connected(us));
  ForwardCounter counter{pos};
  steps(pos, connection, false, counter);
  return counter.count;
}

// Calls visit(move) for every legal whole turn.
template <class Visit>
void for_each_turn(const Position& pos, Visit&& visit) {
  if (pos.decided_winner()) return;
  const Geometry& g = pos.geometry();
  const Color us = pos.side_to_move();
  const ConnectionMap connection(g, pos.pieces(us), pos.is_connected(us));
  StepList forward, sideways;
  StepCollector to_forward{g, forward}, to_sideways{g, sideways};
  steps(pos, connection, false, to_forward);
  steps(pos, connection, true, to_sideways);
  for (const Step& s : forward) {
    for_each_choice(pos, s, [&](const Step& c) { visit(Move::single(c)); });
  }
  for (const Step& s : sideways) {
    for_each_choice(pos, s, [&](const Step& first) {
      Position next = pos;
      next.play_step(first);
      if (next.decided_winner()) return visit(Move::single(first));  // the turn ends there
      const ConnectionMap next_connection(g, next.pieces(us), true);
      StepList second;
      StepCollector to_second{g, second};
      steps(next, next_connection, false, to_second);
      for (const Step& f : second) {
        for_each_choice(next, f, [&](const Step& c) { visit(Move::pair(first, c)); });
      }
    });
  }
}

// The number of legal whole turns, with the forward steps counted in bulk.
inline std::uint64_t count_turns(const Position& pos) {
  if (pos.decided_winner()) return 0;
  const Geometry& g = pos.geometry();
  const Color us = pos.side_to_move();
  const ConnectionMap connection(g, pos.pieces(us), pos.is_connected(us));
  ForwardCounter forward{pos};
  steps(pos, connection, false, forward);
  std::uint64_t total = forward.count;
  StepList sideways;
  StepCollector to_sideways{g, sideways};
  steps(pos, connection, true, to_sideways);
  for (const Step& s : sideways) {
    for_each_choice(pos, s, [&](const Step& first) {
      Position next = pos;
      next.play_step(first);
      total += next.decided_winner() ? 1 : count_forward(next);
    });
  }
  return total;
}

}  // namespace ordo::x
