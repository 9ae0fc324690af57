// The readable summary of a statistics run: outcomes with intervals, Ludii's metrics,
// endings, lengths, choice and the course of the games.
#pragma once

#include <string>

#include "stats/stats_json.h"

namespace stats {

std::string summary_text(const RunResult& run);

}  // namespace stats
