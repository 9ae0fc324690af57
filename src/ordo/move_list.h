// A fixed-capacity list of moves that lives on the stack: no heap allocation.
#pragma once

#include <cstddef>
#include <stdexcept>

#include "ordo/move.h"

namespace ordo {

template <std::size_t Capacity>
class BasicMoveList {
 public:
  void push_back(const Move& m) {
    // A cheap, well-predicted guard: overrunning the array would corrupt the stack.
    if (size_ == Capacity) throw std::length_error("move list capacity exceeded");
    moves_[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }

 private:
  std::size_t size_ = 0;
  Move moves_[Capacity];
};

// Classic positions have at most a few hundred moves; an Ordo X turn pairs a sideways
// step with a forward step, so open positions reach several thousand.
using MoveList = BasicMoveList<16384>;

}  // namespace ordo
