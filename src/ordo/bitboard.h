// A set of squares on a board of at most 128 squares, one bit per square.
#pragma once

#include <bit>
#include <cstdint>

namespace ordo {

__extension__ typedef unsigned __int128 Bitboard;  // a GCC/Clang builtin type

constexpr Bitboard kOne = 1;

constexpr Bitboard bit(int square) {
  return kOne << square;
}

constexpr std::uint64_t low_word(Bitboard b) {
  return static_cast<std::uint64_t>(b);
}
constexpr std::uint64_t high_word(Bitboard b) {
  return static_cast<std::uint64_t>(b >> 64);
}

constexpr int popcount(Bitboard b) {
  return std::popcount(low_word(b)) + std::popcount(high_word(b));
}

// Index of the lowest set bit; b must not be empty.
constexpr int lsb(Bitboard b) {
  const std::uint64_t lo = low_word(b);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(high_word(b));
}

// Index of the highest set bit; b must not be empty.
constexpr int msb(Bitboard b) {
  const std::uint64_t hi = high_word(b);
  return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(low_word(b));
}

constexpr int pop_lsb(Bitboard& b) {
  const int s = lsb(b);
  b &= b - 1;
  return s;
}

// Whether square sq is in b, without a 128-bit variable shift.
constexpr bool contains(Bitboard b, int sq) {
  const std::uint64_t word = sq < 64 ? low_word(b) : high_word(b);
  return (word >> (sq & 63)) & 1;
}

constexpr bool has_more_than_one(Bitboard b) {
  return (b & (b - 1)) != 0;
}

// Shifts by a signed amount of squares (positive = towards higher indices).
constexpr Bitboard shift_by(Bitboard b, int delta) {
  return delta >= 0 ? b << delta : b >> -delta;
}
// The same on one word, for boards of at most 64 squares (|delta| < 64).
constexpr std::uint64_t shift_word(std::uint64_t w, int delta) {
  return delta >= 0 ? w << delta : w >> -delta;
}

}  // namespace ordo
