#include "centre_check.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace strategy_check {

namespace {

// ---- The 6 x 6 board: squares file + 6 * rank, a1 = 0, f6 = 35. -------------------------

constexpr int kSide = 6;
constexpr int kSquares = kSide * kSide;

bool on_board(int file, int rank) {
  return file >= 0 && file < kSide && rank >= 0 && rank < kSide;
}
int square_of(int file, int rank) {
  return file + kSide * rank;
}
std::string square_name(int sq) {
  return std::string{static_cast<char>('a' + sq % kSide), static_cast<char>('1' + sq / kSide)};
}
std::optional<int> parse_square(const std::string& text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'f' || text[1] < '1' || text[1] > '6')
    return std::nullopt;
  return square_of(text[0] - 'a', text[1] - '1');
}

// ---- The centre: b2-e5 as 16 cells, cell = (file - 1) + 4 * (rank - 1). -----------------

constexpr int kCells = 16;
constexpr int kCentreLines = 10;
using Mask = std::uint16_t;  // a set of cells

bool in_centre(int file, int rank) {
  return file >= 1 && file <= 4 && rank >= 1 && rank <= 4;
}
int cell_of_square(int sq) {
  return (sq % kSide - 1) + 4 * (sq / kSide - 1);
}
int square_of_cell(int cell) {
  return square_of(cell % 4 + 1, cell / 4 + 1);
}

// A line of six through the centre: its squares in order along it, ends first and last.
struct LineOfSix {
  std::array<int, 6> squares{};
  int file_step = 0, rank_step = 0;
  Mask middle = 0;  // its middle four, a centre line
};

