// The building blocks of move generation shared by both rule sets: singleton slides and
// ordo slides in given directions that leave the mover connected. Each is written once
// for any sink:
//   sink.singletons(from, quiet_targets, capture_targets)
//   sink.slides(direction, distance, quiet_targets, capture_targets)  // many pieces at once
// (both may be called with no targets at all)
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

inline Direction forward(Color us) {
  return us == Color::White ? N : S;
}

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
void singleton_slides(const Position& pos, const ConnectionMap& connection, const Directions& dirs,
                      Sink& sink) {
  const Geometry& g = pos.geometry();
  const Color us = pos.side_to_move();
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(opponent(us));
  // Regular pieces slide together, one distance at a time: a neighbouring target must
  // touch two pieces of the group (the mover and another), a farther one just one.
  const Bitboard regular = own & ~connection.irregular_pieces();
  const Bitboard touch1 = connection.touch1(), touch2 = connection.touch2();
  for (int i = 0; i < dirs.count; ++i) {
    const Direction dir = dirs.list[i];
    const Stepper step = g.stepper(dir);
    Bitboard reached = regular;
    for (int distance = 1; reached; ++distance) {
      reached = step(reached) & ~own;
      const Bitboard targets = reached & (distance == 1 ? touch2 : touch1);
      sink.slides(dir, distance, targets & ~enemy, targets & enemy);
      reached &= ~enemy;  // a capture ends the slide
    }
  }
  // Irregular pieces (mostly cut points) may go to few squares, often none, and nearly
  // all of them next to the piece: those are taken at once, and each farther one is
  // checked on its own, which branches far less than sliding every direction.
  const Bitboard occupied = own | enemy;
  for (Bitboard b = connection.irregular_pieces(); b;) {
    const int from = pop_lsb(b);
    Bitboard lines = 0;
    for (int i = 0; i < dirs.count; ++i) lines |= g.ray(dirs.list[i], from);
    // A neighbouring square on one of the lines has nothing in between.
    const Bitboard allowed = connection.irregular_targets(from) & lines & ~own;
    Bitboard targets = allowed & g.neighbours(from);
    for (Bitboard far = allowed & ~targets; far;) {
      const int to = pop_lsb(far);
      const Direction d = g.direction(from, to);
      // Pieces from `from` up to `to`, `to` itself included: only `to` may hold one.
      const Bitboard in_the_way = g.ray(d, from) & ~g.ray(d, to) & occupied;
      targets |= (in_the_way & ~bit(to)) ? 0 : bit(to);
    }
    sink.singletons(from, targets & ~enemy, targets & enemy);
  }
}

// Every ordo of the side to move lying along `along` (E: horizontal, N: vertical), slid
// in each of `dirs` as far as the squares allow, where the slide keeps the side
// connected. Across its line an ordo goes side by side; along it (Ordo X only), in single
// file, so a square the ordo itself leaves counts as free. The connection check (a flood)
// is done once per ordo, and only when one of its slides lands next to the other pieces.
template <class Sink>
void ordo_slides(const Position& pos, const ConnectionMap& connection, bool connected,
                 Direction along, const Directions& dirs, Sink& sink) {
  const Geometry& g = pos.geometry();
  const Bitboard own = pos.pieces(pos.side_to_move());
  const Bitboard free = pos.empty_squares();
  // Side by side, every piece needs a free square ahead; in single file only the leader.
  std::array<Bitboard, 8> movable;
  Bitboard movable_any = 0;
  for (int d = 0; d < dirs.count; ++d) {
    const Direction dir = dirs.list[d];
    const bool single_file = dir == along || dir == reverse(along);
    movable[d] = single_file ? own : own & g.shift(free, reverse(dir));
    movable_any |= movable[d];
  }
  // Starts of runs of at least two pieces movable in some direction.
  Bitboard starts =
      movable_any & g.shift(movable_any, reverse(along)) & ~g.shift(movable_any, along);
  while (starts) {
    std::array<int, kMaxSide> run;
    int length = 0;
    for (Bitboard next = bit(pop_lsb(starts)); next; next = g.shift(next, along) & movable_any) {
      run[length++] = lsb(next);
    }
    for (int i = 0; i + 1 < length; ++i) {
      Bitboard line = bit(run[i]);
      for (int j = i + 1; j < length; ++j) {
        line |= bit(run[j]);
        const int size = j - i + 1;
        const Bitboard passable = free | line;
        const Bitboard near_rest = own == line ? g.all() : g.dilate(own & ~line);
        std::array<Bitboard, kMaxSide> slides;
        std::array<std::uint8_t, kMaxSide> slide_dir, slide_distance;
        int count = 0;
        bool any_touch = false;
        for (int d = 0; d < dirs.count; ++d) {
          if ((line & movable[d]) != line) continue;
          const Direction dir = dirs.list[d];
          int distance = 1;
          for (Bitboard slid = g.shift(line, dir);
               (slid & passable) == slid && popcount(slid) == size; slid = g.shift(slid, dir)) {
            if (slid & near_rest) {
              slides[count] = slid;
              slide_dir[count] = static_cast<std::uint8_t>(dir);
              slide_distance[count++] = static_cast<std::uint8_t>(distance);
              any_touch = true;
            }
            ++distance;
          }
        }
        if (!any_touch) continue;
        Remainder rest = connection.without(own, line, connected);
        for (int k = 0; k < count; ++k) {
          if (!rest.joined_by(slides[k])) continue;
          const int delta = g.delta(static_cast<Direction>(slide_dir[k]));
          sink.ordo(run[i], run[j], run[i] + slide_distance[k] * delta);
        }
      }
    }
  }
}

}  // namespace ordo::steps
