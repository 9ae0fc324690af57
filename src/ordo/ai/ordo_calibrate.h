// Ordo's `calibrate` (GameEntry::calibrate): alpha-beta nodes and reference-bot iterations
// per second of thread CPU time on each position, so that fixed-node matches against the
// bot can be given budgets that stand for its seconds (research/performance.md).
#pragma once

#include <ostream>
#include <vector>

#include "engine/game_registry.h"

namespace games {

void ordo_calibrate(const std::vector<const AnyGame*>& positions, const CalibrateRequest& request,
                    std::ostream& out);

}  // namespace games
