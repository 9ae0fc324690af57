// SVG plots of a statistics run, written as plain text: the length histogram, the
// branching profile, the pieces by ply, and the first player's score by level across
// several runs. Labels that come from files or users are escaped.
#pragma once

#include <string>
#include <vector>

#include "stats/stats_json.h"

namespace stats {

std::string length_histogram_svg(const RunResult& run);
std::string branching_profile_svg(const RunResult& run);
std::string pieces_by_ply_svg(const RunResult& run);
// One point per run, in the order given, labelled with its players: the first player's
// score and its interval.
std::string score_by_run_svg(const std::vector<RunResult>& runs);

// A line for titles: "Ordo classic 10x8, random vs level:3, 1000 games".
std::string run_title(const RunResult& run);

}  // namespace stats
