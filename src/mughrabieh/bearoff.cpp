#include "mughrabieh/bearoff.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "mughrabieh/turns.h"

namespace mughrabieh {

namespace {

// C(n, k) for n <= 21, k <= 6.
constexpr int choose(int n, int k) {
  if (k < 0 || n < k) return 0;
  long long r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return static_cast<int>(r);
}

int pips(const HomeCounts& home) {
  int p = 0;
  for (int k = 0; k < 6; ++k) p += home[k] * (k + 1);
  return p;
}

HomeCounts home_of(const Position& pos, Side side) {
  HomeCounts home{};
  for (int k = 0; k < 6; ++k) home[k] = static_cast<std::uint8_t>(pos.count(side, kPoints - 1 - k));
  return home;
}

}  // namespace

// Stars and bars: the borne-off pieces and the six points' counts are seven bins of 15
// pieces, written as 15 stars and 6 bars in 21 places; the bars' places are a 6-subset of
// 0..20, ranked by the combinatorial number system.
int bearoff_index(const HomeCounts& home) {
  int on = 0;
  for (const int c : home) on += c;
  if (on > kPieces) throw std::invalid_argument("more than 15 pieces in a bear-off position");
  int place = kPieces - on;  // the stars before the first bar: the pieces off
  int rank = 0;
  for (int bar = 1; bar <= 6; ++bar) {
    rank += choose(place, bar);
    place += 1 + home[bar - 1];
  }
  return rank;
}

HomeCounts bearoff_position(int index) {
  // The bars' places from the last: the largest place p with C(p, bar) <= what is left.
  int places[7] = {};
  for (int bar = 6; bar >= 1; --bar) {
    int p = bar - 1;
    while (choose(p + 1, bar) <= index) ++p;
    places[bar] = p;
    index -= choose(p, bar);
  }
  HomeCounts home{};
  for (int bar = 1; bar < 6; ++bar)
    home[bar - 1] = static_cast<std::uint8_t>(places[bar + 1] - places[bar] - 1);
  home[5] = static_cast<std::uint8_t>(20 - places[6]);
  return home;
}

BearoffDatabase::BearoffDatabase()
    : expected_(kBearoffPositions, 0.0f),
      within_(static_cast<std::size_t>(kBearoffPositions) * (kMaxTurns + 1), 0.0f) {
  std::vector<int> order(kBearoffPositions);
  std::vector<int> pip(kBearoffPositions);
  for (int i = 0; i < kBearoffPositions; ++i) {
    order[i] = i;
    pip[i] = pips(bearoff_position(i));
  }
  // A turn always lowers the pips, so fewer pips come first.
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return pip[a] < pip[b]; });
  auto list = std::make_unique<TurnList>();
  const int all_off = bearoff_index(HomeCounts{});
  for (int t = 0; t <= kMaxTurns; ++t)
    within_[static_cast<std::size_t>(all_off) * (kMaxTurns + 1) + t] = 1.0f;
  for (const int index : order) {
    if (index == all_off) continue;
    const HomeCounts home = bearoff_position(index);
    // White in its final six; Black all on its own 6-point, out of White's way.
    Position::Counts counts{};
    for (int k = 0; k < 6; ++k) counts[0][kPoints - 1 - k] = home[k];
    counts[1][kHomeFirst] = kPieces;
    Position pos = Position::from_counts(counts, Side::White);
    double expected = 1;
    std::vector<double> within(kMaxTurns + 1, 0.0);
    for (const ChanceOutcome& outcome : chance_outcomes()) {
      pos.set_roll(outcome.roll);
      generate_distinct_turns(pos, *list);
      int best = -1;
      for (const Turn& turn : *list) {
        for (const Step step : turn) pos.apply_step(step);
        const int next = bearoff_index(home_of(pos, Side::White));
        for (int s = turn.size - 1; s >= 0; --s) pos.undo_step(turn.steps[s]);
        if (best < 0 || expected_[next] < expected_[best]) best = next;
      }
      expected += outcome.probability * expected_[best];
      for (int t = 1; t <= kMaxTurns; ++t)
        within[t] +=
            outcome.probability * within_[static_cast<std::size_t>(best) * (kMaxTurns + 1) + t - 1];
      pos.clear_roll();
    }
    expected_[index] = static_cast<float>(expected);
    for (int t = 0; t <= kMaxTurns; ++t)
      within_[static_cast<std::size_t>(index) * (kMaxTurns + 1) + t] =
          static_cast<float>(within[t]);
  }
}

double BearoffDatabase::expected_turns(const HomeCounts& home) const {
  return expected_[bearoff_index(home)];
}

double BearoffDatabase::done_within(const HomeCounts& home, int turns) const {
  if (turns < 0) return 0;
  turns = std::min(turns, kMaxTurns);
  return within_[static_cast<std::size_t>(bearoff_index(home)) * (kMaxTurns + 1) + turns];
}

double BearoffDatabase::win_probability(const HomeCounts& on_roll, const HomeCounts& other) const {
  // The side on roll finishes on its turn t while the other has not within t - 1 turns.
  double p = 0;
  for (int t = 1; t <= kMaxTurns; ++t)
    p += (done_within(on_roll, t) - done_within(on_roll, t - 1)) * (1 - done_within(other, t - 1));
  return p;
}

}  // namespace mughrabieh
