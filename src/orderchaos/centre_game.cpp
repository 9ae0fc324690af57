#include "orderchaos/centre_game.h"

#include <algorithm>
#include <bit>
#include <sstream>
#include <stdexcept>
#include <unordered_set>

#include "orderchaos/board.h"

namespace orderchaos::centre {

namespace {

constexpr int kRow = 4;

constexpr int row_of(int cell) {
  return cell / kRow;
}
constexpr int column_of(int cell) {
  return cell % kRow;
}

std::array<CellMask, kCentreLines> make_lines() {
  std::array<CellMask, kCentreLines> lines{};
  for (int i = 0; i < kRow; ++i)
    for (int j = 0; j < kRow; ++j) {
      lines[i] |= static_cast<CellMask>(1u << (i * kRow + j));         // row i
      lines[kRow + i] |= static_cast<CellMask>(1u << (j * kRow + i));  // column i
    }
  for (int j = 0; j < kRow; ++j) {
    lines[8] |= static_cast<CellMask>(1u << (j * kRow + j));
    lines[9] |= static_cast<CellMask>(1u << ((kRow - 1 - j) * kRow + j));
  }
  return lines;
}

// The geometric part (s & 7) of a symmetry on one cell: flip the columns, flip the rows,
// then transpose.
int map_cell(int cell, int s) {
  int r = row_of(cell), c = column_of(cell);
  if (s & 1) c = kRow - 1 - c;
  if (s & 2) r = kRow - 1 - r;
  if (s & 4) std::swap(r, c);
  return r * kRow + c;
}

std::array<std::array<int, kCells>, kSymmetries> make_cell_maps() {
  std::array<std::array<int, kCells>, kSymmetries> maps{};
  for (int s = 0; s < kSymmetries; ++s)
    for (int cell = 0; cell < kCells; ++cell) maps[s][cell] = map_cell(cell, s);
  return maps;
}

const std::array<std::array<int, kCells>, kSymmetries>& cell_maps() {
  static const auto maps = make_cell_maps();
  return maps;
}

CellMask map_mask(CellMask m, int s) {
  CellMask out = 0;
  for (; m; m &= static_cast<CellMask>(m - 1))
    out |= static_cast<CellMask>(1u << cell_maps()[s][std::countr_zero(m)]);
  return out;
}

// Three cells of one symbol and one empty cell on a line: the empty cell.
std::optional<int> completion_cell(CellMask line, CellMask mine, CellMask occupied) {
  if (std::popcount(static_cast<unsigned>(line & mine)) != 3) return std::nullopt;
  const CellMask empty = static_cast<CellMask>(line & ~occupied);
  if (empty == 0) return std::nullopt;
  return std::countr_zero(empty);
}

Centre with(const Centre& c, const CentreMove& m) {
  Centre next = c;
  (m.is_x ? next.x : next.o) |= static_cast<CellMask>(1u << m.cell);
  return next;
}

// Plies to a monochrome line with best play (Order hastens it, Chaos delays it), or kNever.
class Solver {
 public:
  static constexpr int kNever = 200;

  Solver() : memo_(43'046'721, 0) {  // 3^16
    for (unsigned m = 0; m < base3_.size(); ++m) {
      std::uint32_t v = 0, p = 1;
      for (int i = 0; i < kCells; ++i, p *= 3)
        if (m >> i & 1) v += p;
      base3_[m] = v;
    }
  }

  // `c` holds no monochrome line; the side to move follows from the count (Order: even).
  int plies(const Centre& c) {
    if (c.occupied() == 0xFFFF) return kNever;
    std::uint8_t& memo = memo_[base3_[c.x] + 2 * base3_[c.o]];
    if (memo != 0) return memo - 1;
    const bool order = std::popcount(static_cast<unsigned>(c.occupied())) % 2 == 0;
    int best = order ? kNever : 0;
    for (int cell = 0; cell < kCells && !(order ? best == 1 : best == kNever); ++cell) {
      if (c.occupied() >> cell & 1) continue;
      for (const bool is_x : {true, false}) {
        const int d = after(with(c, CentreMove{cell, is_x}));
        best = order ? std::min(best, d) : std::max(best, d);
      }
    }
    memo = static_cast<std::uint8_t>(best + 1);
    ++solved_;
    return best;
  }

  // Plies counted from the move that made `c`.
  int after(const Centre& c) { return has_monochrome_line(c) ? 1 : std::min(kNever, 1 + plies(c)); }

