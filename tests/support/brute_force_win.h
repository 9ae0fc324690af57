// Brute-force forced wins, sharing nothing with the search or the solver but the move
// generator: the oracle both are checked against. A side left without a legal move
// (blocked, or split and unable to reconnect) has lost, as the rules core judges it.
#pragma once

#include <cstddef>
#include <memory>

#include "ordo/move_list.h"
#include "ordo/movegen.h"
#include "ordo/position.h"

namespace ordo::testing {

inline bool forces_win_within(const Position& pos, int turns);

// Does `move` win within `turns` of the mover's turns, whatever the opponent replies?
inline bool move_forces_win(Position pos, const Move& move, int turns) {
  const Color us = pos.side_to_move();
  pos.make(move);
  if (pos.decided_winner() == us) return true;
  auto replies = std::make_unique<MoveList>();
  generate_legal(pos, *replies);
  if (replies->empty()) return true;  // the opponent cannot move (or reconnect): it has lost
  if (turns <= 1) return false;
  for (const Move& reply : *replies) {
    const Undo undo = pos.make(reply);
    const bool holds = pos.decided_winner() != opponent(us) && forces_win_within(pos, turns - 1);
    pos.unmake(reply, undo);
    if (!holds) return false;
  }
  return true;
}

// Can the side to move force a win within `turns` of its own turns?
inline bool forces_win_within(const Position& pos, int turns) {
  auto moves = std::make_unique<MoveList>();
  generate_legal(pos, *moves);
  for (const Move& move : *moves)
    if (move_forces_win(pos, move, turns)) return true;
  return false;
}

// The fewest own turns within which the side to move forces a win, or 0 if none within
// `turns`.
inline int shortest_win(const Position& pos, int turns) {
  for (int n = 1; n <= turns; ++n)
    if (forces_win_within(pos, n)) return n;
  return 0;
}

}  // namespace ordo::testing
