// The features of a Mughrabieh position that the learnt evaluation weighs (issue 58): a few
// numbers per side that a tables player reads off the board — the race (pips, pieces home
// and off), the first-piece rule, pieces still on the starting point, how blocked each
// side's pieces are, and how its pieces stand for bearing off — and the board point by
// point, side to move first.
#pragma once

#include <array>

#include "mughrabieh/position.h"

namespace mughrabieh::ai {

// Per side, in this order (indices into SideFeatures).
enum SideFeature : int {
  kPips,           // pips to bear all off / 100
  kOff,            // pieces borne off / 15
  kOnStart,        // pieces still on the starting point / 15
  kRunnerPending,  // 1 while the first-piece rule holds the other pieces (none home yet)
  kHome,           // pieces in the final six points / 15
  kPipsToHome,     // pips the pieces outside home need to reach it / 100
  kMobility,       // (point, die) steps that land on a free point / 24
  kBlockedSteps,   // (point, die) steps that land on an opposing piece / 24
  kPointsHeld,     // points held / 12: what the opponent may not land on
  kLongestBlock,   // the longest run of held points / 6
  kHomePips,       // pips of the pieces at home / 50: how deep they stand
  kStacked,        // pieces beyond the third on a point / 15: gaps at the bear-off
  // The board itself, for what the summaries miss (which points block whom, and when):
  kPointHeld,                          // 24 of them: 1 where the side has a piece (own indices)
  kPointSpare = kPointHeld + kPoints,  // 24: the pieces beyond the first there / 5
  kSideFeatures = kPointSpare + kPoints
};

// The shared ones after the two sides' features.
enum SharedFeature : int {
  kBias,
  kRaceLead,  // (opponent's pips - own pips) / sqrt(both): the race's lead, scaled
  kSharedFeatures
};

constexpr int kFeatures = 2 * kSideFeatures + kSharedFeatures;
using Features = std::array<float, kFeatures>;

// Whether the two sides' pieces can still meet: some piece of one side stands behind
// (before) some piece of the other on the common track.
bool in_contact(const Position& pos);

// The features of `pos` for its side to move (the first kSideFeatures), then its
// opponent's, then the shared ones.
Features features(const Position& pos);

}  // namespace mughrabieh::ai
