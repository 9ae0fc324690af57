#include "mughrabieh/ai/evaluation.h"

#include <cmath>

namespace mughrabieh::ai {

namespace {

HomeCounts home_of(const Position& pos, Side s) {
  HomeCounts home{};
  for (int k = 0; k < 6; ++k) home[k] = static_cast<std::uint8_t>(pos.count(s, kPoints - 1 - k));
  return home;
}

}  // namespace

Phase phase_of(const Position& pos) {
  if (pos.over()) return Phase::Over;
  // The database is exact for the house rules only (bearoff.h); the ludii rule set bears
  // off otherwise, so its races stay with the model.
  if (pos.rules() == RuleSet::House && pos.all_home(Side::White) && pos.all_home(Side::Black))
    return Phase::Bearoff;
  return in_contact(pos) ? Phase::Contact : Phase::Race;
}

const BearoffDatabase& bearoff_database() {
  static const BearoffDatabase db;
  return db;
}

double model_probability(const std::array<float, kFeatures>& w, const Features& f) {
  float z = 0;
  for (int i = 0; i < kFeatures; ++i) z += w[i] * f[i];
  return 1.0 / (1.0 + std::exp(-static_cast<double>(z)));
}

double win_probability(const Position& pos, const Weights& weights) {
  switch (phase_of(pos)) {
    case Phase::Over: {
      if (pos.outcome() == Outcome::Draw) return 0.5;
      const Side winner = pos.outcome() == Outcome::WhiteWins ? Side::White : Side::Black;
      return winner == pos.to_move() ? 1.0 : 0.0;
    }
    case Phase::Bearoff:
      return bearoff_database().win_probability(home_of(pos, pos.to_move()),
                                                home_of(pos, opponent(pos.to_move())));
    case Phase::Race:
      return model_probability(weights.race, features(pos));
    case Phase::Contact:
      break;
  }
  return model_probability(weights.contact, features(pos));
}

}  // namespace mughrabieh::ai
