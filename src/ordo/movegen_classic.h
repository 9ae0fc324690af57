// Classic Ordo move generation (docs/rules.md section 4) for any step sink (movegen_steps.h).
#pragma once

#include "ordo/movegen_steps.h"

namespace ordo::classic {

// What every Classic move of the side to move depends on: whether it must reconnect
// (docs/rules.md 4.3) and the connection map of its pieces.
struct Mover {
  explicit Mover(const Position& pos)
      : us(pos.side_to_move()),
        reconnecting(!pos.is_connected(us)),
        connection(pos.geometry(), pos.pieces(us), !reconnecting) {}
  Color us;
  bool reconnecting;
  ConnectionMap connection;
};

// Singletons go forward, diagonally forward, sideways; and, in a reconnection turn,
// backward and diagonally backward too.
template <class Sink>
void singleton_moves(const Position& pos, const Mover& mover, Sink& sink) {
  steps::Directions dirs;
  steps::add_forward(dirs, mover.us);
  steps::add_sideways(dirs);
  if (mover.reconnecting) steps::add_backward(dirs, mover.us);
  steps::singleton_slides(pos, mover.connection, dirs, sink);
}

template <class Sink>
void generate(const Position& pos, Sink& sink) {
  if (pos.decided_winner()) return;
  const Mover mover(pos);
  singleton_moves(pos, mover, sink);

  // Horizontal ordos slide forward (and back when reconnecting); vertical ones sideways.
  steps::Directions straight;
  straight.add(steps::forward(mover.us));
  if (mover.reconnecting) straight.add(reverse(steps::forward(mover.us)));
  // One band serves both: vertical ordos need no rank beyond the pieces.
  const steps::OrdoBand band(pos, straight);
  steps::ordo_slides(pos, mover.connection, !mover.reconnecting, E, straight, band, sink);
  steps::Directions sideways;
  steps::add_sideways(sideways);
  steps::ordo_slides(pos, mover.connection, !mover.reconnecting, N, sideways, band, sink);
}

// The pieces of `us` with empty squares straight ahead up to the opponent's home row, that
// row included: only they can be part of an ordo that slides onto it (ordos never capture).
inline Bitboard straight_runners(const Position& pos, Color us) {
  const Geometry& g = pos.geometry();
  const Stepper back = g.stepper(steps::forward(opponent(us)));
  const Bitboard empty = pos.empty_squares();
  Bitboard reach = g.home_row(opponent(us)) & empty;  // squares with an empty run to the row
  for (Bitboard grown = reach; grown;) {
    grown = back(grown) & empty & ~reach;
    reach |= grown;
  }
  return back(reach) & pos.pieces(us);
}

// Whether some straight runners (above) stand side by side: an ordo onto the home row is a
// row of at least two of them (a necessary condition, not a sufficient one).
inline bool has_ordo_of_runners(const Geometry& g, Bitboard runners) {
  return (runners & g.stepper(E)(runners)) != 0;
}

// The moves the sink keeps out of a superset: every singleton slide (the sink drops the
// quiet ones it does not want) and the horizontal ordos that slide forward, only when
// two pieces could reach the opponent's home row that way. For quiescence: captures and
// moves onto the home row, without the full ordo search.
template <class Sink>
void generate_forcing(const Position& pos, Sink& sink) {
  if (pos.decided_winner()) return;
  const Mover mover(pos);
  singleton_moves(pos, mover, sink);
  if (!has_ordo_of_runners(pos.geometry(), straight_runners(pos, mover.us))) return;
  steps::Directions forward;
  forward.add(steps::forward(mover.us));
  steps::ordo_slides(pos, mover.connection, !mover.reconnecting, E, forward, sink);
}

}  // namespace ordo::classic