// Every line of six squares on the board (all edge to edge on a 6 x 6 board) whose middle
// four lie in the centre, found by walking the board in the four directions.
std::vector<LineOfSix> lines_through_centre() {
  constexpr int directions[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  std::vector<LineOfSix> lines;
  for (const auto& d : directions)
    for (int start = 0; start < kSquares; ++start) {
      const int f0 = start % kSide, r0 = start / kSide;
      if (on_board(f0 - d[0], r0 - d[1])) continue;  // not the first square of its line
      std::vector<int> squares;
      for (int f = f0, r = r0; on_board(f, r); f += d[0], r += d[1])
        squares.push_back(square_of(f, r));
      if (squares.size() != 6) continue;
      LineOfSix line;
      std::copy(squares.begin(), squares.end(), line.squares.begin());
      line.file_step = d[0];
      line.rank_step = d[1];
      bool middle_in_centre = true;
      for (int i = 1; i <= 4; ++i) {
        const int sq = squares[i];
        middle_in_centre = middle_in_centre && in_centre(sq % kSide, sq / kSide);
        if (middle_in_centre) line.middle |= Mask(1u << cell_of_square(sq));
      }
      if (middle_in_centre) lines.push_back(line);
    }
  return lines;
}

// ---- Symmetries of the centre: 8 of the square, times exchanging X and O. ----------------

class Symmetries {
 public:
  Symmetries() {
    for (int g = 0; g < 8; ++g) {
      for (int cell = 0; cell < kCells; ++cell) {
        int f = cell % 4, r = cell / 4;
        if (g & 4) std::swap(f, r);
        if (g & 1) f = 3 - f;
        if (g & 2) r = 3 - r;
        perm_[g][cell] = f + 4 * r;
        inverse_[g][f + 4 * r] = cell;
      }
      for (int byte = 0; byte < 256; ++byte) {
        Mask lo = 0, hi = 0;
        for (int bit = 0; bit < 8; ++bit)
          if (byte >> bit & 1) {
            lo |= Mask(1u << perm_[g][bit]);
            hi |= Mask(1u << perm_[g][bit + 8]);
          }
        low_[g][byte] = lo;
        high_[g][byte] = hi;
      }
    }
  }
  Mask map(int g, Mask m) const { return low_[g][m & 255] | high_[g][m >> 8]; }
  int cell_back(int g, int c) const { return inverse_[g][c]; }

 private:
  std::array<std::array<int, kCells>, 8> perm_{}, inverse_{};
  std::array<std::array<Mask, 256>, 8> low_{}, high_{};
};

// A centre position: the cells holding X and those holding O.
struct Centre {
  Mask x = 0, o = 0;
  std::uint32_t key() const { return std::uint32_t{x} | std::uint32_t{o} << 16; }
};

// Image i of 16 (fixed order): geometric symmetry i % 8, X and O exchanged when i >= 8.
Centre image(const Symmetries& sym, const Centre& c, int i) {
  const int g = i % 8;
  const bool swap = i >= 8;
  return Centre{sym.map(g, swap ? c.o : c.x), sym.map(g, swap ? c.x : c.o)};
}

std::uint32_t canonical(const Symmetries& sym, const Centre& c) {
  std::uint32_t best = UINT32_MAX;
  for (int i = 0; i < 16; ++i) best = std::min(best, image(sym, c, i).key());
  return best;
}

bool has_four(const std::vector<Mask>& lines, const Centre& c) {
  for (const Mask m : lines)
    if ((c.x & m) == m || (c.o & m) == m) return true;
  return false;
}

std::string diagram(const Centre& c) {
  std::string out;
  for (int r = 3; r >= 0; --r) {
    for (int f = 0; f < 4; ++f) {
      const int bit = 1 << (f + 4 * r);
      out += (c.x & bit) ? 'x' : (c.o & bit) ? 'o' : '.';
    }
    if (r) out += '/';
  }
  return out;
}

std::string move_name(bool is_x, int cell) {
  std::string out(1, is_x ? 'X' : 'O');
  return out += square_name(square_of_cell(cell));
}

// ---- The file. ------------------------------------------------------------------------------

struct Entry {
  Centre position;
  bool is_x = true;
  int cell = 0;
  int line = 0;  // in the file
};

struct CentreFile {
  bool original = false, exact_five = false;
  std::vector<std::pair<int, int>> pairs;  // squares
  std::vector<int> pair_lines;
  std::vector<Entry> entries;
};

[[noreturn]] void refuse(int line, const std::string& why) {
  throw std::invalid_argument("line " + std::to_string(line) + ": " + why);
}

Centre parse_diagram(const std::string& text, int line) {
  const auto bad = [&](const std::string& why) {
    refuse(line, "bad diagram '" + text + "': " + why);
  };
  if (text.size() != 19) bad("it should be four groups of four squares joined by '/'");
  Centre c;
  for (int g = 0; g < 4; ++g) {
    if (g && text[5 * g - 1] != '/') bad("it should be four groups of four squares joined by '/'");
    for (int f = 0; f < 4; ++f) {
      const char ch = text[5 * g + f];
      const Mask bit = Mask(1u << (f + 4 * (3 - g)));
      if (ch == 'x')
        c.x |= bit;
      else if (ch == 'o')
        c.o |= bit;
      else if (ch != '.')
        bad(std::string("the character '") + ch + "' is not x, o or .");
    }
  }
  return c;
}

Entry parse_entry(const std::string& diagram_text, const std::string& move, int line) {
  Entry e;
  e.line = line;
  e.position = parse_diagram(diagram_text, line);
  const auto square = move.size() == 3 ? parse_square(move.substr(1)) : std::nullopt;
  if ((move[0] != 'X' && move[0] != 'O') || !square)
    refuse(line, "bad move '" + move + "': it should be X or O and a square, as Xc3");
  if (!in_centre(*square % kSide, *square / kSide))
    refuse(line, "the move '" + move + "' is outside the centre (b2-e5)");
  e.is_x = move[0] == 'X';
  e.cell = cell_of_square(*square);
  return e;
}

CentreFile parse_file(const std::string& text) {
  CentreFile file;
  std::istringstream in(text);
  bool seen_header = false, seen_rules = false, seen_winner = false;
  int number = 0;
  for (std::string raw; std::getline(in, raw);) {
    ++number;
    std::istringstream words(raw);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.empty() || w[0][0] == '#') continue;
    if (!seen_header) {
      if (w[0] != "orderchaos-centre-strategy")
        refuse(number, "expected 'orderchaos-centre-strategy 1'");
      if (w.size() != 2 || w[1] != "1")
        refuse(number, "unknown version: only 'orderchaos-centre-strategy 1' is read");
      seen_header = true;
    } else if (w[0] == "rules") {
      if (seen_rules) refuse(number, "a second 'rules' line");
      seen_rules = true;
      if (w.size() < 2) refuse(number, "'rules' names no rule set");
      for (std::size_t i = 1; i < w.size(); ++i) {
        bool* claimed = w[i] == "original"     ? &file.original
                        : w[i] == "exact-five" ? &file.exact_five
                                               : nullptr;
        if (!claimed) refuse(number, "unknown rules '" + w[i] + "'");
        if (*claimed) refuse(number, "the rules '" + w[i] + "' are named twice");
        *claimed = true;
      }
    } else if (w[0] == "winner") {
      if (seen_winner) refuse(number, "a second 'winner' line");
      seen_winner = true;
      if (w.size() != 2) refuse(number, "expected 'winner order'");
      if (w[1] == "chaos")
        refuse(number,
               "'winner chaos' is not supported: a centre strategy is a strategy for Order");
      if (w[1] != "order") refuse(number, "unknown winner '" + w[1] + "'");
    } else if (w[0] == "pair") {
      if (w.size() != 3) refuse(number, "expected 'pair SQUARE SQUARE'");
      const auto a = parse_square(w[1]), b = parse_square(w[2]);
      if (!a) refuse(number, "bad square '" + w[1] + "'");
      if (!b) refuse(number, "bad square '" + w[2] + "'");
      if (*a == *b) refuse(number, "a pair of one square twice");
      file.pairs.emplace_back(*a, *b);
      file.pair_lines.push_back(number);
    } else if (w.size() == 2) {
      file.entries.push_back(parse_entry(w[0], w[1], number));
    } else {
      refuse(number,
             "expected a 'rules', 'winner' or 'pair' line or 'DIAGRAM MOVE', got '" + raw + "'");
    }
  }
  if (!seen_header) throw std::invalid_argument("no 'orderchaos-centre-strategy 1' line");
  if (!seen_rules) throw std::invalid_argument("no 'rules' line");
  if (!seen_winner) throw std::invalid_argument("no 'winner' line");
  return file;
}

