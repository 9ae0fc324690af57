// Ordo's side of the compile-time seam between the search and a game: the types and the
// few position questions that the alpha-beta worker (search_worker.h) asks, all inline so
// that the template instantiated for Ordo compiles to the same code as a search written
// for Ordo alone. Another game supplies a struct of the same shape
// (orderchaos_rules.h).
//
// What a Rules type provides:
//   types       Position, Move, MoveList (size(), operator[], clear(), empty()), Undo,
//               Weights (evaluation weights), Model (weights made ready by model() once,
//               when a searcher is given them; evaluate() takes null for the defaults)
//   constants   kMaxMoves (a move list's capacity), kHistorySize (history table slots),
//               kCanRepeat (repetition draws exist), kNullMove (passing is allowed and
//               null-move pruning sound enough)
//   moves       generate_legal, make/unmake, pass_turn, hash, pack/unpack (table word),
//               plausible (a table move fits the position: searched before generating),
//               generate_forcing (appends every capture and every move that wins at
//               once, maybe a few more, searched before the rest are generated; false
//               where a game cannot list them apart)
//   results     is_over, terminal_score (of an over position, for its side to move),
//               find_win (index of a move in a list that wins at once, or -1)
//   ordering    is_tactical (a capture: ordered early, never reduced), tactical_key,
//               quiet_key (4 bits, ties among equal history), history_index
//   guards      in_danger (no null move, no late move pruning), null_move_allowed (a
//               position where passing is a fair test at all), forced_replies (no
//               reductions; the optional extension), late_move_pruning,
//               singular_extension (a node may test whether its table move is the only
//               good one, and search it a ply deeper if so)
//   quiescence  generate_quiescence (every legal move when asked, else at least the tactical
//               ones; returns whether the list is every legal move),
//               must_answer (search every move instead of standing pat; given a scratch list;
//               asked before the moves are generated, so true only where
//               generate_quiescence lists every move),
//               quiescence_keys (the moves quiescence searches, ordered)
#pragma once

#include <cstddef>
#include <cstdint>

#include "ordo/ai/direct_turns.h"
#include "ordo/ai/evaluation.h"
#include "ordo/ai/packed_move.h"
#include "ordo/ai/wins_at_once.h"
#include "ordo/move.h"
#include "ordo/move_list.h"
#include "ordo/movegen.h"
#include "ordo/position.h"
#include "search/score.h"
#include "search/transposition_table.h"

namespace ordo {

namespace ordo_search_detail {

// Plies of quiescence in which a side that is split or threatened searches every move
// instead of standing pat (like a check evasion in chess).
constexpr int kEvasionPlies = 2;

inline int advancement(const Geometry& g, Color side, int sq) {
  const int rank = g.rank_of(sq);
  return side == Color::White ? rank : g.height() - 1 - rank;
}

inline int victim_square(const Move& m) {
  return m.steps[0].capture ? m.steps[0].to : m.steps[1].to;
}

// The first step starts from pieces of the side to move and takes an enemy piece only
// where one stands; an Ordo X second step is not checked (see OrdoRules::plausible).
inline bool plausible(const Position& pos, const Move& m) {
  const Step& s = m.first();
  const Bitboard own = pos.pieces(pos.side_to_move());
  const Bitboard enemy = pos.pieces(opponent(pos.side_to_move()));
  if (!(own & bit(s.from)) || !(own & bit(s.tail))) return false;
  return !s.capture || (enemy & bit(s.to)) != 0;
}

}  // namespace ordo_search_detail

struct OrdoRules {
  using Position = ordo::Position;
  using Move = ordo::Move;
  using MoveList = ordo::MoveList;
  using Undo = ordo::Undo;
  using Weights = EvalWeights;
  using Model = EvalModel;

  static constexpr std::size_t kMaxMoves = 16384;                     // MoveList's capacity
  static constexpr int kHistorySize = 2 * kMaxSquares * kMaxSquares;  // [colour][from][to]
  static constexpr bool kCanRepeat = true;
  static constexpr bool kNullMove = true;

  static void generate_legal(const Position& pos, MoveList& list) {
    ordo::generate_legal(pos, list);
  }
  static Undo make(Position& pos, const Move& m) { return pos.make(m); }
  static void unmake(Position& pos, const Move& m, const Undo& undo) { pos.unmake(m, undo); }
  static void pass_turn(Position& pos) { pos.pass_turn(); }
  static std::uint64_t hash(const Position& pos) { return pos.hash(); }
  static PackedMove pack(const Move& m) { return pack_move(m); }
  static Move unpack(PackedMove packed) { return unpack_move(packed); }

  // A table move is searched before the moves are generated. Its key matched in full, so
  // it is this position's own move unless the 64-bit hashes collided; this cheap check
  // keeps even such a move from moving pieces that are not there.
  static bool plausible(const Position& pos, const Move& m) {
    return ordo_search_detail::plausible(pos, m);
  }

  // Classic lists its captures and home-row moves without the quiet ones (the dearest
  // part: ordos); an Ordo X capture may follow any sideways step, so X has no such list.
  static bool generate_forcing(const Position& pos, MoveList& list) {
    if (pos.variant() != Variant::Classic) return false;
    ordo::generate_forcing(pos, list);
    return true;
  }

