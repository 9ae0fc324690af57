#include "orderchaos/position.h"

#include <array>
#include <bit>

#include "util/zobrist_keys.h"

namespace orderchaos {

namespace {

// Zobrist keys per (symbol, square) and for Chaos to move (second_to_move).
constexpr auto kKeys = common::make_zobrist_keys<kSquares>(0x0C4A'0551'9810'0001ULL);

}  // namespace

std::string_view role_name(Role r) {
  return r == Role::Order ? "Order" : "Chaos";
}

std::string_view version_name(RuleVersion v) {
  return v == RuleVersion::Original ? "original" : "exact-five";
}

Position Position::start(RuleVersion version) {
  Position pos;
  pos.version_ = version;
  pos.hash_ = pos.compute_hash();
  return pos;
}

std::optional<Symbol> Position::at(int sq) const {
  if (pieces_[0] & bit(sq)) return Symbol::X;
  if (pieces_[1] & bit(sq)) return Symbol::O;
  return std::nullopt;
}

bool Position::is_legal(Move move) const {
  return !over() && move.square < kSquares && (empty() & bit(move.square)) != 0;
}

bool Position::completes_line(int sq, Symbol symbol) const {
  const Bitboard mine = pieces_[index(symbol)];
  const SquareWindows& through = kWindowsThrough[sq];
  for (int i = 0; i < through.count; ++i)
    if (window_wins(through.windows[i], mine, version_)) return true;
  return false;
}

void Position::play(Move move) {
  pieces_[index(move.symbol)] |= bit(move.square);
  hash_ ^= kKeys.piece[index(move.symbol)][move.square] ^ kKeys.second_to_move;
  to_move_ = opponent(to_move_);
  if (completes_line(move.square, move.symbol))
    outcome_ = Outcome::OrderWins;
  else if (occupied() == kAllSquares)
    outcome_ = Outcome::ChaosWins;
}

void Position::undo(Move move) {
  pieces_[index(move.symbol)] &= ~bit(move.square);
  hash_ ^= kKeys.piece[index(move.symbol)][move.square] ^ kKeys.second_to_move;
  to_move_ = opponent(to_move_);
  outcome_ = Outcome::Ongoing;  // only a position still going has a move to take back
}

Outcome Position::judge_board() const {
  for (int s = 0; s < 2; ++s) {
    const auto symbol = static_cast<Symbol>(s);
    for (Bitboard b = pieces_[s]; b; b &= b - 1)
      if (completes_line(std::countr_zero(b), symbol)) return Outcome::OrderWins;
  }
  return occupied() == kAllSquares ? Outcome::ChaosWins : Outcome::Ongoing;
}

std::uint64_t Position::compute_hash() const {
  std::uint64_t h = to_move_ == Role::Chaos ? kKeys.second_to_move : 0;
  for (int s = 0; s < 2; ++s)
    for (Bitboard b = pieces_[s]; b; b &= b - 1) h ^= kKeys.piece[s][std::countr_zero(b)];
  return h;
}

Position Position::parse(std::string_view text, RuleVersion version) {
  const auto space = text.find(' ');
  if (space == std::string_view::npos)
    throw PositionError("a position is the ranks, a space, and 'order' or 'chaos' to move");
  const std::string_view board = text.substr(0, space);
  const std::string_view side = text.substr(space + 1);
  Position pos;
  pos.version_ = version;
  if (side == "order")
    pos.to_move_ = Role::Order;
  else if (side == "chaos")
    pos.to_move_ = Role::Chaos;
  else
    throw PositionError("the player to move must be 'order' or 'chaos', not '" + std::string(side) +
                        "'");

  int rank = kSide - 1;
  int file = 0;
  for (std::size_t i = 0; i < board.size(); ++i) {
    const char c = board[i];
    const std::string where = "rank " + std::to_string(rank + 1);
    if (c == '/') {
      if (file != kSide)
        throw PositionError(where + " has " + std::to_string(file) + " squares; it needs " +
                            std::to_string(kSide) + " (Order and Chaos is played on 6x6)");
      if (--rank < 0) throw PositionError("more than 6 ranks (Order and Chaos is played on 6x6)");
      file = 0;
    } else if (c >= '0' && c <= '9') {
      if (c == '0') throw PositionError(where + ": an empty-square count must be at least 1");
      int run = 0;
      while (i < board.size() && board[i] >= '0' && board[i] <= '9' && run <= kSide)
        run = run * 10 + (board[i++] - '0');
      --i;
      file += run;
      if (file > kSide)
        throw PositionError(where + " has more than 6 squares (Order and Chaos is played on 6x6)");
    } else if (c == 'x' || c == 'o') {
      if (file >= kSide)
        throw PositionError(where + " has more than 6 squares (Order and Chaos is played on 6x6)");
      pos.pieces_[c == 'x' ? 0 : 1] |= bit(square_at(file++, rank));
    } else {
      throw PositionError(where + ": '" + std::string(1, c) +
                          "' is not 'x', 'o', a count of empty squares or '/'");
    }
  }
  if (rank != 0 || file != kSide)
    throw PositionError("a position has 6 ranks of 6 squares (Order and Chaos is played on 6x6)");
  pos.outcome_ = pos.judge_board();
  pos.hash_ = pos.compute_hash();
  return pos;
}

std::string Position::to_string() const {
  std::string out;
  for (int rank = kSide - 1; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < kSide; ++file) {
      const auto symbol = at(square_at(file, rank));
      if (!symbol) {
        ++run;
        continue;
      }
      if (run) out += std::to_string(run);
      run = 0;
      out += *symbol == Symbol::X ? 'x' : 'o';
    }
    if (run) out += std::to_string(run);
    if (rank) out += '/';
  }
  out += to_move_ == Role::Order ? " order" : " chaos";
  return out;
}

}  // namespace orderchaos