// ---- (A) The pairs are the ends of the lines of six through the centre. ---------------------

void check_pairs(const CentreFile& file, const std::vector<LineOfSix>& lines) {
  std::map<std::pair<int, int>, int> ends;  // ends (smaller square first) -> line of six
  std::uint64_t covered = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int a = lines[i].squares[0], b = lines[i].squares[5];
    ends[{std::min(a, b), std::max(a, b)}] = static_cast<int>(i);
    covered |= std::uint64_t{1} << a | std::uint64_t{1} << b;
  }
  // The ends are 20 squares, none in the centre: with the 16 of the centre, the board.
  if (std::popcount(covered) != kSquares - kCells)
    throw std::invalid_argument("the lines of six through the centre do not pair the outside");
  for (int sq = 0; sq < kSquares; ++sq)
    if ((covered >> sq & 1) && in_centre(sq % kSide, sq / kSide))
      throw std::invalid_argument("the lines of six through the centre do not pair the outside");
  std::vector<bool> matched(lines.size(), false);
  for (std::size_t p = 0; p < file.pairs.size(); ++p) {
    const auto [a, b] = file.pairs[p];
    const auto it = ends.find({std::min(a, b), std::max(a, b)});
    const std::string name = square_name(a) + " " + square_name(b);
    if (it == ends.end())
      refuse(file.pair_lines[p], "the pair " + name +
                                     " is not the two ends of a line of six whose middle four "
                                     "lie in the centre");
    if (matched[it->second]) refuse(file.pair_lines[p], "the pair " + name + " is listed twice");
    matched[it->second] = true;
  }
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (!matched[i])
      throw std::invalid_argument("no pair for the ends " + square_name(lines[i].squares[0]) + " " +
                                  square_name(lines[i].squares[5]) + " of a line of six");
}

// ---- (B) The entries. -----------------------------------------------------------------------

