// Reference Ordo move generator (Classic and Ordo X). See reference_ordo.h for the why.
//
// Method: enumerate every candidate move the movement rules allow (docs/rules.md 4.1, 4.2, 4.4;
// for Ordo X 5.2, 5.3), build the full board after it, and keep it only if a flood fill shows
// the mover's pieces form one 8-connected group (docs/rules.md 4.3). An Ordo X turn is built from
// steps the same way: every step is a full board, and the second step is generated from the
// board after the first. Nothing is cached or incremental.
#include "reference/reference_ordo.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace ordo::reference {
namespace {

constexpr int kMinSide = 3;
constexpr int kMaxSide = 16;
constexpr int kMaxSquares = 128;

char opponent(char side) {
  return side == 'w' ? 'b' : 'w';
}

// "Forward" is up the ranks for White, down for Black (docs/rules.md 1).
int forward_of(char side) {
  return side == 'w' ? +1 : -1;
}

bool on_board(const RefPosition& p, int file, int rank) {
  return file >= 0 && file < p.width && rank >= 0 && rank < p.height;
}
int index_of(const RefPosition& p, int file, int rank) {
  return rank * p.width + file;
}
char at(const RefPosition& p, int file, int rank) {
  return p.cells[index_of(p, file, rank)];
}
void put(RefPosition& p, int file, int rank, char c) {
  p.cells[index_of(p, file, rank)] = c;
}

std::string square_name(int file, int rank) {
  return std::string(1, static_cast<char>('a' + file)) + std::to_string(rank + 1);
}

void validate(const RefPosition& p) {
  if (p.width < kMinSide || p.width > kMaxSide || p.height < kMinSide || p.height > kMaxSide ||
      p.width * p.height > kMaxSquares)
    throw std::invalid_argument("position: board size out of range");
  if (p.cells.size() != static_cast<std::size_t>(p.width * p.height))
    throw std::invalid_argument("position: cells size does not match width*height");
  for (char c : p.cells)
    if (c != '.' && c != 'w' && c != 'b') throw std::invalid_argument("position: bad cell value");
  if (p.to_move != 'w' && p.to_move != 'b')
    throw std::invalid_argument("position: side to move must be 'w' or 'b'");
}

int count_pieces(const RefPosition& p, char side) {
  return static_cast<int>(std::count(p.cells.begin(), p.cells.end(), side));
}

// Every slide of a single piece of `me` in `dirs` over empty squares, stopping on (and
// capturing) the first enemy piece: visit(notation, board after, capture).
template <class Visit>
void for_each_singleton_slide(const RefPosition& p, char me,
                              const std::vector<std::pair<int, int>>& dirs, Visit&& visit) {
  for (int rank = 0; rank < p.height; ++rank) {
    for (int file = 0; file < p.width; ++file) {
      if (at(p, file, rank) != me) continue;
      for (auto [df, dr] : dirs) {
        for (int step = 1;; ++step) {
          const int f = file + df * step, r = rank + dr * step;
          if (!on_board(p, f, r)) break;
          const char target = at(p, f, r);
          if (target == me) break;  // own piece blocks; never jumps
          RefPosition after = p;
          put(after, file, rank, '.');
          put(after, f, r, me);
          const bool capture = (target != '.');
          visit(square_name(file, rank) + (capture ? "x" : "-") + square_name(f, r), after,
                capture);
          if (capture) break;  // captures the first enemy piece and stops
        }
      }
    }
  }
}

// Calls visit(start_of_group, cell) for every piece of `side`, group by group: a plain
// flood fill over the 8 neighbours.
template <class Visit>
void flood_groups(const RefPosition& p, char side, Visit&& visit) {
  std::vector<bool> seen(p.cells.size(), false);
  for (int start = 0; start < static_cast<int>(p.cells.size()); ++start) {
    if (p.cells[start] != side || seen[start]) continue;
    std::vector<int> stack{start};
    seen[start] = true;
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      visit(start, i);
      const int file = i % p.width, rank = i / p.width;
      for (int dr = -1; dr <= 1; ++dr) {
        for (int df = -1; df <= 1; ++df) {
          const int f = file + df, r = rank + dr;
          if ((df == 0 && dr == 0) || !on_board(p, f, r)) continue;
          const int j = index_of(p, f, r);
          if (p.cells[j] == side && !seen[j]) {
            seen[j] = true;
            stack.push_back(j);
          }
        }
      }
    }
  }
}

