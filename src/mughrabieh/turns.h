// The legal turns of a position for its pending roll (docs/rules.md, Mughrabieh 3-7): every
// legal sequence of die steps is walked, and the turns are kept once per resulting
// position, each with the number of sequences that reach it. Lists have a fixed capacity
// proven large enough, so that generation never allocates.
#pragma once

#include <array>
#include <cstdint>

#include "mughrabieh/position.h"
#include "mughrabieh/turn_groups.h"

namespace mughrabieh {

// Distinct end positions are at most the multisets of step sources: for a double, up to
// four sources among 24 points, C(27,4) = 17,550 of length four and 20,474 of all lengths
// (the ludii rule set keeps shorter maximal turns too); for other rolls 2 x 24 x 24.
constexpr int kMaxTurns = 20480;

// About 0.85 MB: make one per depth or per thread, once, on the heap.
struct TurnList {
  int size = 0;
  std::uint64_t sequences = 0;  // the legal step sequences, over all turns
  // Under the house rules, the rank every legal turn has: twice its number of steps, plus
  // one for a single step with the larger die. Used to check a written sequence.
  int rank = 0;
  std::array<Turn, kMaxTurns> turns;
  std::array<std::uint32_t, kMaxTurns> sequences_of;  // per turn
  std::array<std::uint64_t, kMaxTurns> board_hash;    // per turn, after it

  const Turn* begin() const { return turns.data(); }
  const Turn* end() const { return turns.data() + size; }

  // The hash table that finds a turn by its end board; cleared by a stamp, not a fill.
  static constexpr int kSlots = 32768;
  std::array<std::uint32_t, kSlots> slot_stamp{};
  std::array<std::uint16_t, kSlots> slot_turn{};
  std::uint32_t stamp = 0;
  // Positions met inside a double's turn (after 1-3 steps), for generate_distinct_turns:
  // at most the multisets of 1-3 sources among 24 points, 24 + 300 + 2,600.
  static constexpr int kSeenSlots = 4096;
  std::array<std::uint32_t, kSeenSlots> seen_stamp{};
  std::array<std::uint64_t, kSeenSlots> seen_hash{};
  std::uint32_t seen_round = 0;
  // Scratch for random play uniform over positions (turn_groups.h), which needs no list.
  TurnGroups groups;
};

// Fills `list` with the legal turns of `pos` for its pending roll (`pos` must hold a roll
// and not be over); a position with no legal step has one turn, the pass. `pos` is used as
// scratch and left as it was.
void generate_turns(Position& pos, TurnList& list);

// The same turns (in another order, possibly with other step orders), faster, for random
// play: a double's sequences that meet at the same position part way are walked on once,
// and under the house rules, once a piece is home, the steps are taken by increasing
// source, which meets each turn once without hashing. `sequences` and `sequences_of` are
// not counted (left 0), nor is `board_hash` where no hash was needed (left 0).
void generate_distinct_turns(Position& pos, TurnList& list);

// The rank of a step sequence as TurnList::rank counts it.
int turn_rank(const Turn& turn);

}  // namespace mughrabieh
