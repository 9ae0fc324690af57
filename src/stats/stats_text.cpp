#include "stats/stats_text.h"

#include <cstdio>
#include <sstream>

#include "stats/ludii_metrics.h"
#include "stats/stats_svg.h"

namespace stats {

namespace {

// Rare endings need more digits than the rest to show at all.
std::string percent(double share) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, share > 0 && share < 0.01 ? "%.3f%%" : "%.1f%%",
                100 * share);
  return buffer;
}

std::string fixed(double value, int decimals) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string share_line(std::uint64_t count, std::uint64_t games) {
  const Interval ci = wilson_interval(count, games);
  const double share = games == 0 ? 0 : static_cast<double>(count) / static_cast<double>(games);
  return std::to_string(count) + "  " + percent(share) + " [" + percent(ci.low) + ", " +
         percent(ci.high) + "]";
}

void row(std::ostream& out, const std::string& name, const std::string& value) {
  out << "  " << name << std::string(name.size() < 34 ? 34 - name.size() : 1, ' ') << value << '\n';
}

double ratio(std::uint64_t a, std::uint64_t b) {
  return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
}

// The mean and quartiles of a histogram of whole numbers.
void histogram_rows(std::ostream& out, const Histogram& h) {
  std::uint64_t count = 0, sum = 0;
  for (const auto& [value, n] : h) {
    count += n;
    sum += static_cast<std::uint64_t>(value) * n;
  }
  row(out, "mean", fixed(ratio(sum, count), 2));
  row(out, "quartiles",
      std::to_string(quantile(h, 0.25)) + " / " + std::to_string(quantile(h, 0.5)) + " / " +
          std::to_string(quantile(h, 0.75)));
  if (!h.empty())
    row(out, "least, most",
        std::to_string(h.begin()->first) + ", " + std::to_string(h.rbegin()->first));
}

}  // namespace

std::string summary_text(const RunResult& run) {
  const Tally& t = run.tally;
  const std::string first = run.settings.first.text();
  const std::string second = run.settings.second.text();
  std::ostringstream out;
  out << run_title(run) << ", seed " << run.settings.seed << '\n';
  out << "Outcomes (95% intervals):\n";
  row(out, "first player (" + first + ") wins", share_line(t.first_wins, t.games));
  row(out, "second player (" + second + ") wins", share_line(t.second_wins, t.games));
  row(out, "draws", share_line(t.draws, t.games));
  const Interval score = first_player_score_interval(t);
  row(out, "first player's score",
      percent(first_player_score(t)) + " [" + percent(score.low) + ", " + percent(score.high) +
          "]");
  const Interval comp = completion_interval(t);
  const Interval draw = drawishness_interval(t);
  row(out, "Ludii balance", fixed(balance(t), 3));
  row(out, "Ludii completion",
      fixed(completion(t), 3) + " [" + fixed(comp.low, 3) + ", " + fixed(comp.high, 3) + "]");
  row(out, "Ludii drawishness",
      fixed(drawishness(t), 3) + " [" + fixed(draw.low, 3) + ", " + fixed(draw.high, 3) + "]");
  out << "Endings:\n";
  for (const auto& [name, count] : t.endings) row(out, name, share_line(count, t.games));
  const Interval mean = t.ply_moments.mean_interval();
  out << "Length in plies (one player's turn each):\n";
  row(out, "mean",
      fixed(t.ply_moments.mean(), 1) + " [" + fixed(mean.low, 1) + ", " + fixed(mean.high, 1) +
          "], sd " + fixed(t.ply_moments.standard_deviation(), 1));
  row(out, "quartiles",
      std::to_string(quantile(t.plies, 0.25)) + " / " + std::to_string(quantile(t.plies, 0.5)) +
          " / " + std::to_string(quantile(t.plies, 0.75)));
  if (!t.plies.empty()) {
    row(out, "shortest, longest",
        std::to_string(t.plies.begin()->first) + ", " + std::to_string(t.plies.rbegin()->first));
  }
  std::uint64_t moves = 0;
  for (const std::uint64_t m : t.profile.legal_moves) moves += m;
  out << "Choice:\n";
  row(out, "legal moves per ply", fixed(ratio(moves, t.ply_moments.sum), 1));
  for (std::size_t k = 0; k < run.facts.turn_kinds.size(); ++k) {
    row(out, run.facts.turn_kinds[k] + " turns",
        percent(ratio(k < t.turn_kinds.size() ? t.turn_kinds[k] : 0, t.ply_moments.sum)));
  }
  if (run.facts.has_groups) {
    out << "Groups (per game, first / second player):\n";
    row(out, "splits",
        fixed(ratio(t.groups.splits[0], t.games), 2) + " / " +
            fixed(ratio(t.groups.splits[1], t.games), 2));
    row(out, "reconnections",
        fixed(ratio(t.groups.reconnections[0], t.games), 2) + " / " +
            fixed(ratio(t.groups.reconnections[1], t.games), 2));
    row(out, "games with a split", share_line(t.groups.games_with_split, t.games));
  }
  if (!t.points.empty()) {
    out << "Points of a won game:\n";
    histogram_rows(out, t.points);
  }
  if (t.matches.matches > 0) {
    const MatchCounts& m = t.matches;
    out << "Matches to " << run.settings.match_to << " (the first player begins the first game):\n";
    row(out, "first player wins", share_line(m.first_wins, m.matches));
    out << "  games per match:\n";
    histogram_rows(out, m.games);
    const Interval plies = m.plies.mean_interval();
    row(out, "plies per match",
        fixed(m.plies.mean(), 1) + " [" + fixed(plies.low, 1) + ", " + fixed(plies.high, 1) + "]");
  }
  if (t.evaluation.games > 0) {
    out << "From the engine's evaluations (" << t.evaluation.games << " games):\n";
    row(out, "decisiveness",
        fixed(mean_decisiveness(t), 3) + " of the game (" +
            std::to_string(t.evaluation.decided_games) + " decided games)");
    row(out, "lead changes per game",
        fixed(ratio(t.evaluation.lead_changes, t.evaluation.games), 2));
  }
  return out.str();
}

}  // namespace stats
