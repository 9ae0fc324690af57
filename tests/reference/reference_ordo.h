// Reference move generator for Ordo (Classic and Ordo X), written straight from docs/rules.md.
//
// Purpose: an independent oracle for testing the fast engine. It deliberately uses nothing
// but plain arrays and the C++ standard library, and checks connection with a flood fill
// after every candidate move. Speed is not a goal; being obviously correct is.
//
// Ordo X (docs/rules.md 5, 6, 8) as implemented here:
// - A "move" is a whole turn: one forward step (`e3-e4`), or a sideways step and a forward
//   step joined by a comma (`e3-d3,d3-d5`). Steps use the Classic notation; single-file ordo
//   steps too: lower end first, then where that end lands, so a White vertical ordo b2..b3
//   moving up one square is `b2:b3-b3`.
// - Tie choice: the `@square` suffix is written right after the capture step that made the
//   choice (docs/rules.md 6: "a capture ... is followed by `@`"), also inside a two-step turn:
//   `a4xc4@b2,c4-c5`. If both steps' captures leave a choice, both carry one:
//   `a4xc4@b5,c4xc5@d5`. A (sideways step, choice) pair with no forward step after it gives
//   no turn, while another choice of the same step may.
// - A sideways step that wins (docs/rules.md 5.5: it captures the opponent's last piece, or a piece
//   of the mover stands on the opponent's home row after it) is a whole turn by itself.
// - "A sideways step after which no forward step is legal is itself illegal" (docs/rules.md 5.3) is
//   implemented (such a step yields no turn) but never bites: a connected group with no piece
//   on the opponent's home row always has a one-square forward singleton step that keeps it
//   connected. Proof, by induction on the number of pieces: take the lowest rank m. If a piece
//   P on it has no own piece straight ahead, P steps there (moving or capturing); the new
//   square touches all of P's neighbours (none lie below rank m). Otherwise every piece on
//   rank m has an own piece Q straight ahead that touches all its neighbours, so the pieces
//   above rank m still form one group G'. If some P on rank m touches only its Q, P steps
//   diagonally forward (the board is >= 3 wide, and that square touches Q and is not own, as
//   P touches nothing else). Else every P on rank m touches a rank-m or rank-(m+1) piece
//   besides Q; G' has a step by induction (it moves a piece X to a square on rank >= m+2), and
//   the same step keeps the whole group connected: each rank-m piece still touches G' through
//   its Q, or, if its Q is X, through its other neighbour. Hence a player who is connected
//   always has a legal turn; "no legal turn" happens only in set-up positions (below).
// - Positions that legal Ordo X play never reaches (set up by a position string):
//   * the side to move is split: there is no reconnection turn and no backward direction;
//     each step must still leave the mover connected, so only turns whose first step
//     reconnects exist (possibly none: that side then loses, SideToMoveLosesNoMoves);
//   * the opponent is already split before a capture: after every capture, whatever the
//     cause of the split, all opponent groups except one of the largest are removed;
//   * a mover's piece already stands on the opponent's home row: every step "wins", as
//     outcome_after_move() only sees the board (same as the Classic code).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ordo::reference {

enum class RefVariant { Classic, X };

struct RefPosition {
  int width = 0, height = 0;  // files, ranks
  std::vector<char> cells;    // index = rank*width + file (rank 0 = rank 1 = White's home row);
                              // values '.', 'w', 'b'
  char to_move = 'w';         // 'w' or 'b'
};

// docs/rules.md section 7. Throws std::invalid_argument (with a message) on bad input.
// Sides 3..16, at most 128 squares.
RefPosition parse_position(const std::string& s);
std::string format_position(const RefPosition& p);

// 10x8 and 8x8 per docs/rules.md section 2; throws std::invalid_argument for other sizes.
RefPosition start_position(int width, int height);

// All legal moves (Ordo X: whole turns), sorted with std::sort, in docs/rules.md section 6 output
// notation. Throws std::logic_error if two turns got the same notation (a self-check).
std::vector<std::string> legal_moves(const RefPosition& p, RefVariant v);

// `move` must be one of legal_moves(p, v) (output form); throws std::invalid_argument otherwise.
RefPosition apply_move(const RefPosition& p, const std::string& move, RefVariant v);

// Game-ending status right after a move, given the position *after* it
// (the mover is the opposite of after.to_move).
enum class RefOutcome { Ongoing, MoverWonHomeRow, MoverWonCapturedAll, SideToMoveLosesNoMoves };
RefOutcome outcome_after_move(const RefPosition& after, RefVariant v);

// docs/rules.md section 8 (Ordo X: a move is a whole turn, each tie choice counted). A move that
// ends the game (home row reached, last enemy piece captured) has no continuation; a position
// whose side to move has no legal moves contributes 0 at depth >= 1; depth 0 = 1.
// Repetition is ignored.
std::uint64_t perft(const RefPosition& p, RefVariant v, int depth);

}  // namespace ordo::reference
