// An SVG chart of the Elo estimate and its 95% interval over the games of a match:
// a shaded band for the interval, a line for the estimate, a zero line, labelled axes.
// Written by hand (plain text), so no plotting tool is needed.
#pragma once

#include <string>
#include <vector>

#include "match/match.h"

namespace ordo::match {

// Infinite bounds (all wins or all losses) are drawn at the edge of the chart, which
// spans the finite values and at most +-kPlotEloLimit.
inline constexpr double kPlotEloLimit = 800;

std::string elo_plot_svg(const std::vector<EloPoint>& history, const std::string& title);

}  // namespace ordo::match