  std::size_t solved() const { return solved_; }

 private:
  std::vector<std::uint8_t> memo_;
  std::size_t solved_ = 0;
  std::array<std::uint32_t, 1 << kCells> base3_{};
};

CentreMove fastest_move(Solver& solver, const Centre& c) {
  CentreMove best{};
  int best_plies = Solver::kNever + 1;
  for (int cell = 0; cell < kCells; ++cell) {
    if (c.occupied() >> cell & 1) continue;
    for (const bool is_x : {true, false}) {
      const int d = solver.after(with(c, CentreMove{cell, is_x}));
      if (d < best_plies) {
        best_plies = d;
        best = CentreMove{cell, is_x};
      }
    }
  }
  return best;
}

char cell_char(const Centre& c, int cell) {
  if (c.x >> cell & 1) return 'x';
  if (c.o >> cell & 1) return 'o';
  return '.';
}

Centre parse_diagram(const std::string& text) {
  if (text.size() != 19) throw std::invalid_argument("a centre diagram has 4 groups of 4");
  Centre c;
  for (int group = 0; group < kRow; ++group) {
    if (group > 0 && text[group * 5 - 1] != '/')
      throw std::invalid_argument("groups are separated by '/'");
    for (int column = 0; column < kRow; ++column) {
      const char ch = text[group * 5 + column];
      const auto bit = static_cast<CellMask>(1u << ((kRow - 1 - group) * kRow + column));
      if (ch == 'x')
        c.x |= bit;
      else if (ch == 'o')
        c.o |= bit;
      else if (ch != '.')
        throw std::invalid_argument(std::string("bad cell '") + ch + "'");
    }
  }
  return c;
}

CentreMove parse_move(const std::string& text) {
  if (text.size() != 3 || (text[0] != 'X' && text[0] != 'O') || text[1] < 'b' || text[1] > 'e' ||
      text[2] < '2' || text[2] > '5')
    throw std::invalid_argument("bad centre move '" + text + "'");
  return CentreMove{(text[2] - '2') * kRow + (text[1] - 'b'), text[0] == 'X'};
}

std::string square_name(int square) {
  return {static_cast<char>('a' + file_of(square)), static_cast<char>('1' + rank_of(square))};
}

}  // namespace

const std::array<CellMask, kCentreLines>& centre_lines() {
  static const auto lines = make_lines();
  return lines;
}

int square_of(int cell) {
  return square_at(1 + column_of(cell), 1 + row_of(cell));
}

std::optional<int> cell_of(int square) {
  const int f = file_of(square) - 1, r = rank_of(square) - 1;
  if (f < 0 || f >= kRow || r < 0 || r >= kRow) return std::nullopt;
  return r * kRow + f;
}

const std::array<LineOfSix, kCentreLines>& lines_of_six() {
  static const auto lines = [] {
    std::array<LineOfSix, kCentreLines> out{};
    for (int i = 0; i < kCentreLines; ++i) {
      const CellMask m = centre_lines()[i];
      const int first = square_of(std::countr_zero(m));
      const int last = square_of(kCells - 1 - std::countl_zero(m));
      // One step along the line, from the first cell to the last (three steps apart).
      const int step = (last - first) / 3;
      out[i] = LineOfSix{m, {first - step, last + step}};
    }
    return out;
  }();
  return lines;
}

bool has_monochrome_line(const Centre& c) {
  for (const CellMask line : centre_lines())
    if ((c.x & line) == line || (c.o & line) == line) return true;
  return false;
}

Centre transform(const Centre& c, int s) {
  const CellMask x = map_mask(c.x, s), o = map_mask(c.o, s);
  return (s & 8) ? Centre{o, x} : Centre{x, o};
}

CentreMove transform(const CentreMove& m, int s) {
  return CentreMove{cell_maps()[s][m.cell], (s & 8) ? !m.is_x : m.is_x};
}

int inverse(int s) {
  for (int t = 0; t < kSymmetries; ++t) {
    if ((t & 8) != (s & 8)) continue;
    bool identity = true;
    for (int cell = 0; cell < kCells; ++cell)
      identity = identity && cell_maps()[t][cell_maps()[s][cell]] == cell;
    if (identity) return t;
  }
  return s;  // unreachable: the eight maps form a group
}

Canonical canonical(const Centre& c) {
  Canonical best{c, 0};
  for (int s = 1; s < kSymmetries; ++s) {
    const Centre image = transform(c, s);
    if (image.key() < best.centre.key()) best = Canonical{image, s};
  }
  return best;
}

std::optional<CentreMove> completing_move(const Centre& c) {
  for (const CellMask line : centre_lines()) {
    if (auto cell = completion_cell(line, c.x, c.occupied())) return CentreMove{*cell, true};
    if (auto cell = completion_cell(line, c.o, c.occupied())) return CentreMove{*cell, false};
  }
  return std::nullopt;
}

CentreTable solve_centre_game() {
  Solver solver;
  CentreTable table;
  table.plies_to_win = solver.plies(Centre{});
  std::unordered_set<std::uint32_t> seen;
  std::vector<Centre> pending{Centre{}};
  seen.insert(Centre{}.key());
  while (!pending.empty()) {
    const Centre c = pending.back();
    pending.pop_back();
    if (completing_move(c)) continue;  // wins at once
    const CentreMove move = fastest_move(solver, c);
    table.entries.emplace_back(c, move);
    const Centre after = with(c, move);
    for (int cell = 0; cell < kCells; ++cell) {
      if (after.occupied() >> cell & 1) continue;
      for (const bool is_x : {true, false}) {
        const Centre reply = with(after, CentreMove{cell, is_x});
        if (has_monochrome_line(reply)) continue;
        const Centre next = canonical(reply).centre;
        if (seen.insert(next.key()).second) pending.push_back(next);
      }
    }
  }
  table.classes_reached = seen.size();
  table.positions_solved = solver.solved();
  std::sort(table.entries.begin(), table.entries.end(),
            [](const auto& a, const auto& b) { return a.first.key() < b.first.key(); });
  return table;
}

std::optional<CentreMove> table_move(const CentreTable& table, const Centre& c) {
  const Canonical can = canonical(c);
  const auto it = std::lower_bound(
      table.entries.begin(), table.entries.end(), can.centre.key(),
      [](const auto& entry, std::uint32_t key) { return entry.first.key() < key; });
  if (it == table.entries.end() || !(it->first == can.centre)) return std::nullopt;
  return transform(it->second, inverse(can.symmetry));
}

std::string centre_diagram(const Centre& c) {
  std::string out;
  for (int row = kRow - 1; row >= 0; --row) {
    for (int column = 0; column < kRow; ++column) out += cell_char(c, row * kRow + column);
    if (row > 0) out += '/';
  }
  return out;
}

std::string centre_move_text(const CentreMove& m) {
  return std::string(1, m.is_x ? 'X' : 'O') + static_cast<char>('b' + column_of(m.cell)) +
         static_cast<char>('2' + row_of(m.cell));
}

std::string format_centre_strategy(const CentreTable& table) {
  std::ostringstream out;
  out << "orderchaos-centre-strategy 1\n"
      << "# Order wins Order and Chaos from the empty board, under both rule sets, by this\n"
      << "# strategy: answer a placement on a pair square with the other symbol on its\n"
      << "# partner, and win the centre (b2-e5) by the table below (each position once up to\n"
      << "# the 16 symmetries; where a centre line can be completed, Order completes it).\n"
      << "# Written by orderchaos-centre-strategy; verified by orderchaos-check-strategy.\n"
      << "# The argument: research/orderchaos-solving.md, \"Order wins both rule sets\".\n"
      << "rules original exact-five\n"
      << "winner order\n";
  for (const LineOfSix& line : lines_of_six())
    out << "pair " << square_name(line.ends[0]) << ' ' << square_name(line.ends[1]) << '\n';
  for (const auto& [centre, move] : table.entries)
    out << centre_diagram(centre) << ' ' << centre_move_text(move) << '\n';
  return out.str();
}

CentreTable parse_centre_strategy(std::string_view text) {
  CentreTable table;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string first, second, extra;
    words >> first >> second;
    if (first == "orderchaos-centre-strategy" || first == "rules" || first == "winner" ||
        first == "pair")
      continue;
    try {
      if (second.empty() || (words >> extra)) throw std::invalid_argument("expected DIAGRAM MOVE");
      const Centre c = parse_diagram(first);
      const CentreMove m = parse_move(second);
      if (c.occupied() >> m.cell & 1) throw std::invalid_argument("the move's cell is occupied");
      table.entries.emplace_back(c, m);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("line " + std::to_string(number) + ": " + e.what());
    }
  }
  std::sort(table.entries.begin(), table.entries.end(),
            [](const auto& a, const auto& b) { return a.first.key() < b.first.key(); });
  return table;
}

}  // namespace orderchaos::centre
