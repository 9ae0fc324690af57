// The distinct legal turns of a position, once a piece is in the final six points (and under
// the ludii rules only while no piece can be borne off this turn), held as groups instead of
// one by one: a group is the steps but the last, plus the set of sources the last step may
// take, so a walk stores one group where it would store up to 24 turns. The k-th turn is
// found by the groups' running counts. Random play uniform over positions draws one index
// below the total (playout.cpp); a single walk on a copy of the mover's points, no hashing.
#pragma once

#include <array>
#include <cstdint>

#include "mughrabieh/position.h"

namespace mughrabieh {

struct TurnGroups {
  struct Group {
    Turn prefix;                // the steps before the last; the roll
    std::uint32_t last = 0;     // the last step's sources (0: the prefix is the whole turn)
    std::uint32_t first = 0;    // the index of the group's first turn
    std::uint8_t last_die = 0;  // the last step's die
  };
  // A double: the groups after three steps are at most the multisets of three sources among
  // 24 points (2,600), and shorter turns at most 24 + 300 + 2,600; two dice: 2 x 24.
  static constexpr int kMaxGroups = 6144;

  int size = 0;
  std::uint32_t total = 0;  // the distinct turns over all groups
  int rank = -1;            // as TurnList::rank
  std::array<Group, kMaxGroups> groups;

  // The k-th turn, k < total.
  Turn turn(std::uint32_t k) const;
};

// Fills `groups` with `pos`'s distinct legal turns for its pending roll and returns true when
// the sorted walk applies (a piece of the side to move in its final six points; under the
// ludii rules also some piece outside them that the roll cannot bring home); otherwise returns
// false and leaves `groups` unspecified. total is 0 when the roll has no legal step (the pass).
bool group_sorted_turns(const Position& pos, TurnGroups& groups);

}  // namespace mughrabieh
