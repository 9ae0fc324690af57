// Classic Ordo move generation (RULES.md section 4), written once for any sink:
//   sink.singletons(from, quiet_targets, capture_targets)
//   sink.slides(direction, distance, quiet_targets, capture_targets)  // many pieces at once
//   sink.ordo(from, tail, to)      // `from` is the end with the lower index
// so that building a move list and counting in bulk share the same rules code.
#pragma once

#include <array>

#include "core/connection.h"
#include "core/position.h"

namespace ordo::classic {

struct Directions {
  std::array<Direction, 8> list{};
  int count = 0;
  void add(Direction d) { list[count++] = d; }
};

// Singletons go forward, diagonally forward, sideways; and, in a reconnection turn,
// backward and diagonally backward too.
inline Directions singleton_directions(Color us, bool reconnecting) {
  const Direction fwd = us == Color::White ? N : S;
  Directions dirs;
  dirs.add(fwd);
  dirs.add(us == Color::White ? NE : SE);
  dirs.add(us == Color::White ? NW : SW);
  dirs.add(E);
  dirs.add(W);
  if (reconnecting) {
    dirs.add(reverse(fwd));
    dirs.add(us == Color::White ? SE : NE);
    dirs.add(us == Color::White ? SW : NW);
  }
  return dirs;
}

// Every ordo of `own` lying along direction `along` (E: horizontal, N: vertical) whose
// pieces may all step once in direction `dir`, slid as far as the squares are empty;
// each slide that keeps `own` connected goes to the sink.
template <class Sink>
void ordo_slides(const Position& pos, bool connected, Direction along, Direction dir, Sink& sink) {
  const Geometry& g = pos.geometry();
  const Bitboard own = pos.pieces(pos.side_to_move());
  const Bitboard free = pos.empty_squares();
  const Bitboard movable = own & g.shift(free, reverse(dir));
  const Direction back = reverse(along);
  // Starts of runs of at least two movable pieces.
  Bitboard starts = movable & g.shift(movable, back) & ~g.shift(movable, along);
  while (starts) {
    const int first = pop_lsb(starts);
    std::array<int, kMaxSide> run;
    int length = 0;
    for (Bitboard next = bit(first); next; next = g.shift(next, along) & movable) {
      run[length++] = lsb(next);
    }
    for (int i = 0; i + 1 < length; ++i) {
      Bitboard line = bit(run[i]);
      for (int j = i + 1; j < length; ++j) {
        line |= bit(run[j]);
        const int size = j - i + 1;
        // Slides first; the connection check (a flood) only if one lands next to the rest.
        std::array<Bitboard, kMaxSide> slides;
        int count = 0;
        bool any_touch = false;
        const Bitboard near_rest = g.dilate(own & ~line) | (own == line ? g.all() : 0);
        for (Bitboard slid = g.shift(line, dir); (slid & free) == slid && popcount(slid) == size;
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

template <class Sink>
void generate(const Position& pos, Sink& sink) {
  if (pos.decided_winner()) return;
  const Geometry& g = pos.geometry();
  const Color us = pos.side_to_move();
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(opponent(us));
  const Bitboard occupied = own | enemy;
  const bool reconnecting = !pos.is_connected(us);

  const ConnectionMap connection(g, own, !reconnecting);
  const Directions dirs = singleton_directions(us, reconnecting);
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
    for (int i = 0; i < dirs.count; ++i) targets |= g.slide(from, dirs.list[i], occupied);
    targets &= ~own & connection.singleton_targets(from);
    sink.singletons(from, targets & ~enemy, targets & enemy);
  }

  // Horizontal ordos slide forward (and back when reconnecting); vertical ones sideways.
  const Direction fwd = us == Color::White ? N : S;
  ordo_slides(pos, !reconnecting, E, fwd, sink);
  if (reconnecting) ordo_slides(pos, false, E, reverse(fwd), sink);
  ordo_slides(pos, !reconnecting, N, E, sink);
  ordo_slides(pos, !reconnecting, N, W, sink);
}

}  // namespace ordo::classic
