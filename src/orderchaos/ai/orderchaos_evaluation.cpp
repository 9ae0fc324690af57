#include "orderchaos/ai/orderchaos_evaluation.h"

#include <algorithm>
#include <bit>

namespace orderchaos {

namespace {

constexpr Symbol other(Symbol s) {
  return s == Symbol::X ? Symbol::O : Symbol::X;
}

// What the windows say about one symbol.
struct SymbolLines {
  int open_weight = 0;        // summed weights of its open windows
  Bitboard fours = 0;         // squares that complete a line now
  Bitboard fork_squares = 0;  // empty squares in two or more of its open threes
};

SymbolLines read_lines(const Position& pos, Symbol s, const EvalWeights& weights,
                       std::array<int, kSquares>& block_value) {
  SymbolLines lines;
  const Bitboard mine = pos.pieces(s);
  const Bitboard empty = pos.empty();
  Bitboard in_one_three = 0;
  for (const Window& w : kAllWindows) {
    if (!window_open_for(pos, w, s)) continue;
    const int n = std::popcount(mine & w.squares);
    const Bitboard gaps = empty & w.squares;
    if (n == 4) {
      lines.fours |= gaps;
      continue;
    }
    const int value = weights.open_window[static_cast<std::size_t>(n)];
    lines.open_weight += value;
    if (n == 3) {
      lines.fork_squares |= in_one_three & gaps;
      in_one_three |= gaps;
    }
    // A placement of the other symbol on any gap kills this window for `s`.
    if (n > 0)
      for (Bitboard b = gaps; b; b &= b - 1) block_value[std::countr_zero(b)] += value;
  }
  return lines;
}

}  // namespace

bool window_open_for(const Position& pos, const Window& w, Symbol symbol) {
  if (pos.pieces(other(symbol)) & w.squares) return false;
  return pos.version() == RuleVersion::Original || (pos.pieces(symbol) & w.beyond_ends) == 0;
}

Bitboard winning_squares(const Position& pos, Symbol symbol) {
  const Bitboard mine = pos.pieces(symbol);
  Bitboard squares = 0;
  for (const Window& w : kAllWindows) {
    if (std::popcount(mine & w.squares) != 4) continue;
    if (!window_open_for(pos, w, symbol)) continue;
    squares |= w.squares & ~mine;
  }
  return squares;
}

int evaluate_for_order(const Position& pos, const EvalWeights& weights) {
  std::array<int, kSquares> block_value{};
  const SymbolLines x = read_lines(pos, Symbol::X, weights, block_value);
  const SymbolLines o = read_lines(pos, Symbol::O, weights, block_value);
  const Bitboard fours = x.fours | o.fours;
  if (x.open_weight == 0 && o.open_weight == 0 && fours == 0) return -weights.dead_board;

  int score = x.open_weight + o.open_weight;
  const int four_count = std::popcount(fours);
  if (pos.to_move() == Role::Order) {
    if (four_count > 0) return weights.order_to_win;
    if (x.fork_squares | o.fork_squares) score += weights.fork;
  } else {
    score += weights.four * four_count;
    if (four_count >= 2) score += weights.double_four;
    // Chaos's reply: the best block, paired against Order's strongest square.
    const int best_block = *std::max_element(block_value.begin(), block_value.end());
    score -= best_block * weights.chaos_block / 100;
  }
  return score;
}

int evaluate(const Position& pos, const EvalWeights& weights) {
  const int score = evaluate_for_order(pos, weights);
  return pos.to_move() == Role::Order ? score : -score;
}

}  // namespace orderchaos