// Refuses an entry that is not a position Order meets (Order to move, no four yet) or whose
// move is on an occupied square, and two entries that are one position up to symmetry.
void check_entries(const CentreFile& file, const std::vector<Mask>& lines, const Symmetries& sym) {
  std::unordered_map<std::uint32_t, int> by_class;
  by_class.reserve(file.entries.size() * 2);
  for (std::size_t i = 0; i < file.entries.size(); ++i) {
    const Entry& e = file.entries[i];
    const std::string d = diagram(e.position);
    if (std::popcount(Mask(e.position.x | e.position.o)) % 2)
      refuse(e.line, "the diagram '" + d +
                         "' is not a position with Order to move (an odd number of symbols)");
    if (has_four(lines, e.position))
      refuse(e.line, "the diagram '" + d + "' already has a centre line of four equal symbols");
    if ((e.position.x | e.position.o) >> e.cell & 1)
      refuse(e.line, "the move '" + move_name(e.is_x, e.cell) + "' goes on an occupied square");
    const auto [it, fresh] = by_class.emplace(canonical(sym, e.position), static_cast<int>(i));
    if (!fresh) {
      const Entry& first = file.entries[it->second];
      throw std::invalid_argument("entries " + std::to_string(it->second + 1) + " and " +
                                  std::to_string(i + 1) + " (lines " + std::to_string(first.line) +
                                  " and " + std::to_string(e.line) +
                                  ") are the same position up to symmetry");
    }
  }
}

// ---- (C) The centre game. -------------------------------------------------------------------

class CentreGame {
 public:
  CentreGame(const CentreFile& file, std::vector<Mask> lines, const Symmetries& sym)
      : file_(file), lines_(std::move(lines)), sym_(sym), used_(file.entries.size(), false) {
    for (std::size_t i = 0; i < file.entries.size(); ++i)
      table_.emplace(file.entries[i].position.key(), static_cast<int>(i));
    seen_.reserve(1 << 17);
  }

  // Empty when Order, from `c` (Order to move), reaches four equal symbols on a centre line
  // before the centre fills, whatever Chaos plays in it; else why not.
  std::string order_turn(const Centre& c) {
    if (!seen_.insert(canonical(sym_, c)).second) return "";
    const Mask empty = Mask(~(c.x | c.o));
    // Rule 3: a centre line of three S and an empty square is completed (four S at once).
    for (const Mask m : lines_)
      if (std::popcount(Mask(m & empty)) == 1 &&
          (std::popcount(Mask(m & c.x)) == 3 || std::popcount(Mask(m & c.o)) == 3))
        return "";
    // Rule 4: the table, through the first image of `c` that is an entry.
    for (int i = 0; i < 16; ++i) {
      const auto it = table_.find(image(sym_, c, i).key());
      if (it == table_.end()) continue;
      const Entry& e = file_.entries[it->second];
      used_[it->second] = true;
      const int cell = sym_.cell_back(i % 8, e.cell);
      const bool is_x = e.is_x != (i >= 8);
      if (!(empty >> cell & 1))
        return "the entry of line " + std::to_string(e.line) + " maps to the occupied square " +
               square_name(square_of_cell(cell)) + " in " + diagram(c);
      Centre next = c;
      (is_x ? next.x : next.o) |= Mask(1u << cell);
      path_.push_back(move_name(is_x, cell));
      std::string why = has_four(lines_, next) ? "" : chaos_turn(next);
      path_.pop_back();
      return why;
    }
    return "no entry for centre position " + diagram(c) + " (Order to move)" + reached_by();
  }

  std::size_t classes() const { return seen_.size(); }
  std::size_t entries_used() const { return std::count(used_.begin(), used_.end(), true); }

 private:
  std::string chaos_turn(const Centre& c) {
    for (int cell = 0; cell < kCells; ++cell) {
      if ((c.x | c.o) >> cell & 1) continue;
      for (const bool is_x : {true, false}) {
        Centre next = c;
        (is_x ? next.x : next.o) |= Mask(1u << cell);
        if (has_four(lines_, next)) continue;
        path_.push_back(move_name(is_x, cell));
        std::string why =
            (next.x | next.o) == 0xffff
                ? "the centre fills without a line of four equal symbols: " + diagram(next) +
                      reached_by()
                : order_turn(next);
        path_.pop_back();
        if (!why.empty()) return why;
      }
    }
    return "";
  }

