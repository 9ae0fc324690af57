// A proof written out: the winner's move in every position it can reach against every
// reply, from a root position. The text format, which tools/orderchaos_strategy_check reads
// with its own code:
//   orderchaos-strategy 1
//   rules original|exact-five
//   winner order|chaos
//   root <position string>
//   <position string> <move>      (one line per position where the winner is to move)
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "orderchaos/dfpn.h"
#include "orderchaos/position.h"

namespace orderchaos {

struct ProofStrategy {
  Position root;
  Role winner = Role::Order;
  std::vector<std::pair<Position, Move>> moves;  // in the order first reached
};

// The strategy of the side that wins `root`, found with `search` (which re-searches where
// its table forgot); none when the root is not won by that side within `limits` or the
// strategy would have more than `max_positions` positions.
std::optional<ProofStrategy> extract_strategy(Dfpn& search, const Position& root, Role winner,
                                              const DfpnLimits& limits, std::size_t max_positions);

std::string format_strategy(const ProofStrategy& strategy);

}  // namespace orderchaos
