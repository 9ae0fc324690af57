// Centre-strategy files (tools/orderchaos_strategy_check/centre_check.h): the committed
// file src/orderchaos/centre_strategy.txt is verified for both rule sets, and so is a table
// that a small solver in this file writes; files with a wrong pair, a repeated or malformed
// entry, a missing or a changed move, or a false claim are refused, each with its reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "strategy_check.h"

namespace {

using strategy_check::check_strategy;
using strategy_check::Verdict;

// ---- A small solver of the centre game, to write a winning table independently of src/. ---
// Cells: (file - b) + 4 * (rank - 2); Order wins when one of the ten lines holds four equal
// symbols; Order moves first.

using Mask = std::uint16_t;

struct Centre {
  Mask x = 0, o = 0;
  std::uint32_t key() const { return std::uint32_t{x} | std::uint32_t{o} << 16; }
};

const std::array<Mask, 10>& lines() {
  static const std::array<Mask, 10> all = [] {
    std::array<Mask, 10> out{};
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        out[i] |= Mask(1u << (j + 4 * i));      // rank
        out[4 + i] |= Mask(1u << (i + 4 * j));  // file
      }
    for (int i = 0; i < 4; ++i) {
      out[8] |= Mask(1u << (i + 4 * i));
      out[9] |= Mask(1u << (i + 4 * (3 - i)));
    }
    return out;
  }();
  return all;
}

bool four(const Centre& c) {
  return std::any_of(lines().begin(), lines().end(),
                     [&](Mask m) { return (c.x & m) == m || (c.o & m) == m; });
}

// Whether a line holds three equal symbols and an empty square (Order completes it).
bool completes(const Centre& c) {
  const Mask empty = Mask(~(c.x | c.o));
  return std::any_of(lines().begin(), lines().end(), [&](Mask m) {
    return std::popcount(Mask(m & empty)) == 1 &&
           (std::popcount(Mask(m & c.x)) == 3 || std::popcount(Mask(m & c.o)) == 3);
  });
}

int mapped_cell(int g, int cell) {
  int f = cell % 4, r = cell / 4;
  if (g & 1) f = 3 - f;
  if (g & 2) r = 3 - r;
  if (g & 4) std::swap(f, r);
  return f + 4 * r;
}

Mask mapped(int g, Mask m) {
  // By bytes: table[g][half][byte] is the image of the byte's cells.
  static const auto table = [] {
    std::array<std::array<std::array<Mask, 256>, 2>, 8> t{};
    for (int sym = 0; sym < 8; ++sym)
      for (int half = 0; half < 2; ++half)
        for (int byte = 0; byte < 256; ++byte)
          for (int bit = 0; bit < 8; ++bit)
            if (byte >> bit & 1) t[sym][half][byte] |= Mask(1u << mapped_cell(sym, bit + 8 * half));
    return t;
  }();
  return table[g][0][m & 255] | table[g][1][m >> 8];
}

// Image g of 16: geometric symmetry g % 8, then X and O exchanged when g >= 8.
Centre image(const Centre& c, int g) {
  const Centre turned{mapped(g % 8, c.x), mapped(g % 8, c.o)};
  return g >= 8 ? Centre{turned.o, turned.x} : turned;
}

std::uint32_t canonical(const Centre& c) {
  std::uint32_t best = UINT32_MAX;
  for (int g = 0; g < 16; ++g) best = std::min(best, image(c, g).key());
  return best;
}

