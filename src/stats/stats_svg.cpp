#include "stats/stats_svg.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "stats/metrics.h"
#include "util/svg_text.h"

namespace stats {

namespace {

using common::svg_escape;
using common::svg_number;

constexpr double kWidth = 720;
constexpr double kHeight = 400;
constexpr double kLeft = 70;
constexpr double kRight = 20;
constexpr double kTop = 50;
constexpr double kBottom = 60;

std::string label(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

// A chart frame: value ranges mapped to the plot area, with axes, ticks and titles.
class Chart {
 public:
  Chart(double x_max, double y_max, const std::string& title, const std::string& x_title,
        const std::string& y_title)
      : x_max_(std::max(x_max, 1.0)), y_max_(std::max(y_max, 1e-9)) {
    out_ << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth << "\" height=\""
         << kHeight << "\" viewBox=\"0 0 " << kWidth << ' ' << kHeight
         << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
         << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
         << "<text x=\"" << kWidth / 2 << "\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">"
         << svg_escape(title) << "</text>\n"
         << "<text x=\"" << kWidth / 2 << "\" y=\"" << kHeight - 12 << "\" text-anchor=\"middle\">"
         << svg_escape(x_title) << "</text>\n"
         << "<text transform=\"translate(16," << kHeight / 2
         << ") rotate(-90)\" text-anchor=\"middle\">" << svg_escape(y_title) << "</text>\n";
    axes();
  }
  double x(double value) const { return kLeft + value / x_max_ * (kWidth - kLeft - kRight); }
  double y(double value) const {
    return kHeight - kBottom - value / y_max_ * (kHeight - kTop - kBottom);
  }
  std::ostream& out() { return out_; }
  void polyline(const std::vector<std::pair<double, double>>& points, const char* colour) {
    out_ << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\" points=\"";
    for (const auto& [px, py] : points)
      out_ << svg_number(x(px)) << ',' << svg_number(y(py)) << ' ';
    out_ << "\"/>\n";
  }
  void legend(int row, const std::string& text, const char* colour) {
    const double top = kTop + 8 + 18 * row;
    out_ << "<rect x=\"" << kWidth - 180 << "\" y=\"" << top
         << "\" width=\"14\" height=\"4\" fill=\"" << colour << "\"/>\n<text x=\"" << kWidth - 160
         << "\" y=\"" << top + 6 << "\">" << svg_escape(text) << "</text>\n";
  }
  std::string finish() {
    out_ << "</svg>\n";
    return out_.str();
  }

 private:
  void axes() {
    out_ << "<g stroke=\"#444\">\n<line x1=\"" << kLeft << "\" y1=\"" << y(0) << "\" x2=\""
         << kWidth - kRight << "\" y2=\"" << y(0) << "\"/>\n<line x1=\"" << kLeft << "\" y1=\""
         << kTop << "\" x2=\"" << kLeft << "\" y2=\"" << y(0) << "\"/>\n</g>\n";
    const double xs = common::svg_tick_step(x_max_, 8);
    for (double v = 0; v <= x_max_ + 1e-9; v += xs) {
      out_ << "<text x=\"" << svg_number(x(v)) << "\" y=\"" << y(0) + 16
           << "\" text-anchor=\"middle\">" << label(v) << "</text>\n";
    }
    const double ys = common::svg_tick_step(y_max_, 6);
    for (double v = 0; v <= y_max_ + 1e-9; v += ys) {
      out_ << "<line x1=\"" << kLeft << "\" y1=\"" << svg_number(y(v)) << "\" x2=\""
           << kWidth - kRight << "\" y2=\"" << svg_number(y(v)) << "\" stroke=\"#ddd\"/>\n"
           << "<text x=\"" << kLeft - 6 << "\" y=\"" << svg_number(y(v) + 4)
           << "\" text-anchor=\"end\">" << label(v) << "</text>\n";
    }
  }

  double x_max_;
  double y_max_;
  std::ostringstream out_;
};

// The plies reached by at least 1% of the games: beyond, a mean over a few games only
// wanders.
std::size_t plotted_plies(const std::vector<std::uint64_t>& games_by_ply, std::uint64_t games) {
  std::size_t n = 0;
  while (n < games_by_ply.size() && games_by_ply[n] * 100 >= games && games_by_ply[n] > 0) ++n;
  return n;
}

double ratio(std::uint64_t a, std::uint64_t b) {
  return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
}

}  // namespace

std::string run_title(const RunResult& run) {
  std::string title = run.settings.game.game;
  for (const auto& [key, value] : run.settings.game.options) title += ' ' + value;
  return title + ", " + run.settings.first.text() + " vs " + run.settings.second.text() + ", " +
         std::to_string(run.tally.games) + " games" +
         (run.settings.match_to > 0 ? " in " + std::to_string(run.tally.matches.matches) +
                                          " matches to " + std::to_string(run.settings.match_to)
                                    : "");
}

std::string length_histogram_svg(const RunResult& run) {
  const Histogram& plies = run.tally.plies;
  const int max_plies = plies.empty() ? 1 : plies.rbegin()->first;
  // Bins of a width that leaves about 60 bars.
  const int bin = std::max(1, (max_plies + 60) / 60);
  std::map<int, std::uint64_t> bins;
  std::uint64_t tallest = 0;
  for (const auto& [value, count] : plies) tallest = std::max(tallest, bins[value / bin] += count);
  const double top = ratio(tallest, run.tally.games);
  Chart chart(static_cast<double>(max_plies + bin), top * 1.1, "Game length: " + run_title(run),
              "plies", "share of games");
  for (const auto& [index, count] : bins) {
    const double share = ratio(count, run.tally.games);
    const double left = chart.x(index * bin);
    const double width = std::max(1.0, chart.x((index + 1) * bin) - left - 1);
    chart.out() << "<rect x=\"" << svg_number(left) << "\" y=\"" << svg_number(chart.y(share))
                << "\" width=\"" << svg_number(width) << "\" height=\""
                << svg_number(chart.y(0) - chart.y(share)) << "\" fill=\"#4a7ab5\"/>\n";
  }
  return chart.finish();
}

std::string branching_profile_svg(const RunResult& run) {
  const PlyProfile& p = run.tally.profile;
  const std::size_t n = plotted_plies(p.games, run.tally.games);
  std::vector<std::pair<double, double>> points;
  double top = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double mean = ratio(p.legal_moves[i], p.games[i]);
    points.emplace_back(static_cast<double>(i), mean);
    top = std::max(top, mean);
  }
  Chart chart(static_cast<double>(n), top * 1.1, "Legal moves by ply: " + run_title(run), "ply",
              "legal moves (mean)");
  chart.polyline(points, "#4a7ab5");
  return chart.finish();
}

std::string pieces_by_ply_svg(const RunResult& run) {
  const PlyProfile& p = run.tally.profile;
  const std::size_t n = plotted_plies(p.boards, run.tally.games);
  std::vector<std::pair<double, double>> lines[2];
  double top = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t side = 0; side < 2; ++side) {
      const double mean = ratio(p.pieces[i][side], p.boards[i]);
      lines[side].emplace_back(static_cast<double>(i), mean);
      top = std::max(top, mean);
    }
  }
  std::string measure = run.facts.piece_measure;
  const std::string label = measure + " (mean)";
  if (!measure.empty()) measure[0] = static_cast<char>(std::toupper(measure[0]));
  Chart chart(static_cast<double>(n), top * 1.1, measure + " by ply: " + run_title(run), "ply",
              label);
  const char* colours[2] = {"#c8a040", "#303030"};
  for (std::size_t side = 0; side < 2; ++side) {
    chart.polyline(lines[side], colours[side]);
    chart.legend(static_cast<int>(side), run.facts.piece_kinds[side], colours[side]);
  }
  return chart.finish();
}