  static bool is_over(const Position& pos) { return pos.decided_winner().has_value(); }
  // Only a move can decide Ordo: the side to move of a decided position has lost.
  static int terminal_score(const Position&, int ply) { return mated_score(ply); }
  static int find_win(Position& pos, const MoveList& list) {
    for (std::size_t i = 0; i < list.size(); ++i)
      if (wins_at_once(pos, list[i])) return static_cast<int>(i);
    return -1;
  }

  static bool is_tactical(const Move& m) { return is_capture(m); }
  // Take the enemy piece that has come closest to our home row first.
  static std::uint32_t tactical_key(const Position& pos, const Move& m) {
    return static_cast<std::uint32_t>(ordo_search_detail::advancement(
        pos.geometry(), opponent(pos.side_to_move()), ordo_search_detail::victim_square(m)));
  }
  // Among equal history, the move that lands furthest forward.
  static std::uint32_t quiet_key(const Position& pos, const Move& m) {
    return static_cast<std::uint32_t>(
        ordo_search_detail::advancement(pos.geometry(), pos.side_to_move(), m.last().to));
  }
  static int history_index(const Position& pos, const Move& m) {
    return (index(pos.side_to_move()) * kMaxSquares + m.first().from) * kMaxSquares + m.last().to;
  }

  // The side to move must answer something: it is split (Classic), or an enemy piece may
  // reach its home row next turn.
  static bool in_danger(const Position& pos) {
    const Color us = pos.side_to_move();
    return !pos.is_connected(us) || open_path_pieces(pos, opponent(us)) != 0;
  }
  // Null-move pruning takes passing a turn for the worst a side can do. In a Classic 8x8
  // endgame, a race of a few pieces to the home rows, a turn is worth too much for that,
  // as in a pawn ending of chess: no null move there. Measured on 8x8 only (research/tuning-log.md,
  // "A more careful null move"), so the wider boards and Ordo X keep it.
  static constexpr int kNullMoveEndgamePieces = 16;  // on the board, both sides together
  static bool null_move_allowed(const Position& pos) {
    return pos.variant() != Variant::Classic || pos.geometry().width() > kNarrowBoardFiles ||
           popcount(pos.occupied()) > kNullMoveEndgamePieces;
  }
  // A split side has few moves, all forced.
  static bool forced_replies(const Position& pos) { return !pos.is_connected(pos.side_to_move()); }
  // Ordo X only: some 2,000 turns per position.
  static bool late_move_pruning(const Position& pos) { return pos.variant() == Variant::X; }
  // Classic only, where it was tried (research/tuning-log.md, "Singular extensions"); an Ordo X
  // node's thousands of turns make the test dear, and its figures were met without it.
  static bool singular_extension(const Position& pos) { return pos.variant() == Variant::Classic; }

  static Model model(const Weights& weights) { return EvalModel(weights); }
  static int evaluate(const Position& pos, const Model* model) {
    return model ? ordo::evaluate(pos, *model) : ordo::evaluate(pos);
  }

  // Classic: every move when asked (an empty list is a loss), else the captures and the
  // moves onto the home row (the wins at once); Ordo X: only the one-step forward turns,
  // not all 2,000 (an empty list proves nothing then, and a two-step win is left to the
  // next iteration).
  static bool generate_quiescence(const Position& pos, MoveList& list, bool every_move) {
    if (pos.variant() == Variant::Classic) {
      if (every_move) {
        ordo::generate_legal(pos, list);
        return true;
      }
      ordo::generate_forcing(pos, list);
      return false;
    }
    generate_direct_turns(pos, list);
    return false;
  }
  // A Classic side that must reconnect, or whose opponent really has a winning move next
  // (not merely an open path, which may be illegal: opponent_threatens_win), cannot rely
  // on the static score: it searches every move for a few plies. `scratch` is for the
  // opponent's moves.
  static bool must_answer(const Position& pos, int qply, MoveList& scratch) {
    return pos.variant() == Variant::Classic && qply < ordo_search_detail::kEvasionPlies &&
           (!pos.is_connected(pos.side_to_move()) || opponent_threatens_win(pos, scratch));
  }
  // Only the captures, best first: quiescence needs no order for the other moves. An Ordo
  // X capture can follow any sideways step: only the direct ones are kept, or quiescence
  // would be as wide as the full search. Returns the number of keys written.
  static std::size_t quiescence_keys(const Position& pos, const MoveList& list,
                                     std::uint64_t* keys) {
    const Geometry& g = pos.geometry();
    const Color them = opponent(pos.side_to_move());
    const bool classic = pos.variant() == Variant::Classic;
    std::size_t count = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const Move& m = list[i];
      if (!is_capture(m) || (!classic && m.step_count == 2)) continue;
      const int victim = ordo_search_detail::victim_square(m);
      keys[count++] = std::uint64_t(ordo_search_detail::advancement(g, them, victim)) << 16 | i;
    }
    return count;
  }
};

}  // namespace ordo
