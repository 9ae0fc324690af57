#include "mughrabieh/ai/features.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace mughrabieh::ai {

namespace {

int lowest_index(std::uint32_t mask) {
  return mask ? std::countr_zero(mask) : kPoints;  // none on the board: as if all home
}

int longest_run(std::uint32_t mask) {
  int run = 0;
  while (mask) {
    mask &= mask << 1;  // each pass shortens every run by one
    ++run;
  }
  return run;
}

void side_features(const Position& pos, Side s, float* f) {
  const std::uint32_t mine = pos.occupied(s);
  const std::uint32_t blocked = pos.blocked(s);
  int mobility = 0;
  int blocked_steps = 0;
  for (int die = 1; die <= 6; ++die) {
    const std::uint32_t can_land = mine & low_bits(kPoints - die);
    blocked_steps += std::popcount(can_land & (blocked >> die));
    mobility += std::popcount(can_land & ~(blocked >> die));
  }
  int home = 0, home_pips = 0, to_home = 0, stacked = 0;
  for (int i = 0; i < kPoints; ++i) {
    const int c = pos.count(s, i);
    if (!c) continue;
    if (i >= kHomeFirst) {
      home += c;
      home_pips += c * (kPoints - i);
    } else {
      to_home += c * (kHomeFirst - i);
    }
    if (c > 3) stacked += c - 3;
    f[kPointHeld + i] = 1.0f;
    f[kPointSpare + i] = static_cast<float>(c - 1) / 5.0f;
  }
  f[kPips] = static_cast<float>(pos.pips(s)) / 100.0f;
  f[kOff] = static_cast<float>(pos.off(s)) / 15.0f;
  f[kOnStart] = static_cast<float>(pos.count(s, 0)) / 15.0f;
  f[kRunnerPending] = (mine & kHomeMask) == 0 && pos.off(s) == 0 ? 1.0f : 0.0f;
  f[kHome] = static_cast<float>(home) / 15.0f;
  f[kPipsToHome] = static_cast<float>(to_home) / 100.0f;
  f[kMobility] = static_cast<float>(mobility) / 24.0f;
  f[kBlockedSteps] = static_cast<float>(blocked_steps) / 24.0f;
  f[kPointsHeld] = static_cast<float>(std::popcount(mine)) / 12.0f;
  f[kLongestBlock] = static_cast<float>(longest_run(mine)) / 6.0f;
  f[kHomePips] = static_cast<float>(home_pips) / 50.0f;
  f[kStacked] = static_cast<float>(stacked) / 15.0f;
}

}  // namespace

bool in_contact(const Position& pos) {
  // One side's index i is the other's 23 - i: the rearmost pieces have passed each other
  // once their indices add up to 24 or more.
  return lowest_index(pos.occupied(Side::White)) + lowest_index(pos.occupied(Side::Black)) <
         kPoints;
}

Features features(const Position& pos) {
  Features f{};
  const Side me = pos.to_move();
  side_features(pos, me, f.data());
  side_features(pos, opponent(me), f.data() + kSideFeatures);
  float* shared = f.data() + 2 * kSideFeatures;
  shared[kBias] = 1.0f;
  const int own = pos.pips(me), theirs = pos.pips(opponent(me));
  shared[kRaceLead] =
      static_cast<float>(theirs - own) / std::sqrt(static_cast<float>(std::max(1, own + theirs)));
  return f;
}

}  // namespace mughrabieh::ai