std::string score_by_run_svg(const std::vector<RunResult>& runs) {
  const double count = static_cast<double>(runs.size());
  Chart chart(count + 1, 1.0, "First player's score (95% interval)", "run", "score");
  chart.out() << "<line x1=\"" << chart.x(0) << "\" y1=\"" << chart.y(0.5) << "\" x2=\""
              << chart.x(count + 1) << "\" y2=\"" << chart.y(0.5)
              << "\" stroke=\"#c04040\" stroke-dasharray=\"4 4\"/>\n";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const double at = chart.x(static_cast<double>(i + 1));
    const Interval ci = first_player_score_interval(runs[i].tally);
    chart.out() << "<line x1=\"" << svg_number(at) << "\" y1=\"" << svg_number(chart.y(ci.low))
                << "\" x2=\"" << svg_number(at) << "\" y2=\"" << svg_number(chart.y(ci.high))
                << "\" stroke=\"#4a7ab5\" stroke-width=\"2\"/>\n<circle cx=\"" << svg_number(at)
                << "\" cy=\"" << svg_number(chart.y(first_player_score(runs[i].tally)))
                << "\" r=\"4\" fill=\"#4a7ab5\"/>\n<text x=\"" << svg_number(at) << "\" y=\""
                << svg_number(chart.y(0) + 30) << "\" text-anchor=\"middle\" font-size=\"10\">"
                << svg_escape(runs[i].settings.first.text() + " vs " +
                              runs[i].settings.second.text())
                << "</text>\n";
  }
  return chart.finish();
}

}  // namespace stats
