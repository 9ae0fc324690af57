#include "server/storage/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace ordo::server {

namespace {

// Step 2: the Glicko-2 scale.
constexpr double kScale = 173.7178;
constexpr double kBase = 1500.0;
// Step 5's convergence tolerance (the paper's epsilon).
constexpr double kEpsilon = 0.000001;

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, by the Illinois algorithm on f(x) = 0, x = ln(sigma'^2).
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  double big_a = a;
  double big_b;
  if (delta * delta > phi * phi + v) {
    big_b = std::log(delta * delta - phi * phi - v);
  } else {
    double k = 1.0;
    while (f(a - k * tau) < 0.0) k += 1.0;
    big_b = a - k * tau;
  }
  double f_a = f(big_a);
  double f_b = f(big_b);
  while (std::abs(big_b - big_a) > kEpsilon) {
    const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    const double f_c = f(big_c);
    if (f_c * f_b <= 0.0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2.0;
    }
    big_b = big_c;
    f_b = f_c;
  }
  return std::exp(big_a / 2.0);
}

}  // namespace

Glicko2Rating glicko2_update(const Glicko2Rating& player, std::span<const Glicko2Game> games,
                             double tau) {
  const double mu = (player.rating - kBase) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  if (games.empty()) {
    // Step 6 alone: only the deviation grows.
    const double grown = std::sqrt(phi * phi + sigma * sigma) * kScale;
    return {player.rating, std::min(grown, kGlicko2MaxDeviation), sigma};
  }
  // Steps 3 and 4: the estimated variance and the improvement.
  double v_inverse = 0.0;
  double sum = 0.0;
  for (const Glicko2Game& game : games) {
    const double mu_j = (game.opponent.rating - kBase) / kScale;
    const double phi_j = game.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    v_inverse += g(phi_j) * g(phi_j) * e * (1.0 - e);
    sum += g(phi_j) * (game.score - e);
  }
  const double v = 1.0 / v_inverse;
  const double delta = v * sum;
  const double sigma_new = new_volatility(sigma, phi, v, delta, tau);
  // Steps 6 to 8.
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  return {mu_new * kScale + kBase, std::min(phi_new * kScale, kGlicko2MaxDeviation), sigma_new};
}

}  // namespace ordo::server
