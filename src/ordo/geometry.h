// Precomputed tables for one board size: square numbering, masks, rays, neighbours.
//
// Square index = rank * width + file, with rank 0 = rank 1 (White's home row). A board
// has 3..16 files and ranks and at most 128 squares, so a Bitboard always holds it.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "ordo/bitboard.h"
#include "ordo/types.h"

namespace ordo {

constexpr int kMinSide = 3;
constexpr int kMaxSide = 16;
constexpr int kMaxSquares = 128;
// The standard board of docs/rules.md section 1 (10x8); the other one is 8x8.
constexpr int kStandardWidth = 10;
constexpr int kStandardHeight = 8;

// Steps in one fixed direction, for loops that take many: the mask and the shift are read
// from the tables once (stores through a move sink might alias them, so a loop calling
// Geometry::shift would read them again every time).
struct Stepper {
  Bitboard may_step;  // squares whose neighbour in the direction is on the board
  int delta;
  Bitboard operator()(Bitboard b) const { return shift_by(b & may_step, delta); }
};

class Geometry {
 public:
  // The shared, immutable tables for a board size. Throws std::invalid_argument when the
  // size is outside 3..16 per side or above 128 squares. Safe to call from any thread.
  static const Geometry& of(int width, int height);
  static bool valid_size(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  int square_count() const { return squares_; }
  // From tables: dividing by a width known only at run time is slow. sq is on the board.
  int file_of(int sq) const { return file_of_[sq]; }
  int rank_of(int sq) const { return rank_of_[sq]; }
  int square(int file, int rank) const { return rank * width_ + file; }
  bool on_board(int file, int rank) const {
    return file >= 0 && file < width_ && rank >= 0 && rank < height_;
  }
  std::string size_name() const;  // "10x8"

  Bitboard all() const { return all_; }
  Bitboard not_first_file() const { return not_first_file_; }
  Bitboard not_last_file() const { return not_last_file_; }
  Bitboard rank_mask(int rank) const { return rank_masks_[rank]; }
  Bitboard file_mask(int file) const { return file_masks_[file]; }
  // The row a player starts from; reaching the opponent's one wins.
  Bitboard home_row(Color c) const {
    return c == Color::White ? rank_masks_[0] : rank_masks_[height_ - 1];
  }
  // Squares strictly beyond `sq` in direction d, nearest first.
  Bitboard ray(Direction d, int sq) const { return rays_[d][sq]; }
  Bitboard neighbours(int sq) const { return neighbours_[sq]; }
  // The direction from `from` to `to`; they must lie on one line (to in ray(d, from)).
  Direction direction(int from, int to) const {
    return static_cast<Direction>(directions_[from][to]);
  }
  int delta(Direction d) const { return deltas_[d]; }

  // Every square one step from b in direction d (squares falling off the board vanish).
  Bitboard shift(Bitboard b, Direction d) const {
    // Mask the file that would wrap around before shifting sideways (a table, not a
    // branch: directions change often in the generator's loops). A board of 64 squares or
    // fewer (8x8) fits one word, where a variable shift is far cheaper than on 128 bits.
    if (squares_ <= 64)
      return shift_word(low_word(b & shift_masks_[d]), deltas_[d]) & low_word(all_);
    return shift_by(b & shift_masks_[d], deltas_[d]) & all_;
  }
  Stepper stepper(Direction d) const { return {may_step_[d], deltas_[d]}; }
  // `seeds` and every square they reach sliding in direction d through squares of
  // `through`: all slides at once, in doubling rounds (as many as the board's longest line
  // in d needs: three on 8x8) rather than one round per step. No shift reaches 128 bits:
  // the last round's is below the line's length times the step.
  Bitboard slide_fill(Bitboard seeds, Bitboard through, Direction d) const {
    // A square may be entered only by a step that stays on the board, so no slide wraps
    // from one edge to the other; doubling keeps that for every run it joins.
    const Bitboard pass = through & entered_[d];
    // A board of 64 squares or fewer (8x8) fits one word, where shifts are cheap.
    if (squares_ <= 64)
      return fill_rounds(low_word(seeds), low_word(pass), deltas_[d], fill_rounds_[d], shift_word);
    return fill_rounds(seeds, pass, deltas_[d], fill_rounds_[d], shift_by);
  }
  // b together with all its 8-neighbours.
  Bitboard dilate(Bitboard b) const {
    const Bitboard sideways = b | ((b & not_last_file_) << 1) | ((b & not_first_file_) >> 1);
    // Constant shifts for the two standard widths are much cheaper on 128 bits.
    if (width_ == 10) return (sideways | (sideways << 10) | (sideways >> 10)) & all_;
    if (width_ == 8) return (sideways | (sideways << 8) | (sideways >> 8)) & all_;
    return (sideways | (sideways << width_) | (sideways >> width_)) & all_;
  }
  // The part of `within` 8-connected to `seed` (seed must lie inside `within`).
  Bitboard flood(Bitboard seed, Bitboard within) const {
    Bitboard reached = seed;
    for (;;) {
      const Bitboard next = dilate(reached) & within;
      if (next == reached) return reached;
      reached = next;
    }
  }
  bool is_connected(Bitboard pieces) const {
    return !pieces || flood(pieces & -pieces, pieces) == pieces;
  }

  // The squares reached from `sq` sliding in direction d before hitting a piece of
  // `occupied`, plus the first occupied square on the way (the caller filters it).
  Bitboard slide(int sq, Direction d, Bitboard occupied) const {
    const Bitboard r = rays_[d][sq];
    const Bitboard blockers = r & occupied;
    if (!blockers) return r;
    const int first = increases_index(d) ? lsb(blockers) : msb(blockers);
    return r ^ rays_[d][first];
  }

  Geometry(int width, int height);  // use of(); public for std::make_unique

 private:
  // slide_fill's doubling on bitboards or words: round k joins runs of up to 2^k - 1 steps.
  template <class Word, class Shift>
  static Word fill_rounds(Word reached, Word pass, int delta, int rounds, Shift shift) {
    if (rounds == 0) return reached;
    // The last round extends `reached` only: the runs of `pass` are not needed after it.
    for (int round = 1, steps = 1;; ++round, steps *= 2) {
      reached |= pass & shift(reached, steps * delta);
      if (round == rounds) return reached;
      pass &= shift(pass, steps * delta);
    }
  }

  int width_, height_, squares_;
  Bitboard all_ = 0;
  Bitboard not_first_file_ = 0, not_last_file_ = 0;
  std::array<Bitboard, kMaxSide> rank_masks_{}, file_masks_{};
  std::array<std::uint8_t, kMaxSquares> file_of_{}, rank_of_{};
  std::array<std::array<Bitboard, kMaxSquares>, kDirectionCount> rays_{};
  std::array<Bitboard, kMaxSquares> neighbours_{};
  std::array<std::array<std::uint8_t, kMaxSquares>, kMaxSquares> directions_{};
  std::array<int, kDirectionCount> deltas_{};
  std::array<Bitboard, kDirectionCount> shift_masks_{};  // squares that may step in d
  std::array<Bitboard, kDirectionCount> may_step_{};     // ... and stay on the board
  std::array<Bitboard, kDirectionCount> entered_{};      // squares a step in d lands on
  // Doubling rounds slide_fill needs in d: the longest line in d has at most 2^r squares.
  std::array<std::uint8_t, kDirectionCount> fill_rounds_{};
};

}  // namespace ordo
