#include "mughrabieh/ai/td_training.h"

#include <cmath>
#include <memory>
#include <vector>

#include "mughrabieh/ai/evaluation.h"
#include "mughrabieh/playout.h"
#include "util/stopwatch.h"

namespace mughrabieh::ai {

namespace {

struct Visited {
  Features f;
  Phase phase;
  double p;  // the estimate: the chance that the side to move wins
};

// The turn that leaves the opponent the least chance by `weights` (0-ply, greedy).
Turn greedy_turn(Position& pos, TurnList& list, const Weights& weights) {
  generate_distinct_turns(pos, list);
  int best = 0;
  double best_p = -1;
  for (int i = 0; i < list.size; ++i) {
    const std::uint8_t token = pos.play(list.turns[i]);
    const double p = 1 - win_probability(pos, weights);
    pos.undo(list.turns[i], token);
    if (p > best_p) best_p = p, best = i;
  }
  return list.turns[best];
}

}  // namespace

Weights train_td(const TrainingOptions& options, TrainingReport* report) {
  Weights w = options.start;
  auto list = std::make_unique<TurnList>();
  common::SplitMix64 rng(options.seed);
  std::vector<Visited> game;
  TrainingReport r;
  double error_sum = 0;
  long long error_count = 0;
  const ordo::Stopwatch clock(ordo::TimeBasis::ThreadCpu);
  for (int g = 0; g < options.games; ++g) {
    // Each side begins half the games.
    Position pos = Position::start(options.rules, g % 2 ? Side::Black : Side::White);
    game.clear();
    while (!pos.over() && game.size() < 2000) {
      const Phase phase = phase_of(pos);
      game.push_back({features(pos), phase, win_probability(pos, w)});
      pos.set_roll(random_roll(rng));
      pos.play(greedy_turn(pos, *list, w));
    }
    if (!pos.over()) continue;  // never seen; a game that long teaches nothing sure
    const double progress = options.games > 1 ? static_cast<double>(g) / (options.games - 1) : 1;
    const double rate = options.rate + (options.end_rate - options.rate) * progress;
    // The last mover made the winning turn (or drew).
    double ret = pos.outcome() == Outcome::Draw ? 0.5 : 1.0;
    for (int t = static_cast<int>(game.size()) - 1; t >= 0; --t) {
      Visited& v = game[t];
      if (t < static_cast<int>(game.size()) - 1)
        ret = (1 - options.lambda) * (1 - game[t + 1].p) + options.lambda * (1 - ret);
      if (v.phase == Phase::Bearoff) {
        ret = v.p;  // exact: the return starts again from the truth
        continue;
      }
      auto& weights = v.phase == Phase::Race ? w.race : w.contact;
      const double delta = ret - v.p;
      for (int i = 0; i < kFeatures; ++i) weights[i] += static_cast<float>(rate * delta * v.f[i]);
      ++r.positions;
      if (g >= options.games - options.games / 10) {
        error_sum += std::abs(delta);
        ++error_count;
      }
    }
    ++r.games;
  }
  r.cpu_seconds = clock.elapsed_seconds();
  r.mean_abs_error = error_count ? error_sum / static_cast<double>(error_count) : 0;
  if (report) *report = r;
  return w;
}

}  // namespace mughrabieh::ai
