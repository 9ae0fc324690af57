#include "match/elo_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "util/svg_text.h"

namespace ordo::match {

namespace {

using common::svg_escape;
using common::svg_number;

constexpr double kWidth = 720, kHeight = 420;
constexpr double kLeft = 70, kRight = 20, kTop = 40, kBottom = 50;

// Without an interval (all results alike) the band shrinks to the estimate.
double band_low(const EloEstimate& e) {
  return e.has_interval ? e.low : e.elo;
}
double band_high(const EloEstimate& e) {
  return e.has_interval ? e.high : e.elo;
}

struct Frame {
  double games = 1, low = -100, high = 100;
  double x(double g) const { return kLeft + (kWidth - kLeft - kRight) * g / games; }
  double y(double elo) const {
    const double clamped = std::clamp(elo, low, high);
    return kTop + (kHeight - kTop - kBottom) * (high - clamped) / (high - low);
  }
};

Frame frame_for(const std::vector<EloPoint>& history) {
  Frame f;
  f.games = std::max(1, history.empty() ? 1 : history.back().games);
  double low = 0, high = 0;
  for (const EloPoint& p : history) {
    if (!p.estimate.has_interval) continue;
    for (double v : {p.estimate.elo, p.estimate.low, p.estimate.high}) {
      if (std::isfinite(v)) {
        low = std::min(low, v);
        high = std::max(high, v);
      }
    }
  }
  f.low = std::max(low, -kPlotEloLimit);
  f.high = std::min(high, kPlotEloLimit);
  const double pad = std::max(10.0, (f.high - f.low) * 0.05);
  f.low -= pad;
  f.high += pad;
  return f;
}

void axes(std::ostringstream& svg, const Frame& f) {
  const double step = common::svg_tick_step(f.high - f.low, 8);
  for (double v = std::ceil(f.low / step) * step; v <= f.high; v += step) {
    svg << "<line x1=\"" << svg_number(kLeft) << "\" y1=\"" << svg_number(f.y(v)) << "\" x2=\""
        << svg_number(kWidth - kRight) << "\" y2=\"" << svg_number(f.y(v))
        << "\" stroke=\"#e0e0e0\"/>\n<text x=\"" << svg_number(kLeft - 6) << "\" y=\""
        << svg_number(f.y(v) + 4) << "\" text-anchor=\"end\">" << std::lround(v) << "</text>\n";
  }
  const double game_step = std::max(1.0, common::svg_tick_step(f.games, 10));
  for (double g = 0; g <= f.games; g += game_step) {
    svg << "<text x=\"" << svg_number(f.x(g)) << "\" y=\"" << svg_number(kHeight - kBottom + 18)
        << "\" text-anchor=\"middle\">" << static_cast<long long>(g) << "</text>\n";
  }
  svg << "<rect x=\"" << svg_number(kLeft) << "\" y=\"" << svg_number(kTop) << "\" width=\""
      << svg_number(kWidth - kLeft - kRight) << "\" height=\""
      << svg_number(kHeight - kTop - kBottom) << "\" fill=\"none\" stroke=\"#444\"/>\n";
  svg << "<text x=\"" << svg_number((kLeft + kWidth - kRight) / 2) << "\" y=\""
      << svg_number(kHeight - 10) << "\" text-anchor=\"middle\">games</text>\n";
  svg << "<text x=\"16\" y=\"" << svg_number((kTop + kHeight - kBottom) / 2)
      << "\" text-anchor=\"middle\" transform=\"rotate(-90 16 "
      << svg_number((kTop + kHeight - kBottom) / 2) << ")\">Elo (first player)</text>\n";
}

}  // namespace

std::string elo_plot_svg(const std::vector<EloPoint>& history, const std::string& title) {
  const Frame f = frame_for(history);
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth << "\" height=\"" << kHeight
      << "\" viewBox=\"0 0 " << kWidth << ' ' << kHeight
      << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  svg << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg << "<text x=\"" << svg_number(kWidth / 2) << "\" y=\"24\" text-anchor=\"middle\" "
      << "font-size=\"15\">" << svg_escape(title) << "</text>\n";
  axes(svg, f);
  if (f.low < 0 && f.high > 0) {
    svg << "<line x1=\"" << svg_number(kLeft) << "\" y1=\"" << svg_number(f.y(0)) << "\" x2=\""
        << svg_number(kWidth - kRight) << "\" y2=\"" << svg_number(f.y(0))
        << "\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n";
  }
  if (!history.empty()) {
    svg << "<polygon fill=\"#9ecae1\" fill-opacity=\"0.6\" stroke=\"none\" points=\"";
    for (const EloPoint& p : history) {
      svg << svg_number(f.x(p.games)) << ',' << svg_number(f.y(band_high(p.estimate))) << ' ';
    }
    for (auto it = history.rbegin(); it != history.rend(); ++it) {
      svg << svg_number(f.x(it->games)) << ',' << svg_number(f.y(band_low(it->estimate))) << ' ';
    }
    svg << "\"/>\n<polyline fill=\"none\" stroke=\"#08519c\" stroke-width=\"2\" points=\"";
    for (const EloPoint& p : history) {
      svg << svg_number(f.x(p.games)) << ',' << svg_number(f.y(p.estimate.elo)) << ' ';
    }
    svg << "\"/>\n";
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace ordo::match