// The 8-connected groups of `side`'s pieces, each a list of cell indices.
std::vector<std::vector<int>> groups_of(const RefPosition& p, char side) {
  std::vector<std::vector<int>> groups;
  flood_groups(p, side, [&](int start, int cell) {
    if (cell == start) groups.emplace_back();
    groups.back().push_back(cell);
  });
  return groups;
}

// Number of 8-connected groups of `side`'s pieces (0 when it has no pieces); runs for
// every candidate move, so it counts without building lists.
int count_groups(const RefPosition& p, char side) {
  int groups = 0;
  flood_groups(p, side, [&](int start, int cell) { groups += cell == start; });
  return groups;
}

// A single piece is a group (docs/rules.md 3); zero pieces never happens for a mover that
// just moved.
bool is_connected(const RefPosition& p, char side) {
  return count_groups(p, side) <= 1;
}

struct Candidate {
  std::string notation;
  RefPosition after;
};

// All legal Classic moves of p.to_move with the positions they lead to (unsorted).
std::vector<Candidate> generate(const RefPosition& p) {
  validate(p);
  const char me = p.to_move;
  const int fwd = forward_of(me);
  // docs/rules.md 4.4: a player who starts the turn split gets backward directions this turn.
  const bool split = !is_connected(p, me);
  std::vector<Candidate> out;

  // Rule 4.3: keep a candidate only if the mover is one group afterwards.
  auto consider = [&](std::string notation, RefPosition after) {
    after.to_move = opponent(me);
    if (is_connected(after, me)) out.push_back({std::move(notation), std::move(after)});
  };

  // Singleton moves (docs/rules.md 4.1): forward, diagonally forward, sideways (+ backward).
  std::vector<std::pair<int, int>> dirs = {{0, fwd}, {-1, fwd}, {1, fwd}, {-1, 0}, {1, 0}};
  if (split) {
    dirs.push_back({0, -fwd});
    dirs.push_back({-1, -fwd});
    dirs.push_back({1, -fwd});
  }
  for_each_singleton_slide(p, me, dirs,
                           [&](const std::string& notation, const RefPosition& after, bool) {
                             consider(notation, after);
                           });

  // --- Ordo moves (docs/rules.md 4.2): every run of >= 2 consecutive own pieces, sub-runs too. ---
  // Moves all pieces of the ordo by `dist` squares in direction (df, dr); every square each
  // piece passes or lands on must be empty (checked per distance, stopping at the first block).
  auto slide_ordo = [&](const std::vector<std::pair<int, int>>& pieces, int df, int dr) {
    for (int dist = 1;; ++dist) {
      bool ok = true;
      for (auto [f, r] : pieces) {
        const int nf = f + df * dist, nr = r + dr * dist;
        if (!on_board(p, nf, nr) || at(p, nf, nr) != '.') ok = false;
      }
      if (!ok) return;  // blocked (or off board): longer slides would pass this square too
      RefPosition after = p;
      for (auto [f, r] : pieces) put(after, f, r, '.');
      for (auto [f, r] : pieces) put(after, f + df * dist, r + dr * dist, me);
      // pieces.front() is the lower-file (horizontal) or lower-rank (vertical) end: output form.
      const auto [f0, r0] = pieces.front();
      const auto [f1, r1] = pieces.back();
      consider(square_name(f0, r0) + ":" + square_name(f1, r1) + "-" +
                   square_name(f0 + df * dist, r0 + dr * dist),
               after);
    }
  };

  // Horizontal ordos: slide straight forward; also backward when split.
  for (int rank = 0; rank < p.height; ++rank) {
    for (int f0 = 0; f0 < p.width; ++f0) {
      std::vector<std::pair<int, int>> pieces;
      for (int f1 = f0; f1 < p.width && at(p, f1, rank) == me; ++f1) {
        pieces.push_back({f1, rank});
        if (pieces.size() < 2) continue;
        slide_ordo(pieces, 0, fwd);
        if (split) slide_ordo(pieces, 0, -fwd);
      }
    }
  }
  // Vertical ordos: slide sideways only (never along their file, even when split).
  for (int file = 0; file < p.width; ++file) {
    for (int r0 = 0; r0 < p.height; ++r0) {
      std::vector<std::pair<int, int>> pieces;
      for (int r1 = r0; r1 < p.height && at(p, file, r1) == me; ++r1) {
        pieces.push_back({file, r1});
        if (pieces.size() < 2) continue;
        slide_ordo(pieces, -1, 0);
        slide_ordo(pieces, +1, 0);
      }
    }
  }
  return out;
}

