#include "reference/reference_orderchaos.h"

#include <algorithm>

namespace reference_oc {

namespace {

bool inside(int file, int rank) {
  return file >= 0 && file < 6 && rank >= 0 && rank < 6;
}

// Walks every full line (row, column, diagonal) from its first square and measures each
// run of equal symbols.
bool has_winning_line(const Board& b) {
  const int directions[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (const auto& d : directions) {
    for (int rank = 0; rank < 6; ++rank) {
      for (int file = 0; file < 6; ++file) {
        if (inside(file - d[0], rank - d[1])) continue;  // not the start of a line
        int run = 0;
        char last = '.';
        for (int f = file, r = rank; inside(f, r); f += d[0], r += d[1]) {
          const char c = b.cell[r][f];
          run = (c != '.' && c == last) ? run + 1 : (c == '.' ? 0 : 1);
          last = c;
          const bool run_ends = !inside(f + d[0], r + d[1]) || b.cell[r + d[1]][f + d[0]] != c;
          if (c != '.' && run_ends && (b.exact_five ? run == 5 : run >= 5)) return true;
        }
      }
    }
  }
  return false;
}

bool full(const Board& b) {
  for (const auto& row : b.cell)
    for (char c : row)
      if (c == '.') return false;
  return true;
}

}  // namespace

Board empty_board(bool exact_five) {
  Board b;
  for (auto& row : b.cell)
    for (char& c : row) c = '.';
  b.exact_five = exact_five;
  return b;
}

Board from_string(const std::string& text, bool exact_five) {
  Board b = empty_board(exact_five);
  int rank = 5, file = 0;
  std::size_t i = 0;
  for (; i < text.size() && text[i] != ' '; ++i) {
    const char c = text[i];
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '6') {
      file += c - '0';
    } else {
      b.cell[rank][file++] = c;
    }
  }
  b.order_to_move = text.substr(i + 1) == "order";
  return b;
}

std::string outcome(const Board& b) {
  if (has_winning_line(b)) return "order wins";
  return full(b) ? "chaos wins" : "ongoing";
}

std::vector<std::string> legal_moves(const Board& b) {
  std::vector<std::string> moves;
  if (outcome(b) != "ongoing") return moves;
  for (int rank = 0; rank < 6; ++rank)
    for (int file = 0; file < 6; ++file)
      if (b.cell[rank][file] == '.')
        for (const char symbol : {'X', 'O'})
          moves.push_back(
              std::string{symbol, static_cast<char>('a' + file), static_cast<char>('1' + rank)});
  std::sort(moves.begin(), moves.end());
  return moves;
}

void play(Board& b, const std::string& move) {
  b.cell[move[2] - '1'][move[1] - 'a'] = move[0] == 'X' ? 'x' : 'o';
  b.order_to_move = !b.order_to_move;
}

std::uint64_t perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  std::uint64_t nodes = 0;
  for (const auto& move : legal_moves(b)) {
    Board next = b;
    play(next, move);
    nodes += perft(next, depth - 1);
  }
  return nodes;
}

}  // namespace reference_oc
