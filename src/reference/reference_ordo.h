// Reference move generator for Ordo (Classic rules), written straight from docs RULES.md.
//
// Purpose: an independent oracle for testing the fast engine. It deliberately uses nothing
// but plain arrays and the C++ standard library, and checks connection with a flood fill
// after every candidate move. Speed is not a goal; being obviously correct is.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ordo::reference {

enum class RefVariant { Classic, X };  // only Classic is implemented; X throws std::logic_error

struct RefPosition {
  int width = 0, height = 0;  // files, ranks
  std::vector<char> cells;    // index = rank*width + file (rank 0 = rank 1 = White's home row);
                              // values '.', 'w', 'b'
  char to_move = 'w';         // 'w' or 'b'
};

// RULES.md section 7. Throws std::invalid_argument (with a message) on bad input.
// Sides 3..16, at most 128 squares.
RefPosition parse_position(const std::string& s);
std::string format_position(const RefPosition& p);

// 10x8 and 8x8 per RULES.md section 2; throws std::invalid_argument for other sizes.
RefPosition start_position(int width, int height);

// All legal moves, sorted with std::sort, in RULES.md section 6 output notation.
std::vector<std::string> legal_moves(const RefPosition& p, RefVariant v);

// `move` must be one of legal_moves(p, v) (output form); throws std::invalid_argument otherwise.
RefPosition apply_move(const RefPosition& p, const std::string& move, RefVariant v);

// Game-ending status right after a move, given the position *after* it
// (the mover is the opposite of after.to_move).
enum class RefOutcome { Ongoing, MoverWonHomeRow, MoverWonCapturedAll, SideToMoveLosesNoMoves };
RefOutcome outcome_after_move(const RefPosition& after, RefVariant v);

// RULES.md section 8. A move that ends the game (home row reached, last enemy piece captured)
// has no continuation; a position whose side to move has no legal moves contributes 0 at
// depth >= 1; depth 0 = 1. Repetition is ignored.
std::uint64_t perft(const RefPosition& p, RefVariant v, int depth);

}  // namespace ordo::reference