// Did the move that produced `after` end the game in the mover's favour (docs/rules.md 4.5)?
RefOutcome win_check(const RefPosition& after) {
  const char mover = opponent(after.to_move);
  const int target_rank = (mover == 'w') ? after.height - 1 : 0;  // opponent's home row
  for (int file = 0; file < after.width; ++file)
    if (at(after, file, target_rank) == mover) return RefOutcome::MoverWonHomeRow;
  if (count_pieces(after, after.to_move) == 0) return RefOutcome::MoverWonCapturedAll;
  return RefOutcome::Ongoing;
}

// ------------------------------------------------------------------------------------------
// Ordo X (docs/rules.md 5). A turn is one forward step, or one sideways step followed by one
// forward step; both are generated by x_steps() below, always from a full board.
// ------------------------------------------------------------------------------------------

// docs/rules.md 5.4, applied after every capture: if `victim`'s pieces now form more than one
// group, every group except one of the largest is removed. Returns one board per choice of
// the staying group with its notation suffix: "" when there is nothing to choose (no split,
// or a single largest group), else "@" + the staying group's square with the lowest file,
// and on that file the lowest rank (docs/rules.md 6).
std::vector<std::pair<std::string, RefPosition>> remove_smaller_groups(const RefPosition& after,
                                                                       char victim) {
  const std::vector<std::vector<int>> groups = groups_of(after, victim);
  if (groups.size() <= 1) return {{"", after}};
  std::size_t largest = 0;
  for (const auto& g : groups) largest = std::max(largest, g.size());
  int tied = 0;
  for (const auto& g : groups) tied += (g.size() == largest) ? 1 : 0;

  std::vector<std::pair<std::string, RefPosition>> out;
  for (std::size_t keep = 0; keep < groups.size(); ++keep) {
    if (groups[keep].size() != largest) continue;
    RefPosition q = after;
    for (std::size_t g = 0; g < groups.size(); ++g)
      if (g != keep)
        for (int i : groups[g]) q.cells[i] = '.';
    std::string suffix;
    if (tied > 1) {
      int best_file = kMaxSide, best_rank = 0;
      for (int i : groups[keep]) {
        const int file = i % after.width, rank = i / after.width;
        if (file < best_file || (file == best_file && rank < best_rank)) {
          best_file = file;
          best_rank = rank;
        }
      }
      suffix = "@";  // appended, not '+': GCC 12 misreports a temporary concatenation here
      suffix += square_name(best_file, best_rank);
    }
    out.push_back({suffix, q});
  }
  return out;
}

