// Order and Chaos's side of the compile-time seam between the search and a game (the
// shape is described in ordo_rules.h). Placements only: no captures, no repetition, no
// passing (so no null move); the board fills up, so every line of play ends.
//
// Quiescence: Chaos facing a four (a square where Order completes a line) must answer it,
// so for a couple of plies it searches every placement instead of standing pat; Order's
// immediate wins are found at every node. Nothing else is tactical.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "orderchaos/ai/orderchaos_evaluation.h"
#include "orderchaos/movegen.h"
#include "orderchaos/position.h"
#include "search/score.h"
#include "search/transposition_table.h"

namespace ordo {

// orderchaos::MoveList with the interface the search uses for every game.
struct OrderChaosMoveList {
  orderchaos::MoveList inner;
  std::size_t size() const { return static_cast<std::size_t>(inner.size); }
  bool empty() const { return inner.size == 0; }
  void clear() { inner.size = 0; }
  const orderchaos::Move& operator[](std::size_t i) const { return inner.moves[i]; }
  const orderchaos::Move* begin() const { return inner.begin(); }
  const orderchaos::Move* end() const { return inner.end(); }
};

struct OrderChaosRules {
  using Position = orderchaos::Position;
  using Move = orderchaos::Move;
  using MoveList = OrderChaosMoveList;
  struct Undo {};  // Position::undo needs only the move
  using Weights = orderchaos::EvalWeights;
  using Model = Weights;  // ready as it is

  static constexpr std::size_t kMaxMoves = 2 * orderchaos::kSquares;
  static constexpr int kHistorySize = 2 * orderchaos::kSquares * 2;  // [role][square][symbol]
  static constexpr bool kCanRepeat = false;
  static constexpr bool kNullMove = false;
  // Plies of quiescence in which Chaos answers a four by searching every placement.
  static constexpr int kAnswerPlies = 2;

  static void generate_legal(const Position& pos, MoveList& list) {
    orderchaos::generate_legal(pos, list.inner);
  }
  static Undo make(Position& pos, const Move& m) {
    pos.play(m);
    return {};
  }
  static void unmake(Position& pos, const Move& m, const Undo&) { pos.undo(m); }
  static void pass_turn(Position&) {}  // never called: kNullMove is false
  static std::uint64_t hash(const Position& pos) { return pos.hash(); }
  // Square and symbol, with a bit set so that no move packs to kNoPackedMove.
  static PackedMove pack(const Move& m) {
    const auto symbol = static_cast<PackedMove>(orderchaos::index(m.symbol));
    return PackedMove{1} << 16 | PackedMove{m.square} | symbol << 8;
  }
  static Move unpack(PackedMove packed) {
    return Move{static_cast<std::uint8_t>(packed & 0xFF),
                (packed >> 8 & 1) != 0 ? orderchaos::Symbol::O : orderchaos::Symbol::X};
  }

  // A table move is searched before the moves are generated: its square must be empty.
  static bool plausible(const Position& pos, const Move& m) {
    return (pos.empty() & orderchaos::bit(m.square)) != 0;
  }
  // Nothing is captured in Order and Chaos: every move is generated at once.
  static bool generate_forcing(const Position&, MoveList&) { return false; }

  static bool is_over(const Position& pos) { return pos.over(); }
  // Either side may stand to move in a decided position: a placement by Chaos can
  // complete Order's line.
  static int terminal_score(const Position& pos, int ply) {
    const orderchaos::Role winner = pos.outcome() == orderchaos::Outcome::OrderWins
                                        ? orderchaos::Role::Order
                                        : orderchaos::Role::Chaos;
    return winner == pos.to_move() ? winning_score(ply) : mated_score(ply);
  }
  // The squares where Order completes a line now, per symbol.
  static bool order_threatens(const Position& pos) {
    return (orderchaos::winning_squares(pos, orderchaos::Symbol::X) |
            orderchaos::winning_squares(pos, orderchaos::Symbol::O)) != 0;
  }
  // Order wins at once by completing a line; Chaos only by filling the last square
  // without completing one.
  static int find_win(Position& pos, const MoveList& list) {
    if (pos.to_move() == orderchaos::Role::Order) {
      const orderchaos::Bitboard wins[2] = {
          orderchaos::winning_squares(pos, orderchaos::Symbol::X),
          orderchaos::winning_squares(pos, orderchaos::Symbol::O)};
      if ((wins[0] | wins[1]) == 0) return -1;
      for (std::size_t i = 0; i < list.size(); ++i)
        if (wins[orderchaos::index(list[i].symbol)] & orderchaos::bit(list[i].square))
          return static_cast<int>(i);
      return -1;
    }
    if (std::popcount(pos.empty()) != 1) return -1;
    for (std::size_t i = 0; i < list.size(); ++i) {
      pos.play(list[i]);
      const bool won = pos.outcome() == orderchaos::Outcome::ChaosWins;
      pos.undo(list[i]);
      if (won) return static_cast<int>(i);
    }
    return -1;
  }

  static bool is_tactical(const Move&) { return false; }
  static std::uint32_t tactical_key(const Position&, const Move&) { return 0; }
  // Among equal history, the square in the most windows (the centre) first.
  static std::uint32_t quiet_key(const Position&, const Move& m) {
    return static_cast<std::uint32_t>(orderchaos::kWindowsThrough[m.square].count);
  }
  static int history_index(const Position& pos, const Move& m) {
    return (orderchaos::index(pos.to_move()) * orderchaos::kSquares + m.square) * 2 +
           orderchaos::index(m.symbol);
  }

  // Chaos facing a four must block it.
  static bool in_danger(const Position& pos) {
    return pos.to_move() == orderchaos::Role::Chaos && order_threatens(pos);
  }
  static bool null_move_allowed(const Position&) { return false; }  // as kNullMove
  static bool forced_replies(const Position&) { return false; }
  static bool late_move_pruning(const Position&) { return false; }
  static bool singular_extension(const Position&) { return false; }  // not measured here

  static Model model(const Weights& weights) { return weights; }
  static int evaluate(const Position& pos, const Model* weights) {
    return weights ? orderchaos::evaluate(pos, *weights) : orderchaos::evaluate(pos);
  }

  static bool generate_quiescence(const Position& pos, MoveList& list, bool /*every_move*/) {
    generate_legal(pos, list);
    return true;
  }
  static bool must_answer(const Position& pos, int qply, MoveList& /*scratch*/) {
    return qply < kAnswerPlies && in_danger(pos);
  }
  static std::size_t quiescence_keys(const Position&, const MoveList&, std::uint64_t*) { return 0; }
};

}  // namespace ordo
