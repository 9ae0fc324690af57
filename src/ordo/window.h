// Floods over a set of squares on one 64-bit word instead of two: the set is shifted down
// to the first square of its lowest rank, which keeps files in place, so a 10x8 group
// spanning up to six ranks (the usual case) fits.
#pragma once

#include <bit>
#include <cstdint>

#include "ordo/bitboard.h"
#include "ordo/geometry.h"

namespace ordo {

class Window {
 public:
  // The window starting at the lowest rank of `span` (not empty).
  Window(const Geometry& g, Bitboard span)
      : base_(g.rank_of(lsb(span)) * g.width()),
        width_(g.width()),
        not_first_(low_word(g.not_first_file())),
        not_last_(low_word(g.not_last_file())),
        first_rank_(low_word(g.rank_mask(0))),
        all_(g.all()),
        fits_(msb(span) - base_ < 63) {}

  // Whether every square of `span` lies in the window, with one bit to spare: dilate()
  // steps sideways before it steps down, so a piece on the top bit would lose its
  // neighbour diagonally down and to the right. The rest may be used only then.
  bool fits() const { return fits_; }
  int base() const { return base_; }
  // A set within the window as a word, and back.
  std::uint64_t down(Bitboard b) const { return low_word(b >> base_); }
  Bitboard up(std::uint64_t w) const { return Bitboard{w} << base_; }
  // Every square one step from w in direction d, as far as it lies in the window.
  std::uint64_t shift(std::uint64_t w, Direction d) const {
    const int delta = rank_step(d) * width_ + file_step(d);
    const std::uint64_t movable = file_step(d) > 0   ? w & not_last_
                                  : file_step(d) < 0 ? w & not_first_
                                                     : w;
    return delta >= 0 ? movable << delta : movable >> -delta;
  }
  // shift() in one fixed direction, for loops that take many steps: a rotation (one
  // instruction, where a shift by a register is slower) less the bits that wrapped round.
  struct Stepper {
    std::uint64_t may_step;  // the squares kept (sideways steps drop the edge file)
    std::uint64_t lands;     // the bits a shift can land on
    int delta;
    std::uint64_t operator()(std::uint64_t w) const {
      return std::rotl(w & may_step, delta) & lands;
    }
  };
  Stepper stepper(Direction d) const {
    const int delta = rank_step(d) * width_ + file_step(d);
    const std::uint64_t may_step = file_step(d) > 0   ? not_last_
                                   : file_step(d) < 0 ? not_first_
                                                      : ~std::uint64_t{0};
    const std::uint64_t all = ~std::uint64_t{0};
    return {may_step, delta >= 0 ? all << delta : all >> -delta, delta};
  }
  // w together with its 8-neighbours, as far as they lie in the window (squares off
  // the board may appear; callers intersect with a set of pieces).
  std::uint64_t dilate(std::uint64_t w) const { return vertical(sideways(w)); }
  // The squares of the whole board on or next to a piece of `w` (a set within a window
  // that fits), as Geometry::dilate gives them: a square in the rank below the window,
  // or above its 64th bit, touches the set only through its sideways spread in the rank
  // next to it.
  Bitboard grow(std::uint64_t w) const {
    const std::uint64_t s = sideways(w);
    Bitboard grown = up(vertical(s));
    if (base_ < 64) grown |= above_word(s);
    if (base_ >= width_) grown |= Bitboard{s & first_rank_} << (base_ - width_);
    return grown & all_;
  }
  // The part of `within` 8-connected to `seed` (seed must lie inside `within`).
  std::uint64_t flood(std::uint64_t seed, std::uint64_t within) const {
    for (;;) {
      const std::uint64_t next = dilate(seed) & within;
      if (next == seed) return seed;
      seed = next;
    }
  }
  // The squares of the whole board next to a piece of `a` and to a piece of `b` (sets
  // within a window that fits). Squares next to both in the window's words come from
  // dilate(); a square in the rank below the window, or above its 64th bit, touches a
  // set only through the set's sideways spread in the rank next to it.
  Bitboard common_touch(std::uint64_t a, std::uint64_t b) const {
    const std::uint64_t sideways_a = sideways(a), sideways_b = sideways(b);
    const std::uint64_t both = sideways_a & sideways_b;
    Bitboard touch = up(vertical(sideways_a) & vertical(sideways_b));
    if (base_ < 64) touch |= above_word(both);
    if (base_ >= width_) touch |= Bitboard{both & first_rank_} << (base_ - width_);
    return touch & all_;
  }

 private:
  // The squares above the window's 64th bit next to a piece of a set whose sideways
  // spread is `s` (base_ < 64: the board ends before bit 128). Squares that would lie
  // past bit 127 are off the board and dropped by the 64-bit shift.
  Bitboard above_word(std::uint64_t s) const {
    return Bitboard{(s >> (64 - width_)) << base_} << 64;
  }
  std::uint64_t sideways(std::uint64_t w) const {
    return w | ((w & not_last_) << 1) | ((w & not_first_) >> 1);
  }
  // w with the squares a rank above and below. Shifts by a constant for the two
  // standard widths: a shift by a register costs several micro-operations, and floods
  // do little else.
  std::uint64_t vertical(std::uint64_t w) const {
    if (width_ == 10) return w | (w << 10) | (w >> 10);
    if (width_ == 8) return w | (w << 8) | (w >> 8);
    return w | (w << width_) | (w >> width_);
  }

  int base_, width_;
  std::uint64_t not_first_, not_last_;  // the file masks repeat every rank
  std::uint64_t first_rank_;            // the window's first rank, as a word
  Bitboard all_;
  bool fits_;
};

}  // namespace ordo
