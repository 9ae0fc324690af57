// The static evaluation (issue 58): the chance that the side to move wins the single game,
// at the chance node before its roll. Exact from the bear-off database when both sides have
// all their pieces home under the house rules; else the learnt model of its phase.
#pragma once

#include "mughrabieh/ai/weights.h"
#include "mughrabieh/bearoff.h"
#include "mughrabieh/position.h"

namespace mughrabieh::ai {

enum class Phase { Over, Bearoff, Race, Contact };
Phase phase_of(const Position& pos);

// The one database, computed on first use (a second or two), shared by all threads.
const BearoffDatabase& bearoff_database();

// The logistic model's output for `f` under `w`.
double model_probability(const std::array<float, kFeatures>& w, const Features& f);

// The chance that pos's side to move wins (at the chance node: its roll is ignored). A game
// over is 1 or 0 by its winner (after a winning turn the loser is to move), 1/2 drawn.
double win_probability(const Position& pos, const Weights& weights = trained_weights());

// 2p - 1: the single-game equity in [-1, 1], ignoring the points a win scores.
inline double equity_of(double win_probability) {
  return 2 * win_probability - 1;
}

}  // namespace mughrabieh::ai
