#include "ordo/tuning/quiet_position.h"

#include "ordo/ai/direct_turns.h"
#include "ordo/ai/ordo_rules.h"
#include "ordo/movegen.h"

namespace ordo {

namespace {

// Whether the side to move has a move that decides the game for it at once.
bool can_win_at_once(const Position& pos, MoveList& scratch) {
  scratch.clear();
  // Classic: a winning move lands on the home row or captures the last piece, and the
  // forcing moves hold all of those. Ordo X lists every turn.
  if (pos.variant() == Variant::Classic) {
    generate_forcing(pos, scratch);
  } else {
    generate_legal(pos, scratch);
  }
  Position board = pos;  // find_win plays each candidate and takes it back
  return OrdoRules::find_win(board, scratch) >= 0;
}

}  // namespace

bool is_quiet_position(const Position& pos, MoveList& scratch) {
  if (pos.decided_winner() || !pos.is_connected(pos.side_to_move())) return false;
  return !can_win_at_once(pos, scratch) && !opponent_threatens_win(pos, scratch);
}

}  // namespace ordo