Centre with(Centre c, int cell, bool is_x) {
  (is_x ? c.x : c.o) |= Mask(1u << cell);
  return c;
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

Centre parse_diagram(const std::string& text) {
  Centre c;
  for (int cell = 0; cell < 16; ++cell) {
    const char ch = text[5 * (3 - cell / 4) + cell % 4];
    if (ch != '.') c = with(c, cell, ch == 'x');
  }
  return c;
}

std::string move_text(int cell, bool is_x) {
  return std::string(is_x ? "X" : "O") + char('b' + cell % 4) + char('2' + cell / 4);
}

class Solver {
 public:
  // A move of Order from `c` (Order to move, no four) that reaches four before the centre
  // fills whatever Chaos plays; cell -1 when there is none.
  std::pair<int, bool> winning_move(const Centre& c) {
    const Mask empty = Mask(~(c.x | c.o));
    for (int cell = 0; cell < 16; ++cell)
      for (const bool is_x : {true, false})
        if ((empty >> cell & 1) && wins_after(with(c, cell, is_x))) return {cell, is_x};
    return {-1, true};
  }
  // After a move of Order: four now, or every reply of Chaos is four or a win.
  bool wins_after(const Centre& c) {
    if (four(c)) return true;
    const Mask empty = Mask(~(c.x | c.o));
    for (int cell = 0; cell < 16; ++cell)
      for (const bool is_x : {true, false}) {
        if (!(empty >> cell & 1)) continue;
        const Centre next = with(c, cell, is_x);
        if (four(next)) continue;
        if ((next.x | next.o) == 0xffff || !wins(next)) return false;
      }
    return true;
  }

 private:
  bool wins(const Centre& c) {
    if (completes(c)) return true;
    const std::uint32_t key = canonical(c);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    const bool won = winning_move(c).first >= 0;
    memo_[key] = won;
    return won;
  }
  std::unordered_map<std::uint32_t, bool> memo_;
};

Solver& solver() {
  static Solver shared;
  return shared;
}

const char* const kHeader =
    "orderchaos-centre-strategy 1\n"
    "# written by the test's solver\n"
    "rules original exact-five\n"
    "winner order\n";
const char* const kPairs =
    "pair a2 f2\npair a3 f3\npair a4 f4\npair a5 f5\n"
    "pair b6 b1\npair c1 c6\npair d1 d6\npair e1 e6\n"
    "pair a1 f6\npair f1 a6\n";

// Two entries, lines 15 and 16: not a win (the first reply of Chaos has no entry), but a
// file that each check before the centre game passes.
const char* const kTwoEntries = "..../..../..../.... Xb2\n..../..../..../xo.. Xd3\n";

struct Table {
  std::vector<std::pair<std::string, std::string>> entries;  // diagram, move
  std::string text() const {
    std::string out = std::string(kHeader) + kPairs;
    for (const auto& [d, m] : entries) out += d + " " + m + "\n";
    return out;
  }
};

// A table for the checker: one entry for each class Order meets, against every reply of
// Chaos, where no line can be completed (the position as first met). The move is the
// solver's, or `forced` where that names the position (exactly, as met); where Order has
// no winning move (only after a forced move), the first empty square with X.
Table solve_table(const std::unordered_map<std::uint32_t, std::pair<int, bool>>& forced = {}) {
  Table table;
  std::unordered_set<std::uint32_t> seen;
  std::vector<Centre> stack{Centre{}};
  while (!stack.empty()) {
    const Centre c = stack.back();
    stack.pop_back();
    if (!seen.insert(canonical(c)).second || completes(c)) continue;
    const auto force = forced.find(c.key());
    auto [cell, is_x] = force != forced.end() ? force->second : solver().winning_move(c);
    if (cell < 0) cell = std::countr_zero(Mask(~(c.x | c.o)));
    table.entries.emplace_back(diagram(c), move_text(cell, is_x));
    const Centre after = with(c, cell, is_x);
    if (four(after)) continue;
    for (int reply = 0; reply < 16; ++reply)
      for (const bool reply_x : {true, false})
        if (!((after.x | after.o) >> reply & 1)) {
          const Centre next = with(after, reply, reply_x);
          if (!four(next) && (next.x | next.o) != 0xffff) stack.push_back(next);
        }
  }
  return table;
}

const Table& solved() {
  static const Table table = solve_table();
  return table;
}

std::string replace_once(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

void expect_refused(const std::string& text, const std::string& reason_part) {
  const Verdict v = check_strategy(text);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.reason.find(reason_part), std::string::npos) << v.reason;
}

std::string read_committed_file() {
  std::ifstream file(ORDO_SOURCE_DIR "/src/orderchaos/centre_strategy.txt");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// ---- The committed file. ----------------------------------------------------------------

TEST(CentreStrategyFile, CommittedFileIsVerifiedForBothRuleSets) {
  const std::string text = read_committed_file();
  ASSERT_FALSE(text.empty()) << "src/orderchaos/centre_strategy.txt is missing";
  const Verdict v = check_strategy(text);
  ASSERT_TRUE(v.ok) << v.reason;
  EXPECT_NE(v.summary.find("centre strategy for original and exact-five"), std::string::npos)
      << v.summary;
  EXPECT_NE(v.summary.find("finish checked on 10 lines"), std::string::npos) << v.summary;
  EXPECT_GT(v.entries, 0u);
  EXPECT_GT(v.entries_used, 0u);
  EXPECT_LE(v.entries_used, v.entries);
  EXPECT_GT(v.positions, v.entries_used);
}

TEST(CentreStrategyFile, ChangingAMoveOfTheCommittedFileIsRefused) {
  // Each of the first 20 entries, its move sent to the first other empty square (same
  // symbol): the changed strategies lead where the table has no entry, or lose; at least
  // one of them is refused, and a refusal names the position.
  const std::string text = read_committed_file();
  ASSERT_FALSE(text.empty());
  std::istringstream in(text);
  std::vector<std::string> lines_of_file;
  for (std::string line; std::getline(in, line);) lines_of_file.push_back(line);
  int changed = 0, refused = 0;
  for (std::size_t i = 0; i < lines_of_file.size() && changed < 20; ++i) {
    const std::string& line = lines_of_file[i];
    if (line.size() != 23 || line[19] != ' ') continue;  // "DIAGRAM Xc3"
    const std::string diagram_text = line.substr(0, 19);
    const int cell = (line[21] - 'b') + 4 * (line[22] - '2');
    for (int other = 0; other < 16; ++other) {
      const int column = 5 * (3 - other / 4) + other % 4;  // its character in the diagram
      if (other == cell || diagram_text[column] != '.') continue;
      std::vector<std::string> copy = lines_of_file;
      copy[i] = diagram_text + " " + move_text(other, line[20] == 'X');
      std::string mutated;
      for (const auto& l : copy) mutated += l + "\n";
      const Verdict v = check_strategy(mutated);
      ++changed;
      if (!v.ok) {
        ++refused;
        EXPECT_TRUE(v.reason.find("no entry for centre position") != std::string::npos ||
                    v.reason.find("the centre fills") != std::string::npos)
            << v.reason;
      }
      break;
    }
  }
  EXPECT_EQ(changed, 20);
  EXPECT_GT(refused, 0);
}

// ---- The solver's table. ----------------------------------------------------------------

TEST(CentreStrategyFile, SolvedTableIsVerified) {
  ASSERT_GE(solver().winning_move(Centre{}).first, 0) << "the solver finds no win for Order";
  const Verdict v = check_strategy(solved().text());
  ASSERT_TRUE(v.ok) << v.reason;
  EXPECT_EQ(v.entries, solved().entries.size());
  EXPECT_EQ(v.entries_used, v.entries);
  // One rule set claimed: the summary names it alone.
  const Verdict original =
      check_strategy(replace_once(solved().text(), "rules original exact-five", "rules original"));
  ASSERT_TRUE(original.ok) << original.reason;
  EXPECT_NE(original.summary.find("centre strategy for original,"), std::string::npos)
      << original.summary;
  const Verdict exact = check_strategy(
      replace_once(solved().text(), "rules original exact-five", "rules exact-five"));
  ASSERT_TRUE(exact.ok) << exact.reason;
  EXPECT_NE(exact.summary.find("centre strategy for exact-five,"), std::string::npos)
      << exact.summary;
}

TEST(CentreStrategyFile, EntriesInAnyFrameAndOrderAreFound) {
  // Each entry replaced by one of its 16 images (its move mapped too), the entries
  // reversed: the same strategy, verified.
  ASSERT_FALSE(solved().entries.empty());
  Table turned;
  int g = 0;
  for (auto it = solved().entries.rbegin(); it != solved().entries.rend(); ++it, ++g) {
    const Centre c = parse_diagram(it->first);
    const int cell = (it->second[1] - 'b') + 4 * (it->second[2] - '2');
    const bool is_x = (it->second[0] == 'X') != (g % 16 >= 8);
    turned.entries.emplace_back(diagram(image(c, g % 16)),
                                move_text(mapped_cell(g % 8, cell), is_x));
  }
  const Verdict v = check_strategy(turned.text());
  EXPECT_TRUE(v.ok) << v.reason;
}

TEST(CentreStrategyFile, AMissingEntryIsRefused) {
  ASSERT_GE(solved().entries.size(), 2u);
  expect_refused(std::string(kHeader) + kPairs, "no entry for centre position ..../..../..../....");
  // The last entry the solver wrote, dropped: the game still reaches its class (perhaps as
  // another image of it).
  Table dropped = solved();
  const auto last = dropped.entries.back();
  dropped.entries.pop_back();
  const Verdict v = check_strategy(dropped.text());
  ASSERT_FALSE(v.ok);
  const std::string prefix = "no entry for centre position ";
  ASSERT_EQ(v.reason.rfind(prefix, 0), 0u) << v.reason;
  EXPECT_EQ(canonical(parse_diagram(v.reason.substr(prefix.size(), 19))),
            canonical(parse_diagram(last.first)))
      << v.reason << " (dropped " << last.first << ")";
  // A root entry alone: the first reply of Chaos has none, and the reason says how it came.
  Table root;
  root.entries.emplace_back("..../..../..../....", "Xb2");
  expect_refused(root.text(),
                 "no entry for centre position ..../..../..../xx.. (Order to "
                 "move), reached by Xb2 Xc2");
}

TEST(CentreStrategyFile, AMoveThatLosesIsRefused) {
  // The solver's table with one move changed for one that loses (at the deepest entry that
  // has one), the game after it written out as before (the first empty square with X where
  // Order has no win): a table with an entry for every position, which Chaos beats by
  // filling the centre.
  std::unordered_map<std::uint32_t, std::pair<int, bool>> forced;
  int most = -1;
  for (const auto& [d, m] : solved().entries) {
    const Centre c = parse_diagram(d);
    const int placed = std::popcount(Mask(c.x | c.o));
    for (int cell = 0; cell < 16 && placed > most; ++cell)
      for (const bool is_x : {true, false})
        if (!((c.x | c.o) >> cell & 1) && !solver().wins_after(with(c, cell, is_x))) {
          forced = {{c.key(), {cell, is_x}}};
          most = placed;
          break;
        }
  }
  ASSERT_EQ(forced.size(), 1u);
  const Table lost = solve_table(forced);
  const Verdict v = check_strategy(lost.text());
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.reason.find("the centre fills without a line of four equal symbols: "),
            std::string::npos)
      << v.reason;
}

// ---- Malformed or false files. -----------------------------------------------------------

TEST(CentreStrategyFile, AWrongPairIsRefused) {
  const std::string text = std::string(kHeader) + kPairs + kTwoEntries;
  expect_refused(text, "no entry for centre position");
  expect_refused(replace_once(text, "pair a3 f3", "pair a3 f4"),
                 "line 6: the pair a3 f4 is not the two ends of a line of six");
  expect_refused(replace_once(text, "pair a1 f6", "pair a1 b2"), "the pair a1 b2 is not");
  expect_refused(replace_once(text, "pair a3 f3\n", ""), "no pair for the ends a3 f3");
  expect_refused(replace_once(text, "pair a3 f3\n", "pair a3 f3\npair f3 a3\n"),
                 "the pair f3 a3 is listed twice");
  expect_refused(replace_once(text, "pair a3 f3", "pair a3 g3"), "line 6: bad square 'g3'");
}

TEST(CentreStrategyFile, ARepeatedEntryIsRefused) {
  const std::string text = std::string(kHeader) + kPairs + kTwoEntries;
  // The root again, with another move.
  expect_refused(text + "..../..../..../.... Xc3\n",
                 "entries 1 and 3 (lines 15 and 17) are the same position up to symmetry");
  // The second entry (x b2, o c2) turned a quarter, with X and O exchanged: o b5, x b4.
  const Centre turned = image(parse_diagram("..../..../..../xo.."), 4 + 1 + 8);
  EXPECT_EQ(diagram(turned), "o.../x.../..../....");
  expect_refused(text + diagram(turned) + " Oc3\n",
                 "entries 2 and 3 (lines 16 and 17) are the same position up to symmetry");
  // Mirrored along the other diagonal: x e5, o e4.
  expect_refused(text + "...x/...o/..../.... Oc3\n", "entries 2 and 3 (lines 16 and 17)");
}

TEST(CentreStrategyFile, BadEntriesAreRefusedWithTheirLine) {
  const std::string base = std::string(kHeader) + kPairs;  // 14 lines
  expect_refused(base + "..../..xo/..../.... Xd4\n",
                 "line 15: the move 'Xd4' goes on an occupied square");
  expect_refused(base + "..../..../..../.... Xa1\n",
                 "line 15: the move 'Xa1' is outside the centre");
  expect_refused(base + "..../..../..../.... Zc3\n", "line 15: bad move 'Zc3'");
  expect_refused(base + "..../..../..../.... Xc\n", "line 15: bad move 'Xc'");
  expect_refused(base + "..../..../......../ Xc3\n", "line 15: bad diagram '..../..../......../'");
  expect_refused(base + "..../..../...../... Xc3\n", "line 15: bad diagram");
  expect_refused(base + "..../..z./..../.... Xc3\n", "the character 'z' is not x, o or .");
  expect_refused(base + "..../..x./..../.... Ob2\n",
                 "line 15: the diagram '..../..x./..../....' is not a position with Order to move");
  expect_refused(base + "xxxx/oo../..../.... Ob2\n",
                 "line 15: the diagram 'xxxx/oo../..../....' already has a centre line of four");
  expect_refused(base + "x.../.x../..x./...x Ob2\n", "already has a centre line of four");
  expect_refused(base + "..../..../..../.... Xc3 extra\n", "line 15: expected a 'rules'");
}

TEST(CentreStrategyFile, HeaderLinesAreChecked) {
  const std::string text = std::string(kHeader) + kPairs + kTwoEntries;
  expect_refused(replace_once(text, "winner order", "winner chaos"),
                 "line 4: 'winner chaos' is not supported");
  expect_refused(replace_once(text, "winner order", "winner nobody"),
                 "line 4: unknown winner 'nobody'");
  expect_refused(replace_once(text, "winner order\n", ""), "no 'winner' line");
  expect_refused(replace_once(text, "rules original exact-five\n", ""), "no 'rules' line");
  expect_refused(replace_once(text, "rules original exact-five", "rules original original"),
                 "line 3: the rules 'original' are named twice");
  expect_refused(replace_once(text, "rules original exact-five", "rules five-or-more"),
                 "line 3: unknown rules 'five-or-more'");
  expect_refused(replace_once(text, "rules original exact-five", "rules"),
                 "line 3: 'rules' names no rule set");
  expect_refused(replace_once(text, "orderchaos-centre-strategy 1", "orderchaos-centre-strategy 2"),
                 "line 1: unknown version");
  expect_refused(text + "rules original\n", "a second 'rules' line");
}

TEST(CentreStrategyFile, TheOldFormatIsStillReadByItsFirstWord) {
  // Comment lines before the first word are passed over for the centre format; anything
  // else goes to the old checker as before.
  const Verdict v = check_strategy("# a comment\n\n" + std::string(kHeader) + kPairs);
  EXPECT_NE(v.reason.find("no entry for centre position"), std::string::npos) << v.reason;
  const Verdict old = check_strategy("orderchaos-strategy 2\n");
  EXPECT_FALSE(old.ok);
  EXPECT_TRUE(old.summary.empty());
  const Verdict old_win = check_strategy(
      "orderchaos-strategy 1\nrules original\nwinner order\n"
      "root xxxx2/6/6/6/6/6 order\nxxxx2/6/6/6/6/6 order Xe6\n");
  EXPECT_TRUE(old_win.ok) << old_win.reason;
  EXPECT_TRUE(old_win.summary.empty());
}

}  // namespace
