// Classic Ordo move generation (RULES.md section 4) for any step sink (movegen_steps.h).
#pragma once

#include "core/movegen_steps.h"

namespace ordo::classic {

template <class Sink>
void generate(const Position& pos, Sink& sink) {
  if (pos.decided_winner()) return;
  const Color us = pos.side_to_move();
  const bool reconnecting = !pos.is_connected(us);

  // Singletons go forward, diagonally forward, sideways; and, in a reconnection turn,
  // backward and diagonally backward too.
  steps::Directions dirs;
  steps::add_forward(dirs, us);
  steps::add_sideways(dirs);
  if (reconnecting) steps::add_backward(dirs, us);
  const ConnectionMap connection(pos.geometry(), pos.pieces(us), !reconnecting);
  steps::singleton_slides(pos, connection, dirs, sink);

  // Horizontal ordos slide forward (and back when reconnecting); vertical ones sideways.
  steps::Directions straight;
  straight.add(steps::forward(us));
  if (reconnecting) straight.add(reverse(steps::forward(us)));
  // One band serves both: vertical ordos need no rank beyond the pieces.
  const steps::OrdoBand band(pos, straight);
  steps::ordo_slides(pos, connection, !reconnecting, E, straight, band, sink);
  steps::Directions sideways;
  steps::add_sideways(sideways);
  steps::ordo_slides(pos, connection, !reconnecting, N, sideways, band, sink);
}

}  // namespace ordo::classic
