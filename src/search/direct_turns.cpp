#include "search/direct_turns.h"

#include "core/movegen_x.h"

namespace ordo {

void generate_direct_turns(const Position& pos, MoveList& list) {
  if (pos.decided_winner()) return;
  const Geometry& g = pos.geometry();
  const Color us = pos.side_to_move();
  const ConnectionMap connection(g, pos.pieces(us), pos.is_connected(us));
  x::StepList forward;
  x::StepCollector to_forward{g, forward};
  x::steps(pos, connection, false, to_forward);
  for (const Step& s : forward) {
    x::for_each_choice(pos, s, [&](const Step& c) { list.push_back(Move::single(c)); });
  }
}

}  // namespace ordo
