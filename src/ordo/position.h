// The board state of one Ordo position: pieces of both sides, side to move, rule set,
// board size and an incrementally kept Zobrist hash. No game history (see game.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ordo/bitboard.h"
#include "ordo/geometry.h"
#include "ordo/move.h"
#include "ordo/types.h"

namespace ordo {

// Restores what a move changed beyond the moved pieces themselves.
struct Undo {
  Bitboard removed = 0;  // enemy pieces taken off the board (capture, Ordo X group removal)
  std::uint64_t hash = 0;
  bool connected[2] = {true, true};
};

class Position {
 public:
  // Throws std::invalid_argument if a bitboard has squares off the board or both sides
  // share a square.
  Position(const Geometry& geometry, Variant variant, Bitboard white, Bitboard black,
           Color to_move);

  // docs/rules.md section 2; 10x8 or 8x8.
  static Position start(Variant variant, int width = kStandardWidth, int height = kStandardHeight);
  // docs/rules.md section 7; throws std::invalid_argument with the reason.
  static Position parse(std::string_view text, Variant variant);
  std::string to_string() const;

  const Geometry& geometry() const { return *geometry_; }
  Variant variant() const { return variant_; }
  Color side_to_move() const { return side_; }
  Bitboard pieces(Color c) const { return pieces_[index(c)]; }
  Bitboard occupied() const { return pieces_[0] | pieces_[1]; }
  Bitboard empty_squares() const { return geometry_->all() & ~occupied(); }
  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;  // from scratch, to check the incremental one
  // Kept up to date by make/unmake: only a capture can split the side that did not move.
  bool is_connected(Color c) const { return connected_[index(c)]; }
  // 'w', 'b' or 0 for empty.
  char piece_at(int sq) const;

  // The winner when the board itself shows the game is over: a piece stands on its
  // opponent's home row, or a side has no pieces left.
  std::optional<Color> decided_winner() const;

  // Plays a legal move (the caller guarantees legality) and returns what undo needs.
  Undo make(const Move& move);
  void unmake(const Move& move, const Undo& undo);

  // One step of the side to move, without passing the turn (Ordo X plays a sideways step
  // and then looks for the forward step). Returns the enemy pieces removed.
  Bitboard play_step(const Step& step);
  // Passes the turn to the other side.
  void pass_turn();

  // The pieces an ordo step (or singleton) moves: the squares from `from` to `tail`.
  Bitboard moved_squares(const Step& step) const;

  friend bool operator==(const Position& a, const Position& b) {
    return a.geometry_ == b.geometry_ && a.variant_ == b.variant_ && a.side_ == b.side_ &&
           a.pieces_[0] == b.pieces_[0] && a.pieces_[1] == b.pieces_[1] && a.hash_ == b.hash_;
  }

 private:
  void remove_pieces(Color c, Bitboard squares);
  void add_pieces(Color c, Bitboard squares);

  const Geometry* geometry_;
  Bitboard pieces_[2];
  std::uint64_t hash_ = 0;
  bool connected_[2];
  Color side_;
  Variant variant_;
};

}  // namespace ordo
