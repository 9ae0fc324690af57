// The building blocks of move generation shared by both rule sets: singleton slides and
// ordo slides in given directions that leave the mover connected. Each is written once
// for any sink:
//   sink.singletons(from, quiet_targets, capture_targets)
//   sink.slides(direction, distance, quiet_targets, capture_targets)  // many pieces at once
//   sink.ordo(from, tail, to)      // `from` is the end with the lower index
// so that building a move list and counting in bulk share the same rules code.
#pragma once

#include <array>

#include "core/connection.h"
#include "core/position.h"

namespace ordo::steps {

struct Directions {
  std::array<Direction, 8> list{};
  int count = 0;
  void add(Direction d) { list[count++] = d; }
};

inline Direction forward(Color us) { return us == Color::White ? N : S; }

inline void add_forward(Directions& dirs, Color us) {
  dirs.add(forward(us));
  dirs.add(us == Color::White ? NE : SE);
  dirs.add(us == Color::White ? NW : SW);
}

inline void add_sideways(Directions& dirs) {
  dirs.add(E);
  dirs.add(W);
}

inline void add_backward(Directions& dirs, Color us) {
  dirs.add(reverse(forward(us)));
  dirs.add(us == Color::White ? SE : NE);
  dirs.add(us == Color::White ? SW : NW);
}

// Singletons of the side to move sliding in `dirs` over empty squares, capturing the
// first enemy piece in the way, and leaving their side connected.
template <class Sink>
void singleton_slides(const Position& pos, const ConnectionMap& connection,
                      const Directions& dirs, Sink& sink) {
  const Geometry& g = pos.geometry();
  const Color us = pos.side_to_move();
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(opponent(us));
  // Regular pieces slide together, one distance at a time: a neighbouring target must
  // touch two pieces of the group (the mover and another), a farther one just one.
  const Bitboard regular = own & ~connection.irregular_pieces();
  for (int i = 0; i < dirs.count; ++i) {
    Bitboard reached = regular;
    for (int distance = 1; reached; ++distance) {
      reached = g.shift(reached, dirs.list[i]) & ~own;
      const Bitboard targets = reached & (distance == 1 ? connection.touch2() : connection.touch1());
      if (targets) sink.slides(dirs.list[i], distance, targets & ~enemy, targets & enemy);
      reached &= ~enemy;  // a capture ends the slide
    }
  }
  for (Bitboard b = connection.irregular_pieces(); b;) {
    const int from = pop_lsb(b);
    Bitboard targets = 0;
    for (int i = 0; i < dirs.count; ++i) targets |= g.slide(from, dirs.list[i], own | enemy);
    targets &= ~own & connection.singleton_targets(from);
    sink.singletons(from, targets & ~enemy, targets & enemy);
  }
}

// Every ordo of the side to move lying along `along` (E: horizontal, N: vertical), slid
// in direction `dir` as far as the squares allow, where the slide keeps the side
// connected. Across its line an ordo goes side by side; along it (Ordo X only), in single
// file, so a square the ordo itself leaves counts as free.
template <class Sink>
void ordo_slides(const Position& pos, bool connected, Direction along, Direction dir, Sink& sink) {
  const Geometry& g = pos.geometry();
  const Bitboard own = pos.pieces(pos.side_to_move());
  const Bitboard free = pos.empty_squares();
  const bool single_file = dir == along || dir == reverse(along);
  // Side by side, every piece needs a free square ahead; in single file only the leader.
  const Bitboard movable = single_file ? own : own & g.shift(free, reverse(dir));
  const Direction back = reverse(along);
  // Starts of runs of at least two movable pieces.
  Bitboard starts = movable & g.shift(movable, back) & ~g.shift(movable, along);
  while (starts) {
    std::array<int, kMaxSide> run;
    int length = 0;
    for (Bitboard next = bit(pop_lsb(starts)); next; next = g.shift(next, along) & movable) {
      run[length++] = lsb(next);
    }
    for (int i = 0; i + 1 < length; ++i) {
      Bitboard line = bit(run[i]);
      for (int j = i + 1; j < length; ++j) {
        line |= bit(run[j]);
        const int size = j - i + 1;
        const Bitboard passable = free | line;
        // Slides first; the connection check (a flood) only if one lands next to the rest.
        std::array<Bitboard, kMaxSide> slides;
        int count = 0;
        bool any_touch = false;
        const Bitboard near_rest = own == line ? g.all() : g.dilate(own & ~line);
        for (Bitboard slid = g.shift(line, dir); (slid & passable) == slid && popcount(slid) == size;
             slid = g.shift(slid, dir)) {
          slides[count++] = slid;
          any_touch |= (slid & near_rest) != 0;
        }
        if (!any_touch) continue;
        const Remainder rest(g, own, line, connected);
        for (int k = 0; k < count; ++k) {
          if (rest.joined_by(slides[k])) sink.ordo(run[i], run[j], run[i] + (k + 1) * g.delta(dir));
        }
      }
    }
  }
}

}  // namespace ordo::steps