  std::string reached_by() const {
    if (path_.empty()) return "";
    std::string out = ", reached by";
    for (const auto& m : path_) out += " " + m;
    return out;
  }

  const CentreFile& file_;
  std::vector<Mask> lines_;
  const Symmetries& sym_;
  std::unordered_map<std::uint32_t, int> table_;  // exact key -> entry
  std::unordered_set<std::uint32_t> seen_;        // canonical keys, Order to move
  std::vector<bool> used_;
  std::vector<std::string> path_;  // the centre moves from the empty centre
};

// ---- (D) The finish, on the whole board. ----------------------------------------------------

struct Board {
  std::uint64_t x = 0, o = 0;
  void put(int sq, bool is_x) { (is_x ? x : o) |= std::uint64_t{1} << sq; }
  bool empty(int sq) const { return !((x | o) >> sq & 1); }
  // 0 empty (or off the board), 1 X, 2 O.
  int at(int file, int rank) const {
    if (!on_board(file, rank)) return 0;
    const int sq = square_of(file, rank);
    return (x >> sq & 1) ? 1 : (o >> sq & 1) ? 2 : 0;
  }
};

// The run of equal symbols through the occupied square `sq` along (df, dr), both ways: read
// square by square until another symbol, an empty square or the board's edge.
int run_length(const Board& b, int sq, int df, int dr) {
  const int f = sq % kSide, r = sq / kSide, s = b.at(f, r);
  int run = 1;
  for (int k = 1; s && b.at(f + k * df, r + k * dr) == s; ++k) ++run;
  for (int k = 1; s && b.at(f - k * df, r - k * dr) == s; ++k) ++run;
  return run;
}

bool run_wins(int run, bool exact_five) {
  return exact_five ? run == 5 : run >= 5;
}

