// The Order and Chaos board: 6 x 6 squares in one 64-bit word (square = rank * 6 + file,
// a1 = 0), and the table of five-square windows through each square that a win is read
// from. Everything here is computed at compile time.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace orderchaos {

using Bitboard = std::uint64_t;

inline constexpr int kSide = 6;
inline constexpr int kSquares = kSide * kSide;
inline constexpr int kLineLength = 5;  // five in a row wins
inline constexpr Bitboard kAllSquares = (Bitboard{1} << kSquares) - 1;

constexpr Bitboard bit(int sq) {
  return Bitboard{1} << sq;
}
constexpr int file_of(int sq) {
  return sq % kSide;
}
constexpr int rank_of(int sq) {
  return sq / kSide;
}
constexpr int square_at(int file, int rank) {
  return rank * kSide + file;
}

// Five squares in a row, column or diagonal, and the squares just beyond its two ends on
// the same line (those that exist). Under the exact-five rule a full window wins only
// if neither end square holds the same symbol: a run of six does not count.
struct Window {
  Bitboard squares = 0;
  Bitboard beyond_ends = 0;
};

// A square lies in at most two windows per direction on a 6 x 6 board.
inline constexpr int kMaxWindowsPerSquare = 8;

struct SquareWindows {
  std::array<Window, kMaxWindowsPerSquare> windows{};
  int count = 0;
};

namespace detail {

constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kSide && rank >= 0 && rank < kSide;
}

constexpr std::array<SquareWindows, kSquares> make_windows() {
  std::array<SquareWindows, kSquares> table{};
  constexpr int directions[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (const auto& d : directions) {
    for (int rank = 0; rank < kSide; ++rank) {
      for (int file = 0; file < kSide; ++file) {
        const int last_file = file + d[0] * (kLineLength - 1);
        const int last_rank = rank + d[1] * (kLineLength - 1);
        if (!on_board(last_file, last_rank)) continue;
        Window w;
        for (int i = 0; i < kLineLength; ++i)
          w.squares |= bit(square_at(file + d[0] * i, rank + d[1] * i));
        if (on_board(file - d[0], rank - d[1]))
          w.beyond_ends |= bit(square_at(file - d[0], rank - d[1]));
        if (on_board(last_file + d[0], last_rank + d[1]))
          w.beyond_ends |= bit(square_at(last_file + d[0], last_rank + d[1]));
        for (int i = 0; i < kLineLength; ++i) {
          SquareWindows& s = table[square_at(file + d[0] * i, rank + d[1] * i)];
          s.windows[s.count++] = w;
        }
      }
    }
  }
  return table;
}

}  // namespace detail

inline constexpr std::array<SquareWindows, kSquares> kWindowsThrough = detail::make_windows();

// Every window of the board once: 2 per row and column, 2 on each long diagonal, 1 on
// each of the four diagonals of five squares.
inline constexpr int kWindowCount = 32;

namespace detail {

constexpr std::array<Window, kWindowCount> make_window_list() {
  std::array<Window, kWindowCount> list{};
  int n = 0;
  for (const SquareWindows& through : kWindowsThrough)
    for (int i = 0; i < through.count; ++i) {
      bool seen = false;
      for (int j = 0; j < n; ++j) seen = seen || list[j].squares == through.windows[i].squares;
      if (!seen) list[n++] = through.windows[i];
    }
  return list;
}

}  // namespace detail

inline constexpr std::array<Window, kWindowCount> kAllWindows = detail::make_window_list();

}  // namespace orderchaos
