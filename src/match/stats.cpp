#include "match/stats.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace ordo::match {

namespace {

constexpr double kZ95 = 1.959963984540054;  // two-sided 95% quantile of the normal law

Samples samples_of(const double* values, const double* counts, int categories) {
  Samples s;
  for (int i = 0; i < categories; ++i) s.count += counts[i];
  if (s.count <= 0) return {};
  for (int i = 0; i < categories; ++i) s.mean += values[i] * counts[i];
  s.mean /= s.count;
  for (int i = 0; i < categories; ++i) {
    const double d = values[i] - s.mean;
    s.variance += d * d * counts[i];
  }
  s.variance /= s.count;
  return s;
}

}  // namespace

Samples trinomial_samples(const WinDrawLoss& wdl) {
  const double values[] = {0.0, 0.5, 1.0};
  const double counts[] = {static_cast<double>(wdl.losses), static_cast<double>(wdl.draws),
                           static_cast<double>(wdl.wins)};
  return samples_of(values, counts, 3);
}

Samples pentanomial_samples(const PairCounts& pairs) {
  const double values[] = {0.0, 0.25, 0.5, 0.75, 1.0};
  double counts[5];
  for (int i = 0; i < 5; ++i) counts[i] = static_cast<double>(pairs[static_cast<std::size_t>(i)]);
  return samples_of(values, counts, 5);
}

double score(const WinDrawLoss& wdl) {
  const auto games = wdl.games();
  if (games == 0) return 0.5;
  return (static_cast<double>(wdl.wins) + 0.5 * static_cast<double>(wdl.draws)) /
         static_cast<double>(games);
}

double elo_from_score(double s) {
  if (s >= 1.0) return std::numeric_limits<double>::infinity();
  if (s <= 0.0) return -std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / s - 1.0);
}

double score_from_elo(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

std::optional<EloEstimate> elo_estimate(const Samples& samples) {
  if (samples.count <= 0) return std::nullopt;
  if (samples.variance <= 0) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    return EloEstimate{elo_from_score(samples.mean), -kInf, kInf, false};
  }
  const double margin = kZ95 * std::sqrt(samples.variance / samples.count);
  return EloEstimate{elo_from_score(samples.mean), elo_from_score(samples.mean - margin),
                     elo_from_score(samples.mean + margin), true};
}

double likelihood_of_superiority(const WinDrawLoss& wdl) {
  const double decisive = static_cast<double>(wdl.wins + wdl.losses);
  if (decisive == 0) return 0.5;
  const double z = static_cast<double>(wdl.wins - wdl.losses) / std::sqrt(decisive);
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

SprtParameters parse_sprt(const std::string& text) {
  std::vector<double> numbers;
  std::istringstream parts(text);
  for (std::string part; std::getline(parts, part, ',');) {
    std::size_t used = 0;
    double value = 0;
    try {
      value = std::stod(part, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != part.size() || !std::isfinite(value)) {
      throw std::invalid_argument("--sprt: '" + part + "' is not a number (expected " +
                                  "elo0,elo1,alpha,beta, e.g. 0,10,0.05,0.05)");
    }
    numbers.push_back(value);
  }
  if (numbers.size() != 4 || (!text.empty() && text.back() == ',')) {
    throw std::invalid_argument("--sprt needs four numbers elo0,elo1,alpha,beta, got '" + text +
                                "'");
  }
  const SprtParameters p{numbers[0], numbers[1], numbers[2], numbers[3]};
  if (!(p.elo1 > p.elo0)) throw std::invalid_argument("--sprt: elo1 must be greater than elo0");
  if (!(p.alpha > 0 && p.alpha < 0.5) || !(p.beta > 0 && p.beta < 0.5)) {
    throw std::invalid_argument("--sprt: alpha and beta must lie strictly between 0 and 0.5");
  }
  if (std::abs(p.elo0) > 1000 || std::abs(p.elo1) > 1000) {
    throw std::invalid_argument("--sprt: elo0 and elo1 must lie within -1000..1000");
  }
  return p;
}

SprtState sprt(const WinDrawLoss& wdl, const SprtParameters& p) {
  SprtState state;
  state.lower = std::log(p.beta / (1.0 - p.alpha));
  state.upper = std::log((1.0 - p.beta) / p.alpha);
  if (wdl.games() == 0) return state;
  const auto regularised = [](std::int64_t n) {
    return n > 0 ? static_cast<double>(n) : kSprtPseudoCount;
  };
  const double values[] = {0.0, 0.5, 1.0};
  const double counts[] = {regularised(wdl.losses), regularised(wdl.draws), regularised(wdl.wins)};
  const Samples s = samples_of(values, counts, 3);
  const double s0 = score_from_elo(p.elo0), s1 = score_from_elo(p.elo1);
  state.llr = s.count * (s1 - s0) * (2.0 * s.mean - s0 - s1) / (2.0 * s.variance);
  if (state.llr >= state.upper) {
    state.decision = SprtDecision::AcceptH1;
  } else if (state.llr <= state.lower) {
    state.decision = SprtDecision::AcceptH0;
  }
  return state;
}

std::string format_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%+.1f", elo);
  return buffer;
}

}  // namespace ordo::match