// All single Ordo X steps of p.to_move: the forward ones (straight or diagonally forward) when
// `forward`, else the sideways ones. Singletons slide over empty squares and may capture the
// first enemy piece on the line (docs/rules.md 4.1); ordos (every run of >= 2 on a rank or a file)
// slide in the same directions without capturing, every square a piece passes or lands on
// being empty or a square of the same ordo (which all its pieces leave) (docs/rules.md 5.2). A step
// is kept only if the mover is one group afterwards (docs/rules.md 4.3); a capture is followed by
// remove_smaller_groups(). The boards returned have the opponent to move.
std::vector<Candidate> x_steps(const RefPosition& p, bool forward) {
  const char me = p.to_move;
  const int fwd = forward_of(me);
  const std::vector<std::pair<int, int>> dirs =
      forward ? std::vector<std::pair<int, int>>{{0, fwd}, {-1, fwd}, {1, fwd}}
              : std::vector<std::pair<int, int>>{{-1, 0}, {1, 0}};
  std::vector<Candidate> out;

  auto consider = [&](const std::string& notation, RefPosition after, bool capture) {
    after.to_move = opponent(me);
    if (!is_connected(after, me)) return;
    if (!capture) {
      out.push_back({notation, std::move(after)});
      return;
    }
    for (auto& [suffix, board] : remove_smaller_groups(after, opponent(me)))
      out.push_back({notation + suffix, std::move(board)});
  };

  // --- Singletons. ---
  for_each_singleton_slide(p, me, dirs, consider);

  // --- Ordos: side by side across their line, single file along it; one rule covers both. ---
  auto slide_ordo = [&](const std::vector<std::pair<int, int>>& pieces, int df, int dr) {
    auto in_ordo = [&](int f, int r) {
      return std::find(pieces.begin(), pieces.end(), std::make_pair(f, r)) != pieces.end();
    };
    for (int dist = 1;; ++dist) {
      for (auto [f, r] : pieces) {
        for (int k = 1; k <= dist; ++k) {  // every square passed or landed on
          const int nf = f + df * k, nr = r + dr * k;
          if (!on_board(p, nf, nr)) return;
          if (at(p, nf, nr) != '.' && !in_ordo(nf, nr)) return;  // longer slides pass it too
        }
      }
      RefPosition after = p;
      for (auto [f, r] : pieces) put(after, f, r, '.');
      for (auto [f, r] : pieces) put(after, f + df * dist, r + dr * dist, me);
      // pieces.front() is the lower-file (horizontal) or lower-rank (vertical) end: output form.
      const auto [f0, r0] = pieces.front();
      const auto [f1, r1] = pieces.back();
      consider(square_name(f0, r0) + ":" + square_name(f1, r1) + "-" +
                   square_name(f0 + df * dist, r0 + dr * dist),
               after, false);
    }
  };
  for (int rank = 0; rank < p.height; ++rank) {  // horizontal ordos
    for (int f0 = 0; f0 < p.width; ++f0) {
      std::vector<std::pair<int, int>> pieces;
      for (int f1 = f0; f1 < p.width && at(p, f1, rank) == me; ++f1) {
        pieces.push_back({f1, rank});
        if (pieces.size() < 2) continue;
        for (auto [df, dr] : dirs) slide_ordo(pieces, df, dr);
      }
    }
  }
  for (int file = 0; file < p.width; ++file) {  // vertical ordos
    for (int r0 = 0; r0 < p.height; ++r0) {
      std::vector<std::pair<int, int>> pieces;
      for (int r1 = r0; r1 < p.height && at(p, file, r1) == me; ++r1) {
        pieces.push_back({file, r1});
        if (pieces.size() < 2) continue;
        for (auto [df, dr] : dirs) slide_ordo(pieces, df, dr);
      }
    }
  }
  return out;
}

// All legal Ordo X turns of p.to_move with the positions they lead to (unsorted),
// docs/rules.md 5.3: a forward step alone; a sideways step that wins (docs/rules.md 5.5)
// alone; any other sideways step joined by ',' to each forward step from the board after it
// (none: the sideways step is illegal, so it appears in no turn).
std::vector<Candidate> generate_x(const RefPosition& p) {
  validate(p);
  std::vector<Candidate> out = x_steps(p, true);
  for (Candidate& first : x_steps(p, false)) {
    if (win_check(first.after) != RefOutcome::Ongoing) {
      out.push_back(std::move(first));
      continue;
    }
    RefPosition middle = first.after;
    middle.to_move = p.to_move;  // same turn: the mover moves again
    for (Candidate& second : x_steps(middle, true))
      out.push_back({first.notation + "," + second.notation, std::move(second.after)});
  }
  // Self-check: each notation must name exactly one turn (docs/rules.md 8).
  std::vector<std::string> names;
  for (const auto& c : out) names.push_back(c.notation);
  std::sort(names.begin(), names.end());
  if (std::adjacent_find(names.begin(), names.end()) != names.end())
    throw std::logic_error("reference: two Ordo X turns with the same notation");
  return out;
}

std::vector<Candidate> generate_any(const RefPosition& p, RefVariant v) {
  return v == RefVariant::X ? generate_x(p) : generate(p);
}

}  // namespace

