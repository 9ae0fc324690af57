// A Mughrabieh position: the pieces of both sides (a count per point of each side's own
// track), the side to move, the pending roll (none while the roll is still to be made: a
// chance node), and the outcome, kept up to date by play/undo together with an incremental
// Zobrist hash, the occupancy masks and the pip counts. No heap, trivially copyable.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "mughrabieh/types.h"
#include "mughrabieh/zobrist.h"

namespace mughrabieh {

// A position string that cannot be read; what() says why.
class PositionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

enum class Outcome : std::uint8_t { Ongoing, WhiteWins, BlackWins, Draw };

class Position {
 public:
  // Fifteen pieces on each side's first point, `first` to roll.
  static Position start(RuleSet rules = RuleSet::House, Side first = Side::White);
  // docs/rules.md, Mughrabieh 8: "24x14,3/24x15 w 52" (White's points, '/', Black's points,
  // each in its own numbering; the side to move; the roll or '-' while it is to be made;
  // optionally "pass" when the previous turn was a pass). Throws PositionError.
  static Position parse(std::string_view text, RuleSet rules = RuleSet::House);
  std::string to_string() const;
  // A position from each side's counts per point of its own track (index 0 = its
  // starting point), the side to move and the rule set, a chance node; checked as parse
  // checks. Throws PositionError.
  using Counts = std::array<std::array<std::uint8_t, kPoints>, 2>;
  static Position from_counts(const Counts& counts, Side to_move, RuleSet rules = RuleSet::House);

  RuleSet rules() const { return rules_; }
  Side to_move() const { return to_move_; }
  int count(Side s, int point) const { return count_[index(s)][point]; }  // own track index
  int off(Side s) const { return off_[index(s)]; }
  int on_board(Side s) const { return kPieces - off_[index(s)]; }
  int pips(Side s) const { return pips_[index(s)]; }  // the steps left to bear all off
  // The points holding pieces of `s`, bit i for its own track index i.
  std::uint32_t occupied(Side s) const { return occupied_[index(s)]; }
  // The points `s` may not land on (the opponent's pieces), in `s`'s own indices.
  std::uint32_t blocked(Side s) const { return mirrored_[index(opponent(s))]; }
  bool all_home(Side s) const { return (occupied_[index(s)] & kOutsideHomeMask) == 0; }
  bool previous_passed() const { return previous_passed_; }

  Outcome outcome() const { return outcome_; }
  bool over() const { return outcome_ != Outcome::Ongoing; }
  // The points the winner scores: the loser's pieces still on the board (0 for a draw).
  int points() const;

  // Chance, as in OpenSpiel: a position still going with no roll is a chance node.
  bool is_chance_node() const { return !over() && roll_index_ < 0; }
  std::optional<Roll> roll() const;
  void set_roll(Roll roll);  // at a chance node
  void clear_roll();         // back to the chance node (the inverse of set_roll)

  // The points the side to move may move a piece from with one die of `die` pips now
  // (docs/rules.md, Mughrabieh 3-6 under this position's rule set): bit i for index i.
  std::uint32_t step_sources(int die) const;
  // Whether rule 5 (the first piece) keeps a piece on the starting point that `die`
  // could otherwise move: some piece has left it and none has reached the final six.
  bool start_held_back(int die) const;

  // One die step of the side to move (legal: from step_sources) and its inverse; they
  // change only the pieces, the masks, pips and hash, never the side or the roll.
  void apply_step(Step step) { step_forward<true>(step); }
  void undo_step(Step step) { step_back<true>(step); }
  // The same leaving board_hash() stale between the two (for walks that need no hash):
  // apply_step_unhashed then undo_step_unhashed restores everything exactly.
  void apply_step_unhashed(Step step) { step_forward<false>(step); }
  void undo_step_unhashed(Step step) { step_back<false>(step); }
  // board_hash() after apply_step(step), without playing it.
  std::uint64_t board_hash_after(Step step) const;

  // Plays a legal turn for the pending roll (a pass when it has no steps): the steps, then
  // the outcome, then the other side to roll. Returns what undo needs besides the turn.
  std::uint8_t play(const Turn& turn) { return play_turn<true>(turn); }
  // The same without touching the hash, for random playouts: from then on hash() and
  // board_hash() differ from the pieces' true keys by one constant XOR, so equal boards
  // still hash equal for the turn generators, but not equal to another position's hash.
  void play_unhashed(const Turn& turn) { play_turn<false>(turn); }
  void undo(const Turn& turn, std::uint8_t undo_token);

  std::uint64_t hash() const;
  // The hash of the pieces alone (without side, roll and flags): equal exactly for equal
  // boards, as far as 64-bit keys tell.
  std::uint64_t board_hash() const { return board_hash_; }

  friend bool operator==(const Position& a, const Position& b) {
    return a.count_ == b.count_ && a.to_move_ == b.to_move_ && a.roll_index_ == b.roll_index_ &&
           a.rules_ == b.rules_ && a.previous_passed_ == b.previous_passed_ &&
           a.outcome_ == b.outcome_;
  }
  bool same_board(const Position& other) const { return count_ == other.count_; }

