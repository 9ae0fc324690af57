// Floods over a set of squares on one 64-bit word instead of two: the set is shifted down
// to the first square of its lowest rank, which keeps files in place, so a 10x8 group
// spanning up to six ranks (the usual case) fits.
#pragma once

#include <cstdint>

#include "core/bitboard.h"
#include "core/geometry.h"

namespace ordo {

class Window {
 public:
  // The window starting at the lowest rank of `span` (not empty).
  Window(const Geometry& g, Bitboard span)
      : base_(g.rank_of(lsb(span)) * g.width()),
        width_(g.width()),
        not_first_(low_word(g.not_first_file())),
        not_last_(low_word(g.not_last_file())),
        fits_(msb(span) - base_ < 63) {}

  // Whether every square of `span` lies in the window, with one bit to spare: dilate()
  // steps sideways before it steps down, so a piece on the top bit would lose its
  // neighbour diagonally down and to the right. The rest may be used only then.
  bool fits() const { return fits_; }
  int base() const { return base_; }
  // A set within the window as a word, and back.
  std::uint64_t down(Bitboard b) const { return low_word(b >> base_); }
  Bitboard up(std::uint64_t w) const { return Bitboard{w} << base_; }
  // w together with its 8-neighbours, as far as they lie in the window (squares off
  // the board may appear; callers intersect with a set of pieces).
  std::uint64_t dilate(std::uint64_t w) const {
    const std::uint64_t sideways = w | ((w & not_last_) << 1) | ((w & not_first_) >> 1);
    return sideways | (sideways << width_) | (sideways >> width_);
  }

 private:
  int base_, width_;
  std::uint64_t not_first_, not_last_;  // the file masks repeat every rank
  bool fits_;
};

}  // namespace ordo
