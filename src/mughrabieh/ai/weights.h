// The learnt evaluation's weights: one linear model under a logistic link for positions in
// contact, one for the race after the pieces have passed each other (the pure race with
// both sides home is the bear-off database's). Fitted by TD(lambda) self-play
// (td_training.h; research/mughrabieh-ai.md says how, and with which command).
#pragma once

#include <array>

#include "mughrabieh/ai/features.h"

namespace mughrabieh::ai {

struct Weights {
  std::array<float, kFeatures> contact{};
  std::array<float, kFeatures> race{};
};

// The weights the player uses (trained_weights.cpp, written by mughrabieh-ai-train).
const Weights& trained_weights();

}  // namespace mughrabieh::ai