 private:
  template <bool Hash>
  void set_count(int side, int point, int value);
  template <bool Hash>
  void step_forward(Step step);
  template <bool Hash>
  void step_back(Step step);
  template <bool Hash>
  std::uint8_t play_turn(const Turn& turn);
  void recompute();         // masks, pips, off counts, hashes and outcome from the counts
  void check_and_finish();  // recompute(), then refuse impossible positions

  std::array<std::array<std::uint8_t, kPoints>, 2> count_{};
  std::array<std::uint8_t, 2> off_{};
  std::array<std::uint32_t, 2> occupied_{};  // own indices
  std::array<std::uint32_t, 2> mirrored_{};  // the same points in the opponent's indices
  std::array<std::int16_t, 2> pips_{};
  std::uint64_t board_hash_ = 0;
  Side to_move_ = Side::White;
  std::int8_t roll_index_ = -1;
  RuleSet rules_ = RuleSet::House;
  bool previous_passed_ = false;
  Outcome outcome_ = Outcome::Ongoing;
};

// The lowest `n` bits.
constexpr std::uint32_t low_bits(int n) {
  return n <= 0 ? 0u : (n >= 32 ? ~0u : (1u << n) - 1);
}

// The inner loop of turn generation, inline.

inline std::uint32_t Position::step_sources(int die) const {
  const int s = index(to_move_);
  const std::uint32_t mine = occupied_[s];
  const std::uint32_t landing = mine & ~(mirrored_[1 - s] >> die) & low_bits(kPoints - die);
  if (mine & kOutsideHomeMask) {
    // Rule 5: before a first piece reaches the final six points, only one piece may have
    // left the starting point.
    if (!(mine & kHomeMask) && count_[s][0] != kPieces) return landing & ~1u;
    return landing;
  }
  if (!mine) return 0;
  const std::uint32_t exact = mine & (1u << (kPoints - die));
  if (rules_ == RuleSet::House) {
    // House rule: a larger number bears off only from the farthest point, and only when no
    // piece stands farther back than the number.
    const int farthest = std::countr_zero(mine);
    const std::uint32_t over = kPoints - farthest < die ? 1u << farthest : 0u;
    return landing | exact | over;
  }
  // Ludii's model: when the die moves no piece and bears none off exactly, the first
  // piece along the track that the die carries past the end is borne off.
  if (landing | exact) return landing | exact;
  const std::uint32_t past = mine & ~low_bits(kPoints - die + 1);
  return past & (~past + 1);
}

inline bool Position::start_held_back(int die) const {
  const int s = index(to_move_);
  const std::uint32_t mine = occupied_[s];
  if (!(mine & 1u) || (mine & kHomeMask) || count_[s][0] == kPieces) return false;
  return ((mirrored_[1 - s] >> die) & 1u) == 0;  // the landing point is not the opponent's
}

template <bool Hash>
inline void Position::set_count(int side, int point, int value) {
  if constexpr (Hash) {
    const auto& keys = zobrist::kKeys.piece[side][point];
    board_hash_ ^= keys[count_[side][point]] ^ keys[value];
  }
  count_[side][point] = static_cast<std::uint8_t>(value);
  const std::uint32_t own = 1u << point;
  const std::uint32_t theirs = 1u << (kPoints - 1 - point);
  // Without branches: whether a point empties follows the dice, unpredictably.
  const std::uint32_t held = value ? ~0u : 0u;
  occupied_[side] = (occupied_[side] & ~own) | (own & held);
  mirrored_[side] = (mirrored_[side] & ~theirs) | (theirs & held);
}

template <bool Hash>
inline void Position::step_forward(Step step) {
  const int s = index(to_move_);
  const int to = step.from + step.die;
  set_count<Hash>(s, step.from, count_[s][step.from] - 1);
  if (to >= kPoints) {
    ++off_[s];
    pips_[s] = static_cast<std::int16_t>(pips_[s] - (kPoints - step.from));
  } else {
    set_count<Hash>(s, to, count_[s][to] + 1);
    pips_[s] = static_cast<std::int16_t>(pips_[s] - step.die);
  }
}

template <bool Hash>
inline void Position::step_back(Step step) {
  const int s = index(to_move_);
  const int to = step.from + step.die;
  if (to >= kPoints) {
    --off_[s];
    pips_[s] = static_cast<std::int16_t>(pips_[s] + (kPoints - step.from));
  } else {
    set_count<Hash>(s, to, count_[s][to] - 1);
    pips_[s] = static_cast<std::int16_t>(pips_[s] + step.die);
  }
  set_count<Hash>(s, step.from, count_[s][step.from] + 1);
}

inline std::uint64_t Position::board_hash_after(Step step) const {
  const int s = index(to_move_);
  const int to = step.from + step.die;
  const auto& keys = zobrist::kKeys.piece[s];
  const int c = count_[s][step.from];
  std::uint64_t h = board_hash_ ^ keys[step.from][c] ^ keys[step.from][c - 1];
  if (to < kPoints) h ^= keys[to][count_[s][to]] ^ keys[to][count_[s][to] + 1];
  return h;
}

}  // namespace mughrabieh
