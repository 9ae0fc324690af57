#include "ordo/geometry.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace ordo {

bool Geometry::valid_size(int width, int height) {
  return width >= kMinSide && width <= kMaxSide && height >= kMinSide && height <= kMaxSide &&
         width * height <= kMaxSquares;
}

const Geometry& Geometry::of(int width, int height) {
  if (!valid_size(width, height)) {
    throw std::invalid_argument("board size " + std::to_string(width) + "x" +
                                std::to_string(height) +
                                " is not supported (each side 3 to 16, at most 128 squares)");
  }
  // Tables are immutable once built; one per size, built on first use and kept for the
  // life of the process so positions can hold a plain pointer to them.
  static std::mutex mutex;
  static std::array<std::unique_ptr<const Geometry>, (kMaxSide + 1) * (kMaxSide + 1)> cache;
  std::lock_guard lock(mutex);
  auto& slot = cache[width * (kMaxSide + 1) + height];
  if (!slot) slot = std::make_unique<const Geometry>(width, height);
  return *slot;
}

Geometry::Geometry(int width, int height)
    : width_(width), height_(height), squares_(width * height) {
  for (int sq = 0; sq < squares_; ++sq) {
    file_of_[sq] = static_cast<std::uint8_t>(sq % width_);
    rank_of_[sq] = static_cast<std::uint8_t>(sq / width_);
  }
  for (int sq = 0; sq < squares_; ++sq) {
    const Bitboard b = bit(sq);
    all_ |= b;
    rank_masks_[rank_of(sq)] |= b;
    file_masks_[file_of(sq)] |= b;
  }
  not_first_file_ = all_ & ~file_masks_[0];
  not_last_file_ = all_ & ~file_masks_[width_ - 1];
  for (int d = 0; d < kDirectionCount; ++d) {
    const auto dir = static_cast<Direction>(d);
    deltas_[d] = rank_step(dir) * width_ + file_step(dir);
    shift_masks_[d] = file_step(dir) > 0   ? not_last_file_
                      : file_step(dir) < 0 ? not_first_file_
                                           : all_;
    for (int sq = 0; sq < squares_; ++sq) {
      int f = file_of(sq) + file_step(dir), r = rank_of(sq) + rank_step(dir);
      for (; on_board(f, r); f += file_step(dir), r += rank_step(dir)) {
        rays_[d][sq] |= bit(square(f, r));
        directions_[sq][square(f, r)] = static_cast<std::uint8_t>(d);
      }
      if (on_board(file_of(sq) + file_step(dir), rank_of(sq) + rank_step(dir))) {
        neighbours_[sq] |= bit(square(file_of(sq) + file_step(dir), rank_of(sq) + rank_step(dir)));
        may_step_[d] |= bit(sq);
      }
    }
    entered_[d] = shift(all_, dir);
    // The longest slide in d crosses the board's longest line in d.
    const int line = file_step(dir) == 0   ? height_
                     : rank_step(dir) == 0 ? width_
                                           : std::min(width_, height_);
    while ((1 << fill_rounds_[d]) < line) ++fill_rounds_[d];
  }
}

std::string Geometry::size_name() const {
  return std::to_string(width_) + "x" + std::to_string(height_);
}

}  // namespace ordo
