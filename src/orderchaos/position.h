// An Order and Chaos position: the X and O pieces, the side to move, the rule version,
// and the outcome, kept up to date by play/undo together with an incremental Zobrist
// hash. No heap, trivially copyable.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "orderchaos/board.h"
#include "orderchaos/types.h"

namespace orderchaos {

// A position string that cannot be read; what() says why.
class PositionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class Position {
 public:
  // The empty board, Order to move.
  static Position start(RuleVersion version = RuleVersion::Original);
  // docs/rules.md (Order and Chaos 5): ranks from the top separated by '/', 'x', 'o' and
  // digit runs, then a space and "order" or "chaos". Only 6 x 6 boards. Throws
  // PositionError.
  static Position parse(std::string_view text, RuleVersion version = RuleVersion::Original);
  std::string to_string() const;

  RuleVersion version() const { return version_; }
  Role to_move() const { return to_move_; }
  Bitboard pieces(Symbol s) const { return pieces_[index(s)]; }
  Bitboard occupied() const { return pieces_[0] | pieces_[1]; }
  Bitboard empty() const { return kAllSquares & ~occupied(); }
  std::optional<Symbol> at(int sq) const;
  Outcome outcome() const { return outcome_; }
  bool over() const { return outcome_ != Outcome::Ongoing; }
  std::uint64_t hash() const { return hash_; }

  // Legal: the game is not over and the square is on the board and empty.
  bool is_legal(Move move) const;
  // Plays a legal move; the outcome follows at once (a line wins for Order whoever
  // placed it; a full board without one wins for Chaos).
  void play(Move move);
  // Takes back `move`, which must be the last move played.
  void undo(Move move);

  // Whether `symbol` on `sq` (already placed) stands in a winning line through `sq`.
  bool completes_line(int sq, Symbol symbol) const;

  friend bool operator==(const Position& a, const Position& b) {
    return a.pieces_[0] == b.pieces_[0] && a.pieces_[1] == b.pieces_[1] &&
           a.to_move_ == b.to_move_ && a.version_ == b.version_;
  }

 private:
  Outcome judge_board() const;  // the outcome read from the whole board
  std::uint64_t compute_hash() const;

  Bitboard pieces_[2] = {0, 0};
  std::uint64_t hash_ = 0;
  Role to_move_ = Role::Order;
  RuleVersion version_ = RuleVersion::Original;
  Outcome outcome_ = Outcome::Ongoing;
};

// Whether a full window of `mine` wins under `version` (see Window).
inline bool window_wins(const Window& w, Bitboard mine, RuleVersion version) {
  if ((mine & w.squares) != w.squares) return false;
  return version == RuleVersion::Original || (mine & w.beyond_ends) == 0;
}

}  // namespace orderchaos
