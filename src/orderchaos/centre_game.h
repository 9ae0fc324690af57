// The centre game that decides Order and Chaos (research/orderchaos-solving.md, "Order wins
// both rule sets"). The centre is the 4 x 4 block b2-e5; its ten lines (four ranks, four
// files, two diagonals) are the middle fours of the ten lines of six through it. In the
// centre game Order and Chaos alternate placements there, Order first, and Order wins when
// a centre line holds four equal symbols. Order wins it; this file solves it and writes
// the winning table that centre_strategy.h plays on the full board.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orderchaos::centre {

inline constexpr int kCells = 16;       // cell = row * 4 + column; row 0 is rank 2, column 0 file b
inline constexpr int kSymmetries = 16;  // 8 of the square, each with or without X/O exchange

using CellMask = std::uint16_t;

// A centre position: the cells holding X and those holding O.
struct Centre {
  CellMask x = 0, o = 0;
  CellMask occupied() const { return static_cast<CellMask>(x | o); }
  std::uint32_t key() const { return std::uint32_t{x} | std::uint32_t{o} << 16; }
  friend bool operator==(const Centre&, const Centre&) = default;
};

// A placement in the centre: a cell and whether the symbol is X.
struct CentreMove {
  int cell = 0;
  bool is_x = true;
  friend bool operator==(const CentreMove&, const CentreMove&) = default;
};

inline constexpr int kCentreLines = 10;
// The ten centre lines as cell masks (ranks 2-5, files b-e, then the two diagonals).
const std::array<CellMask, kCentreLines>& centre_lines();

// A centre line's line of six: its four cells and the two board squares beyond its ends
// (the line's "pair"), in the order of centre_lines().
struct LineOfSix {
  CellMask middle = 0;
  std::array<int, 2> ends{};
};
const std::array<LineOfSix, kCentreLines>& lines_of_six();

// The board square (rank * 6 + file, a1 = 0) of a cell, and the cell of a square (none
// outside the centre).
int square_of(int cell);
std::optional<int> cell_of(int square);

// Whether some centre line holds four equal symbols.
bool has_monochrome_line(const Centre& c);

// The image of a position and of a cell under symmetry s (0..15; s & 8 exchanges X and O).
Centre transform(const Centre& c, int s);
CentreMove transform(const CentreMove& m, int s);
// The symmetry inverting s.
int inverse(int s);

// The position's canonical image (the least key over the 16 images) and the first
// symmetry that gives it.
struct Canonical {
  Centre centre;
  int symmetry = 0;
};
Canonical canonical(const Centre& c);

// Order's immediate completion: a cell that makes four equal symbols on a centre line
// (the first such line in centre_lines() order, X before O), if any.
std::optional<CentreMove> completing_move(const Centre& c);

// The winning table: for every centre class Order reaches when it plays the table against
// every Chaos reply (from the empty centre) and where no completion is at hand, Order's move
// in the class's canonical image. Order plays, among the moves that win fastest, the first
// in cell order, X before O.
struct CentreTable {
  std::vector<std::pair<Centre, CentreMove>> entries;  // sorted by key
  std::size_t classes_reached = 0;                     // Order-to-move classes, completions too
  int plies_to_win = 0;                                // from the empty centre, best play
  std::size_t positions_solved = 0;                    // centre positions the solver valued
};
CentreTable solve_centre_game();

// The move the table gives in `c` (any orientation; Order to move), if the table holds it.
std::optional<CentreMove> table_move(const CentreTable& table, const Centre& c);

// The certificate file (format: tools/orderchaos_strategy_check/centre_check.h).
std::string format_centre_strategy(const CentreTable& table);
// Reads the table lines of such a file; throws std::invalid_argument naming the line.
CentreTable parse_centre_strategy(std::string_view text);

// Diagram and move text as in that file: "x.o./..../.o../...." (rank 5 first) and "Xc3".
std::string centre_diagram(const Centre& c);
std::string centre_move_text(const CentreMove& m);

}  // namespace orderchaos::centre
