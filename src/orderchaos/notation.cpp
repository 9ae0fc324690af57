#include "orderchaos/notation.h"

namespace orderchaos {

std::string square_name(int sq) {
  return {static_cast<char>('a' + file_of(sq)), static_cast<char>('1' + rank_of(sq))};
}

std::optional<int> parse_square(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const int file = text[0] - 'a';
  const int rank = text[1] - '1';
  if (file < 0 || file >= kSide || rank < 0 || rank >= kSide) return std::nullopt;
  return square_at(file, rank);
}

std::string format_move(Move move) {
  std::string text(1, move.symbol == Symbol::X ? 'X' : 'O');
  text += square_name(move.square);
  return text;
}

Move parse_move(const Position& pos, std::string_view text) {
  std::string quoted(1, '\'');
  quoted.append(text).push_back('\'');
  if (text.empty()) throw MoveError("empty move: write a symbol and a square, like Xc3");
  Move move;
  switch (text[0]) {
    case 'X':
      move.symbol = Symbol::X;
      break;
    case 'O':
      move.symbol = Symbol::O;
      break;
    case 'x':
    case 'o':
      throw MoveError(quoted + ": write the symbol as a capital letter, like " +
                      static_cast<char>(text[0] - 'a' + 'A') + std::string(text.substr(1)));
    default:
      throw MoveError(quoted + ": a move starts with the symbol X or O, like Xc3");
  }
  const std::string_view square_text = text.substr(1);
  const auto sq = parse_square(square_text);
  if (!sq)
    throw MoveError(quoted + ": '" + std::string(square_text) +
                    "' is not a square of the 6x6 board (files a-f, ranks 1-6)");
  move.square = static_cast<std::uint8_t>(*sq);
  if (pos.over()) throw MoveError(quoted + ": the game is over");
  if (const auto taken = pos.at(*sq))
    throw MoveError(quoted + ": " + std::string(square_text) + " is taken (" +
                    (*taken == Symbol::X ? "X" : "O") + " stands there)");
  return move;
}

}  // namespace orderchaos