// Whether a winning run stands anywhere on the board (five or more; exactly five under
// exact-five, where a six in one direction does not spoil a five in another).
bool order_has_won(const Board& b, bool exact_five) {
  constexpr int directions[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (int sq = 0; sq < kSquares; ++sq) {
    if (b.empty(sq)) continue;
    for (const auto& d : directions)
      if (run_wins(run_length(b, sq, d[0], d[1]), exact_five)) return true;
  }
  return false;
}

struct Placement {
  int square = 0;
  bool is_x = true;
};

// Rule 1 on `b`: for the first centre line of four equal symbols S, S on the empty end when
// the other holds the other symbol; both ends when both are empty (the strategy may take
// either, so both are returned to be checked). Nothing when there is no such line, or an
// end holds S (a five stood already).
std::vector<Placement> finish_moves(const Board& b, const std::vector<LineOfSix>& lines) {
  for (const LineOfSix& line : lines) {
    const auto& s = line.squares;
    const auto at = [&](int sq) { return b.at(sq % kSide, sq / kSide); };
    const int symbol = at(s[1]);
    if (!symbol || at(s[2]) != symbol || at(s[3]) != symbol || at(s[4]) != symbol) continue;
    const int end_a = at(s[0]), end_b = at(s[5]);
    if (end_a == symbol || end_b == symbol) return {};
    std::vector<Placement> out;
    if (!end_a) out.push_back({s[0], symbol == 1});
    if (!end_b) out.push_back({s[5], symbol == 1});
    return out;
  }
  return {};
}

std::string rules_name(bool exact_five) {
  return exact_five ? "exact-five" : "original";
}

std::string check_finish(const std::vector<LineOfSix>& lines, bool exact_five) {
  const std::string rules = " under " + rules_name(exact_five);
  for (const LineOfSix& line : lines) {
    const auto& s = line.squares;
    const std::string name = "the line " + square_name(s[0]) + "-" + square_name(s[5]);
    for (const bool s_is_x : {true, false}) {
      const std::string sym = s_is_x ? "X" : "O";
      Board four;
      for (int i = 1; i <= 4; ++i) four.put(s[i], s_is_x);
      // (i) Ends S and T, both ways round: a win; (iii) also with every other square filled
      // in fixed patterns, read along the line from its S end. The line runs edge to edge,
      // so nothing off it can lengthen or cut that run.
      for (const bool s_first : {true, false}) {
        Board b = four;
        const int s_end = s_first ? s[0] : s[5], t_end = s_first ? s[5] : s[0];
        b.put(s_end, s_is_x);
        b.put(t_end, !s_is_x);
        if (!order_has_won(b, exact_five))
          return name + " with " + sym + " on its middle four and " + sym + " on " +
                 square_name(s_end) + ", the other symbol on " + square_name(t_end) +
                 ", is not a win" + rules;
        for (int pattern = 0; pattern < 3; ++pattern) {
          Board filled = b;
          for (int sq = 0; sq < kSquares; ++sq)
            if (filled.empty(sq))
              filled.put(sq, pattern == 0 || (pattern == 2 && (sq % kSide + sq / kSide) % 2));
          if (!run_wins(run_length(filled, s_end, line.file_step, line.rank_step), exact_five))
            return name + " with " + sym + " on its middle four and " + square_name(s_end) +
                   " is not a win" + rules + " once the other squares are filled (pattern " +
                   std::to_string(pattern) + ")";
        }
      }
      // (ii) Both ends empty: Order to move at once (Chaos's placement made the four), or
      // after any placement of Chaos, which either wins for Order already or is answered
      // by rule 1 with a win.
      if (order_has_won(four, exact_five)) return name + ": four already win" + rules;
      std::vector<std::pair<Board, std::string>> turns{{four, "with Order to move"}};
      for (int sq = 0; sq < kSquares; ++sq)
        for (const bool is_x : {true, false})
          if (four.empty(sq)) {
            Board b = four;
            b.put(sq, is_x);
            if (order_has_won(b, exact_five)) continue;
            turns.emplace_back(
                b, std::string("after Chaos's ") + (is_x ? "X" : "O") + square_name(sq));
          }
      for (const auto& [b, when] : turns) {
        const auto moves = finish_moves(b, lines);
        if (moves.empty())
          return name + " with " + sym + " on its middle four, " + when +
                 ": the finish rule gives no move" + rules;
        for (const Placement& p : moves) {
          Board after = b;
          after.put(p.square, p.is_x);
          if (!order_has_won(after, exact_five))
            return name + " with " + sym + " on its middle four, " + when + ": Order's " +
                   (p.is_x ? "X" : "O") + square_name(p.square) + " does not win" + rules;
        }
      }
    }
  }
  return "";
}

}  // namespace

Verdict check_centre_strategy(const std::string& text) {
  Verdict v;
  try {
    const CentreFile file = parse_file(text);
    const std::vector<LineOfSix> lines = lines_through_centre();
    std::vector<Mask> centre_lines;
    for (const LineOfSix& line : lines) centre_lines.push_back(line.middle);
    if (centre_lines.size() != kCentreLines)
      throw std::invalid_argument("the board should have ten lines of six through the centre");
    check_pairs(file, lines);
    const Symmetries sym;
    check_entries(file, centre_lines, sym);
    CentreGame game(file, centre_lines, sym);
    const std::string why = game.order_turn(Centre{});
    v.positions = game.classes();
    v.entries = file.entries.size();
    v.entries_used = game.entries_used();
    if (!why.empty()) throw std::invalid_argument(why);
    for (const bool exact_five : {false, true}) {
      if (!(exact_five ? file.exact_five : file.original)) continue;
      const std::string finish = check_finish(lines, exact_five);
      if (!finish.empty()) throw std::invalid_argument(finish);
    }
    const std::string rule_sets = file.original && file.exact_five
                                      ? "original and exact-five"
                                      : rules_name(file.exact_five && !file.original);
    v.summary = "centre strategy for " + rule_sets + ", " + std::to_string(v.entries) +
                " table entries (" + std::to_string(v.entries_used) + " used), " +
                std::to_string(v.positions) + " centre classes, finish checked on " +
                std::to_string(lines.size()) + " lines";
    v.ok = true;
  } catch (const std::invalid_argument& e) {
    v.reason = e.what();
  }
  return v;
}

}  // namespace strategy_check
