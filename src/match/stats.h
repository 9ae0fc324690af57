// Match statistics as pure functions: score, Elo difference with a 95% interval, the
// likelihood of superiority and the sequential probability ratio test.
//
// Model. Elo differences use the logistic curve score = 1 / (1 + 10^(-elo / 400)). The
// interval and the SPRT use the normal approximation of the mean score: a game is a
// sample worth 0, 1/2 or 1 (trinomial), or a pair of games with the same opening and the
// colours swapped is a sample worth 0, 1/4, ..., 1 (pentanomial); the variance is the
// sample variance of those values.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace ordo::match {

// Games from the first player's point of view.
struct WinDrawLoss {
  std::int64_t wins = 0;
  std::int64_t draws = 0;
  std::int64_t losses = 0;
  std::int64_t games() const { return wins + draws + losses; }
  friend bool operator==(const WinDrawLoss&, const WinDrawLoss&) = default;
};

// Pairs by their points for the first player: index 0 = 0 points (two losses) ... 4 = 2.
using PairCounts = std::array<std::int64_t, 5>;

// A distribution of samples in [0, 1]: their count, mean and variance (not of the mean).
struct Samples {
  double count = 0;
  double mean = 0;
  double variance = 0;
};

Samples trinomial_samples(const WinDrawLoss& wdl);
Samples pentanomial_samples(const PairCounts& pairs);

// (wins + draws / 2) / games; 0.5 with no games.
double score(const WinDrawLoss& wdl);

// The Elo difference of a score in [0, 1]; +-infinity at 1 and 0.
double elo_from_score(double score);
double score_from_elo(double elo);

struct EloEstimate {
  double elo = 0;
  double low = 0;  // the 95% interval; may be +-infinity
  double high = 0;
  // False when every sample is the same (e.g. all wins): the variance is zero and the
  // normal approximation gives no interval; low and high are then -inf and +inf.
  bool has_interval = true;
};

// Elo of the mean and the 95% interval mean +- 1.96 sqrt(variance / count) mapped to Elo.
// Nothing with no samples.
std::optional<EloEstimate> elo_estimate(const Samples& samples);

// The likelihood of superiority: P(first player stronger) = Phi((W - L) / sqrt(W + L)),
// from the wins and losses only; 0.5 when there are neither.
double likelihood_of_superiority(const WinDrawLoss& wdl);

struct SprtParameters {
  double elo0 = 0;  // H0: the Elo difference is elo0
  double elo1 = 5;  // H1: it is elo1 (elo1 > elo0)
  double alpha = 0.05;
  double beta = 0.05;
};

// Parses "elo0,elo1,alpha,beta"; throws std::invalid_argument saying what is wrong.
SprtParameters parse_sprt(const std::string& text);

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

struct SprtState {
  double llr = 0;
  double lower = 0;  // log(beta / (1 - alpha)): at or below it H0 is accepted
  double upper = 0;  // log((1 - beta) / alpha): at or above it H1 is accepted
  SprtDecision decision = SprtDecision::Continue;
};

// The generalised SPRT in its normal approximation:
//   LLR = count * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance),
// with s0, s1 the scores of elo0, elo1. A category with no games yet gets a pseudo-count
// of 1/2 (kSprtPseudoCount) so that the variance is never zero (e.g. all wins).
inline constexpr double kSprtPseudoCount = 0.5;
SprtState sprt(const WinDrawLoss& wdl, const SprtParameters& parameters);

// Signed text with one decimal, or "+inf" / "-inf".
std::string format_elo(double elo);

}  // namespace ordo::match
