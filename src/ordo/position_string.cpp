// Position strings (docs/rules.md section 7): ranks from the top, '/'-separated, 'w'/'b' for
// pieces, numbers for runs of empty squares, then a space and the side to move.
#include <cctype>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "ordo/movegen.h"
#include "ordo/position.h"

namespace ordo {
namespace {

[[noreturn]] void fail(const std::string& why) {
  throw std::invalid_argument("bad position string: " + why);
}

// One rank's cells, 'w', 'b' or '.', from file a upwards.
std::vector<char> parse_rank(std::string_view text, int rank_number) {
  std::vector<char> cells;
  const std::string where = "rank " + std::to_string(rank_number);
  if (text.empty()) fail(where + " is empty");
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == 'w' || c == 'b') {
      cells.push_back(c);
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      int run = 0;
      for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
        run = run * 10 + (text[i] - '0');
        if (run > kMaxSide) fail(where + " has a run of empty squares longer than 16");
      }
      if (run == 0) fail(where + " has a run of 0 empty squares");
      cells.insert(cells.end(), run, '.');
    } else {
      fail(where + " has '" + std::string(1, c) + "'; expected 'w', 'b' or a number");
    }
    if (cells.size() > static_cast<std::size_t>(kMaxSide))
      fail(where + " is wider than 16 squares");
  }
  return cells;
}

// Move lists hold MoveList's capacity of turns, and search keeps one per ply on the stack.
// The most turns seen in random play on the standard boards is about 5,600 (Ordo X, 10x8),
// so a parsed position may have at most half the capacity for either side: room for the
// counts to grow in play, and a clear refusal instead of an overflow deep in a search.
constexpr std::uint64_t kMaxTurnsInAParsedPosition = 8192;

void refuse_too_many_turns(const Position& pos) {
  for (const Color side : {Color::White, Color::Black}) {
    const Position as_if(pos.geometry(), pos.variant(), pos.pieces(Color::White),
                         pos.pieces(Color::Black), side);
    std::string turns;
    try {
      const std::uint64_t count = count_legal(as_if);
      if (count <= kMaxTurnsInAParsedPosition) continue;
      turns = std::to_string(count);
    } catch (const std::length_error&) {
      turns = "more";  // more steps than even a step list holds
    }
    fail(std::string(side == Color::White ? "White" : "Black") + " would have " + turns +
         " turns; a position may have at most " + std::to_string(kMaxTurnsInAParsedPosition) +
         " turns for either side");
  }
}

}  // namespace

Position Position::parse(std::string_view text, Variant variant) {
  const auto space = text.find(' ');
  if (space == std::string_view::npos) fail("expected the board, a space, then 'w' or 'b' to move");
  const std::string_view board = text.substr(0, space), side = text.substr(space + 1);
  if (side != "w" && side != "b") {
    fail("side to move is '" + std::string(side) + "'; expected 'w' or 'b'");
  }
  std::vector<std::string_view> rows;
  for (std::size_t start = 0;;) {
    const auto slash = board.find('/', start);
    rows.push_back(board.substr(start, slash - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  const int height = static_cast<int>(rows.size());
  if (height < kMinSide || height > kMaxSide) {
    fail("has " + std::to_string(height) + " ranks; a board has 3 to 16");
  }
  std::vector<std::vector<char>> cells;
  for (int i = 0; i < height; ++i) cells.push_back(parse_rank(rows[i], height - i));
  const int width = static_cast<int>(cells[0].size());
  for (int i = 1; i < height; ++i) {
    if (static_cast<int>(cells[i].size()) != width) {
      fail("rank " + std::to_string(height - i) + " has " + std::to_string(cells[i].size()) +
           " squares but rank " + std::to_string(height) + " has " + std::to_string(width));
    }
  }
  if (!Geometry::valid_size(width, height)) {
    fail("a " + std::to_string(width) + "x" + std::to_string(height) +
         " board is not supported (each side 3 to 16, at most 128 squares)");
  }
  const Geometry& g = Geometry::of(width, height);
  Bitboard white = 0, black = 0;
  for (int i = 0; i < height; ++i) {
    for (int f = 0; f < width; ++f) {
      const Bitboard b = bit(g.square(f, height - 1 - i));
      if (cells[i][f] == 'w') white |= b;
      if (cells[i][f] == 'b') black |= b;
    }
  }
  if (!white && !black) fail("the board has no pieces");
  if ((white & g.home_row(Color::Black)) && (black & g.home_row(Color::White))) {
    fail("both sides stand on their opponent's home row");
  }
  Position pos(g, variant, white, black, side == "w" ? Color::White : Color::Black);
  refuse_too_many_turns(pos);
  return pos;
}

std::string Position::to_string() const {
  const Geometry& g = *geometry_;
  std::string out;
  for (int r = g.height() - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < g.width(); ++f) {
      const char c = piece_at(g.square(f, r));
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      out += c;
    }
    if (empty) out += std::to_string(empty);
    if (r) out += '/';
  }
  out += ' ';
  out += color_letter(side_);
  return out;
}

}  // namespace ordo