RefPosition parse_position(const std::string& s) {
  const auto space = s.find(' ');
  if (space == std::string::npos)
    throw std::invalid_argument("position: expected '<board> <side>'");
  const std::string board = s.substr(0, space), side = s.substr(space + 1);
  if (side != "w" && side != "b")
    throw std::invalid_argument("position: side to move must be 'w' or 'b'");

  // Split into rows, top (highest rank) first.
  std::vector<std::vector<char>> rows(1);
  for (std::size_t i = 0; i < board.size(); ++i) {
    const char c = board[i];
    if (c == '/') {
      rows.emplace_back();
    } else if (c == 'w' || c == 'b') {
      rows.back().push_back(c);
    } else if (c >= '1' && c <= '9') {  // a count: one or more digits, no leading zero
      int n = 0;
      while (i < board.size() && board[i] >= '0' && board[i] <= '9') {
        n = n * 10 + (board[i] - '0');
        if (n > kMaxSide) throw std::invalid_argument("position: rank too wide");
        ++i;
      }
      --i;
      rows.back().insert(rows.back().end(), n, '.');
    } else {
      throw std::invalid_argument(std::string("position: unexpected character '") + c + "'");
    }
    if (rows.back().size() > static_cast<std::size_t>(kMaxSide))
      throw std::invalid_argument("position: rank too wide");
  }

  RefPosition p;
  p.height = static_cast<int>(rows.size());
  p.width = static_cast<int>(rows[0].size());
  for (const auto& row : rows)
    if (static_cast<int>(row.size()) != p.width)
      throw std::invalid_argument("position: ranks have different lengths");
  if (p.width < kMinSide || p.width > kMaxSide || p.height < kMinSide || p.height > kMaxSide)
    throw std::invalid_argument("position: each side must be 3 to 16 squares");
  if (p.width * p.height > kMaxSquares)
    throw std::invalid_argument("position: at most 128 squares");
  p.cells.assign(p.width * p.height, '.');
  for (int k = 0; k < p.height; ++k)  // row k of the string is rank height-1-k
    for (int file = 0; file < p.width; ++file) put(p, file, p.height - 1 - k, rows[k][file]);
  p.to_move = side[0];
  return p;
}

std::string format_position(const RefPosition& p) {
  validate(p);
  std::string s;
  for (int rank = p.height - 1; rank >= 0; --rank) {
    int empties = 0;
    for (int file = 0; file < p.width; ++file) {
      const char c = at(p, file, rank);
      if (c == '.') {
        ++empties;
        continue;
      }
      if (empties > 0) s += std::to_string(empties);
      empties = 0;
      s += c;
    }
    if (empties > 0) s += std::to_string(empties);
    if (rank > 0) s += '/';
  }
  s += ' ';
  s += p.to_move;
  return s;
}

RefPosition start_position(int width, int height) {
  // docs/rules.md 2, White on the 10x8 board; Black is the mirror image (rank r -> rank 9-r).
  const char* white_10x8[] = {"c1", "d1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2",
                              "g2", "h2", "i2", "j2", "a3", "b3", "e3", "f3", "i3", "j3"};
  if (!((width == 10 && height == 8) || (width == 8 && height == 8)))
    throw std::invalid_argument("start position exists only for 10x8 and 8x8");
  RefPosition p;
  p.width = width;
  p.height = height;
  p.cells.assign(width * height, '.');
  const int drop = (width == 8) ? 1 : 0;  // 8x8: remove files a and j, rename the rest a-h
  for (const char* sq : white_10x8) {
    const int file = sq[0] - 'a' - drop, rank = sq[1] - '1';
    if (file < 0 || file >= width) continue;
    put(p, file, rank, 'w');
    put(p, file, height - 1 - rank, 'b');
  }
  p.to_move = 'w';
  return p;
}

std::vector<std::string> legal_moves(const RefPosition& p, RefVariant v) {
  std::vector<std::string> moves;
  for (auto& c : generate_any(p, v)) moves.push_back(std::move(c.notation));
  std::sort(moves.begin(), moves.end());
  return moves;
}

RefPosition apply_move(const RefPosition& p, const std::string& move, RefVariant v) {
  for (auto& c : generate_any(p, v))
    if (c.notation == move) return std::move(c.after);
  throw std::invalid_argument("not a legal move: '" + move + "'");
}

RefOutcome outcome_after_move(const RefPosition& after, RefVariant v) {
  validate(after);
  const RefOutcome won = win_check(after);
  if (won != RefOutcome::Ongoing) return won;
  // Split with no reconnecting move, or connected and blocked: both are "no legal move".
  if (generate_any(after, v).empty()) return RefOutcome::SideToMoveLosesNoMoves;
  return RefOutcome::Ongoing;
}

std::uint64_t perft(const RefPosition& p, RefVariant v, int depth) {
  if (depth <= 0) return 1;
  const std::vector<Candidate> moves = generate_any(p, v);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (const auto& c : moves) {
    if (win_check(c.after) != RefOutcome::Ongoing) continue;  // game over: no continuation
    total += perft(c.after, v, depth - 1);
  }
  return total;
}

}  // namespace ordo::reference
