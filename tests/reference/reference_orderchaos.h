// A deliberately plain Order and Chaos implementation (a char grid, whole-board line scans
// after every move) that the fast one is tested against. Not used by the program.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace reference_oc {

struct Board {
  char cell[6][6] = {};  // [rank][file], rank 0 = rank 1; '.', 'x' or 'o'
  bool order_to_move = true;
  bool exact_five = false;
};

Board empty_board(bool exact_five);
// Reads the docs/rules.md position string; no error reporting (tests feed it valid strings).
Board from_string(const std::string& text, bool exact_five);
// "order wins", "chaos wins" or "ongoing", read from the whole board.
std::string outcome(const Board& board);
// Every legal move as notation ("Xc3"), sorted; empty when the game is over.
std::vector<std::string> legal_moves(const Board& board);
// Plays a legal move given in notation.
void play(Board& board, const std::string& move);
std::uint64_t perft(const Board& board, int depth);

}  // namespace reference_oc
