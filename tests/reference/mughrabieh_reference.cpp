#include "reference/mughrabieh_reference.h"

#include <sstream>
#include <vector>

namespace reference_mughrabieh {

namespace {

// How far along its own track the piece on absolute point `a` is (0 = its start).
int progress(bool white, int a) {
  return white ? a : 23 - a;
}
int absolute(bool white, int p) {
  return white ? p : 23 - p;
}
int mine(const Board& b, bool white, int a) {
  return white ? (b.cell[a] > 0 ? b.cell[a] : 0) : (b.cell[a] < 0 ? -b.cell[a] : 0);
}
int theirs(const Board& b, bool white, int a) {
  return mine(b, !white, a);
}
int& off(Board& b, bool white) {
  return white ? b.white_off : b.black_off;
}

// "When all 15 are in the final six points": every piece still on the board is at
// progress 18 or more.
bool all_in_final_six(const Board& b, bool white) {
  for (int a = 0; a < 24; ++a)
    if (mine(b, white, a) && progress(white, a) < 18) return false;
  return true;
}

bool any_in_final_six(const Board& b, bool white) {
  for (int a = 0; a < 24; ++a)
    if (mine(b, white, a) && progress(white, a) >= 18) return true;
  return false;
}

// A step that stays on the board, by the rules of movement (not bearing off).
bool board_step_ok(const Board& b, bool white, int a, int die) {
  if (!mine(b, white, a)) return false;
  const int p = progress(white, a);
  if (p + die > 23) return false;
  if (theirs(b, white, absolute(white, p + die))) return false;  // may not land on them
  // The first piece must reach the final six points before any other leaves the start.
  if (p == 0 && !any_in_final_six(b, white) && mine(b, white, a) < 15) return false;
  return true;
}

bool step_ok(const Board& b, bool white, int a, int die) {
  if (!mine(b, white, a)) return false;
  const int p = progress(white, a);
  if (p + die <= 23) return board_step_ok(b, white, a, die);
  if (!all_in_final_six(b, white)) return false;
  if (p + die == 24) return true;
  // A number larger than needed.
  if (!b.ludii) {
    for (int q = 0; q < p; ++q)  // house: no piece farther back
      if (mine(b, white, absolute(white, q))) return false;
    return true;
  }
  // ludii: only when the die moves nothing else and bears nothing off exactly, and then
  // the piece farthest back among those the die carries past the end.
  for (int x = 0; x < 24; ++x) {
    if (!mine(b, white, x)) continue;
    const int q = progress(white, x);
    if (q + die <= 23 && board_step_ok(b, white, x, die)) return false;
    if (q + die == 24) return false;
  }
  for (int q = 0; q < p; ++q)
    if (mine(b, white, absolute(white, q)) && q + die > 24) return false;
  return true;
}

void do_step(Board& b, bool white, int a, int die) {
  const int p = progress(white, a);
  b.cell[a] += white ? -1 : 1;
  if (p + die >= 24)
    ++off(b, white);
  else
    b.cell[absolute(white, p + die)] += white ? 1 : -1;
}

struct Sequence {
  Board end;
  int steps = 0;
  int first_die = 0;
};

// Every sequence that cannot go on (no die left, or none of the dice left can move).
void enumerate(const Board& b, bool white, std::vector<int> dice, int steps, int first_die,
               std::vector<Sequence>& out) {
  bool moved = false;
  std::vector<int> tried;
  for (std::size_t i = 0; i < dice.size(); ++i) {
    const int die = dice[i];
    bool seen = false;
    for (int t : tried) seen |= t == die;
    if (seen) continue;  // the same number again gives the same sequences
    tried.push_back(die);
    std::vector<int> rest = dice;
    rest.erase(rest.begin() + static_cast<long>(i));
    for (int a = 0; a < 24; ++a) {
      if (!step_ok(b, white, a, die)) continue;
      moved = true;
      Board next = b;
      do_step(next, white, a, die);
      enumerate(next, white, rest, steps + 1, steps == 0 ? die : first_die, out);
    }
  }
  if (!moved) out.push_back({b, steps, first_die});
}

void side_string(const Board& b, bool white, std::ostringstream& out) {
  bool any = false;
  for (int point = 24; point >= 1; --point) {  // the side's own point numbers
    const int n = mine(b, white, absolute(white, 24 - point));
    if (!n) continue;
    if (any) out << ',';
    out << point;
    if (n > 1) out << 'x' << n;
    any = true;
  }
  if (!any) out << '-';
}

}  // namespace

Board from_string(const std::string& text, bool ludii) {
  Board b;
  b.ludii = ludii;
  std::istringstream in(text);
  std::string pieces, side, roll, flag;
  in >> pieces >> side >> roll >> flag;
  b.white_to_move = side == "w";
  b.previous_passed = flag == "pass";
  if (roll.size() == 2 && roll[0] != '-') {
    b.roll_high = roll[0] - '0';
    b.roll_low = roll[1] - '0';
  }
  const auto slash = pieces.find('/');
  const std::string parts[2] = {pieces.substr(0, slash), pieces.substr(slash + 1)};
  for (int s = 0; s < 2; ++s) {
    const bool white = s == 0;
    int on = 0;
    if (parts[s] != "-") {
      std::istringstream items(parts[s]);
      for (std::string item; std::getline(items, item, ',');) {
        const auto x = item.find('x');
        const int point = std::stoi(item.substr(0, x));
        const int n = x == std::string::npos ? 1 : std::stoi(item.substr(x + 1));
        b.cell[absolute(white, 24 - point)] += white ? n : -n;
        on += n;
      }
    }
    off(b, white) = 15 - on;
  }
  return b;
}

std::string pieces_string(const Board& board) {
  std::ostringstream out;
  side_string(board, true, out);
  out << '/';
  side_string(board, false, out);
  return out.str();
}

TurnSummary turns(const Board& board, int high, int low) {
  const bool white = board.white_to_move;
  std::vector<int> dice =
      high == low ? std::vector<int>{high, high, high, high} : std::vector<int>{high, low};
  std::vector<Sequence> all;
  enumerate(board, white, dice, 0, 0, all);
  // The house rules: as many dice as can be played; with one die only, the larger if it
  // can be played. The ludii rule set keeps every sequence that cannot go on.
  int most = 0;
  bool larger_alone = false;
  for (const Sequence& s : all) {
    most = std::max(most, s.steps);
    if (s.steps == 1 && high != low && s.first_die == high) larger_alone = true;
  }
  TurnSummary summary;
  for (const Sequence& s : all) {
    if (!board.ludii) {
      if (s.steps != most) continue;
      if (most == 1 && larger_alone && s.first_die != high) continue;
    }
    ++summary.sequences;
    ++summary.end_positions[pieces_string(s.end)];
  }
  return summary;
}

std::set<std::string> TurnSummary::ends() const {
  std::set<std::string> out;
  for (const auto& [end, n] : end_positions) out.insert(end);
  return out;
}

Counts perft(const Board& board, int depth) {
  if (depth == 0) return {1, 1};
  if (board.white_off == 15 || board.black_off == 15) return {0, 0};
  Counts sum;
  for (int high = 1; high <= 6; ++high) {
    for (int low = 1; low <= high; ++low) {
      if (board.roll_high && (high != board.roll_high || low != board.roll_low)) continue;
      const TurnSummary summary = turns(board, high, low);
      if (depth == 1) {
        sum.turns += summary.end_positions.size();
        sum.sequences += summary.sequences;
        continue;
      }
      for (const auto& [end, sequences] : summary.end_positions) {
        Board next = from_string(end + (board.white_to_move ? " b" : " w"), board.ludii);
        const bool passed = end == pieces_string(board);               // a turn that moves nothing
        if (board.ludii && passed && board.previous_passed) continue;  // drawn: no continuation
        next.previous_passed = board.ludii && passed;
        const Counts part = perft(next, depth - 1);
        sum.turns += part.turns;
        sum.sequences += part.sequences * sequences;
      }
    }
  }
  return sum;
}

}  // namespace reference_mughrabieh
