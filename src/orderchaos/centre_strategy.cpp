#include "orderchaos/centre_strategy.h"

#include <bit>

namespace orderchaos {

std::string_view centre_strategy_text();  // generated from centre_strategy.txt

namespace {

using centre::CellMask;
using centre::Centre;

Centre centre_of(const Position& pos) {
  Centre c;
  for (int cell = 0; cell < centre::kCells; ++cell) {
    const auto bit = static_cast<CellMask>(1u << cell);
    const std::optional<Symbol> s = pos.at(centre::square_of(cell));
    if (s == Symbol::X) c.x |= bit;
    if (s == Symbol::O) c.o |= bit;
  }
  return c;
}

Symbol other(Symbol s) {
  return s == Symbol::X ? Symbol::O : Symbol::X;
}

Move move_on(int square, Symbol s) {
  return Move{static_cast<std::uint8_t>(square), s};
}

// Rule 1: a centre line of four S; S on the empty end of its line of six.
std::optional<Move> finish(const Position& pos, const Centre& c) {
  for (const centre::LineOfSix& line : centre::lines_of_six()) {
    const bool x = (c.x & line.middle) == line.middle, o = (c.o & line.middle) == line.middle;
    if (!x && !o) continue;
    const Symbol s = x ? Symbol::X : Symbol::O;
    const std::optional<Symbol> a = pos.at(line.ends[0]), b = pos.at(line.ends[1]);
    if (!a && (!b || *b == other(s))) return move_on(line.ends[0], s);
    if (!b && a == other(s)) return move_on(line.ends[1], s);
  }
  return std::nullopt;
}

}  // namespace

namespace {

// Order's move in the centre game: a completion, else the table's; none outside the table.
std::optional<centre::CentreMove> order_centre_move(const Centre& c) {
  if (auto m = centre::completing_move(c)) return m;
  return centre::table_move(proved_centre_table(), c);
}

// Whether every Chaos placement in `c` leaves a monochrome line or a position the
// strategy holds (so that the centre game, Chaos to move, is won).
bool won_with_chaos_to_move(const Centre& c) {
  for (int cell = 0; cell < centre::kCells; ++cell) {
    if (c.occupied() >> cell & 1) continue;
    for (const bool is_x : {true, false}) {
      Centre next = c;
      (is_x ? next.x : next.o) |= static_cast<CellMask>(1u << cell);
      if (!centre::has_monochrome_line(next) && !order_centre_move(next)) return false;
    }
  }
  return true;
}

}  // namespace

std::string_view proved_centre_certificate() {
  return centre_strategy_text();
}

const centre::CentreTable& proved_centre_table() {
  static const centre::CentreTable table = centre::parse_centre_strategy(centre_strategy_text());
  return table;
}

std::optional<ProvedMove> centre_strategy_move(const Position& pos) {
  if (pos.over() || pos.to_move() != Role::Order) return std::nullopt;
  const Centre c = centre_of(pos);
  if (const auto m = finish(pos, c)) return ProvedMove{*m, 1};

  // The pairs: each empty or X-and-O, but for at most one Chaos just half filled.
  std::optional<Move> answer;
  int open_pairs = 0;
  for (const centre::LineOfSix& line : centre::lines_of_six()) {
    const std::optional<Symbol> a = pos.at(line.ends[0]), b = pos.at(line.ends[1]);
    if (a && b) {
      if (*a == *b) return std::nullopt;
      continue;
    }
    ++open_pairs;
    if (!a && !b) continue;
    if (answer) return std::nullopt;  // two half-filled pairs: not this strategy's game
    answer = a ? move_on(line.ends[1], other(*a)) : move_on(line.ends[0], other(*b));
  }
  // With Order to move, the centre holds an odd count exactly when a pair is half filled,
  // so the centre game's turn is Chaos's then and Order's otherwise.
  if (centre::has_monochrome_line(c)) return std::nullopt;
  const int empty_cells = centre::kCells - std::popcount(static_cast<unsigned>(c.occupied()));
  const int turns_bound = (empty_cells + 1) / 2 + open_pairs + 1;
  if (answer) {
    if (!won_with_chaos_to_move(c)) return std::nullopt;
    return ProvedMove{*answer, turns_bound};
  }
  const std::optional<centre::CentreMove> m = order_centre_move(c);
  if (!m) return std::nullopt;
  return ProvedMove{move_on(centre::square_of(m->cell), m->is_x ? Symbol::X : Symbol::O),
                    turns_bound};
}

}  // namespace orderchaos
