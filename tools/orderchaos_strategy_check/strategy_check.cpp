#include "strategy_check.h"

#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "centre_check.h"

namespace strategy_check {

namespace {

constexpr int kSide = 6;

struct Board {
  std::uint64_t x = 0, o = 0;  // bit rank * 6 + file, a1 = 0
  bool order_to_move = true;
  auto id() const { return std::tuple(x, o, order_to_move); }
};

bool has(std::uint64_t b, int file, int rank) {
  return file >= 0 && file < kSide && rank >= 0 && rank < kSide && (b >> (rank * kSide + file) & 1);
}

// Whether `mine` has a winning run through (file, rank) in some direction: five or more,
// or exactly five under exact-five (a six in one direction does not spoil a five in
// another).
bool wins_through(std::uint64_t mine, int file, int rank, bool exact_five) {
  constexpr int directions[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (const auto& d : directions) {
    int run = 1;
    for (int s = 1; has(mine, file + s * d[0], rank + s * d[1]); ++s) ++run;
    for (int s = 1; has(mine, file - s * d[0], rank - s * d[1]); ++s) ++run;
    if (exact_five ? run == 5 : run >= 5) return true;
  }
  return false;
}

enum class Result { Ongoing, Order, Chaos };

struct Rules {
  bool exact_five = false;
  // After a placement of `is_x` on (file, rank) in `b`.
  Result after(const Board& b, int file, int rank, bool is_x) const {
    if (wins_through(is_x ? b.x : b.o, file, rank, exact_five)) return Result::Order;
    return (b.x | b.o) == (std::uint64_t{1} << 36) - 1 ? Result::Chaos : Result::Ongoing;
  }
};

Board parse_board(const std::string& ranks, const std::string& side) {
  Board b;
  if (side != "order" && side != "chaos") throw std::invalid_argument("bad side '" + side + "'");
  b.order_to_move = side == "order";
  int rank = kSide - 1, file = 0;
  for (const char c : ranks) {
    if (c == '/') {
      if (file != kSide || --rank < 0) throw std::invalid_argument("bad ranks '" + ranks + "'");
      file = 0;
    } else if (c >= '1' && c <= '6') {
      file += c - '0';
    } else if (c == 'x' || c == 'o') {
      if (file >= kSide) throw std::invalid_argument("bad ranks '" + ranks + "'");
      (c == 'x' ? b.x : b.o) |= std::uint64_t{1} << (rank * kSide + file);
      ++file;
    } else {
      throw std::invalid_argument("bad character in '" + ranks + "'");
    }
    if (file > kSide) throw std::invalid_argument("bad ranks '" + ranks + "'");
  }
  if (rank != 0 || file != kSide) throw std::invalid_argument("bad ranks '" + ranks + "'");
  if (b.x & b.o) throw std::invalid_argument("overlap");
  return b;
}

struct Placement {
  int file = 0, rank = 0;
  bool is_x = true;
};

Placement parse_placement(const std::string& text) {
  if (text.size() != 3 || (text[0] != 'X' && text[0] != 'O') || text[1] < 'a' || text[1] > 'f' ||
      text[2] < '1' || text[2] > '6')
    throw std::invalid_argument("bad move '" + text + "'");
  return Placement{text[1] - 'a', text[2] - '1', text[0] == 'X'};
}

class Checker {
 public:
  Checker(Rules rules, bool order_wins,
          std::map<std::tuple<std::uint64_t, std::uint64_t, bool>, Placement> moves)
      : rules_(rules), order_wins_(order_wins), moves_(std::move(moves)) {}

  // Empty when the winner wins from `b` by the file; else why not.
  std::string verify(const Board& b) {
    if (!seen_.insert(b.id()).second) return "";
    const bool winner_moves = b.order_to_move == order_wins_;
    if (winner_moves) {
      const auto it = moves_.find(b.id());
      if (it == moves_.end()) return "no move given for a position the winner reaches";
      return place(b, it->second);
    }
    for (int sq = 0; sq < 36; ++sq)
      for (const bool is_x : {true, false}) {
        if ((b.x | b.o) >> sq & 1) continue;
        std::string why = place(b, Placement{sq % kSide, sq / kSide, is_x});
        if (!why.empty()) return why;
      }
    return "";
  }
  std::size_t positions() const { return seen_.size(); }

 private:
  std::string place(const Board& b, const Placement& p) {
    const std::uint64_t bit = std::uint64_t{1} << (p.rank * kSide + p.file);
    if ((b.x | b.o) & bit) return "the file's move goes on an occupied square";
    Board next = b;
    (p.is_x ? next.x : next.o) |= bit;
    next.order_to_move = !b.order_to_move;
    const Result r = rules_.after(next, p.file, p.rank, p.is_x);
    if (r == Result::Ongoing) return verify(next);
    return (r == Result::Order) == order_wins_ ? "" : "a game ends in the loser's win";
  }

  Rules rules_;
  bool order_wins_;
  std::map<std::tuple<std::uint64_t, std::uint64_t, bool>, Placement> moves_;
  std::set<std::tuple<std::uint64_t, std::uint64_t, bool>> seen_;
};

std::string expect_word(std::istringstream& in, const std::string& word) {
  std::string got, value;
  if (!(in >> got) || got != word || !(in >> value))
    throw std::invalid_argument("expected '" + word + " ...'");
  return value;
}

// The file's first word, past blank lines and `#` lines.
std::string first_word(const std::string& text) {
  std::istringstream in(text);
  for (std::string line, word; std::getline(in, line);)
    if (std::istringstream(line) >> word && word[0] != '#') return word;
  return "";
}

}  // namespace

Verdict check_strategy(const std::string& text) {
  if (first_word(text) == "orderchaos-centre-strategy") return check_centre_strategy(text);
  Verdict v;
  try {
    std::istringstream in(text);
    if (expect_word(in, "orderchaos-strategy") != "1")
      throw std::invalid_argument("unknown version");
    const std::string rules = expect_word(in, "rules");
    if (rules != "original" && rules != "exact-five")
      throw std::invalid_argument("unknown rules '" + rules + "'");
    const std::string winner = expect_word(in, "winner");
    if (winner != "order" && winner != "chaos")
      throw std::invalid_argument("unknown winner '" + winner + "'");
    std::string side;
    const std::string root_ranks = expect_word(in, "root");
    in >> side;
    const Board root = parse_board(root_ranks, side);
    std::map<std::tuple<std::uint64_t, std::uint64_t, bool>, Placement> moves;
    for (std::string ranks, move; in >> ranks >> side >> move;)
      moves[parse_board(ranks, side).id()] = parse_placement(move);
    if (!in.eof()) throw std::invalid_argument("a strategy line is incomplete");
    Checker checker(Rules{rules == "exact-five"}, winner == "order", std::move(moves));
    v.reason = checker.verify(root);
    v.ok = v.reason.empty();
    v.positions = checker.positions();
  } catch (const std::invalid_argument& e) {
    v.reason = e.what();
  }
  return v;
}

}  // namespace strategy_check
