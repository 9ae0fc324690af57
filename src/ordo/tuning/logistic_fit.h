// Logistic regression of game results on the evaluation's features (the "Texel" method):
// the predicted score of the side to move is sigmoid(K * eval), eval = sum of weight_i *
// feature_i in the evaluation's units. K is fitted first with the weights held fixed; then
// the weights are fitted with K held fixed, by Newton's method on the mean log loss plus an
// L2 penalty lambda * sum(weight_i^2); fit_evaluation() below handles current weights that
// predict nothing. Everything is deterministic.
#pragma once

#include <array>
#include <vector>

#include "ordo/ai/evaluation.h"
#include "ordo/tuning/training_data.h"

namespace ordo {

using FeatureVector = std::array<double, kEvalFeatureCount>;
using WeightVector = std::array<double, kEvalFeatureCount>;

struct Sample {
  FeatureVector x;  // the evaluation's features in their units (not sixteenths)
  double y = 0.5;   // the side to move's result: 1 win, 0.5 draw, 0 loss
};

// What a sample's label is: the game's result, or a mix with the search score of the
// position mapped to an expected result, sigmoid(search_scale * score):
// y = (1 - search_weight) * result + search_weight * that. A game's result says what
// happened once, after many more moves; a search score is a (biased, less noisy) guess from
// the position itself, and every position has its own.
struct LabelOptions {
  double search_weight = 0;  // 0: results only; then search scores are not needed
  double search_scale = 0;   // from fit_search_scale()
};

// The samples of the labelled positions (features from the side to move's view). Throws
// std::invalid_argument when search_weight > 0 and a position has no search score.
std::vector<Sample> make_samples(const TrainingData& data, const LabelOptions& labels = {});

// The K for which sigmoid(K * search score) best predicts the games' results (log loss),
// over the positions that have a search score; 0 if none has.
double fit_search_scale(const TrainingData& data);

// Mean log loss of sigmoid(k * w.x) against y, without the penalty.
double log_loss(const std::vector<Sample>& samples, const WeightVector& w, double k);

// The K that minimises the log loss for fixed weights (a bracketed 1-D search).
double fit_scale(const std::vector<Sample>& samples, const WeightVector& w);

struct FitOptions {
  double lambda = 0.0;       // L2 penalty per squared weight
  int iterations = 50;       // Newton steps at most
  double tolerance = 1e-10;  // stop when the loss improves by less
};

// The weights minimising log_loss + lambda * |w|^2 for fixed k, starting from `start`.
WeightVector fit_weights(const std::vector<Sample>& samples, double k, const WeightVector& start,
                         const FitOptions& options);

// The whole fit: `current_scale` is the K that fits the current weights (how predictive
// they are); the new weights come from a logistic regression on the features with the L2
// penalty on its coefficients (beta = K * w), and are then scaled so that the new
// evaluation spreads as widely over the data as the current one (the same standard
// deviation): search margins and thresholds keep their meaning even when the current
// weights predict nothing and their own K is near zero.
struct EvaluationFit {
  double current_scale = 0;  // K of the current weights
  double scale = 0;          // K of the new weights
  WeightVector weights{};
};
EvaluationFit fit_evaluation(const std::vector<Sample>& samples, const WeightVector& current,
                             const FitOptions& options);

// The standard deviation of w.x over the samples.
double eval_spread(const std::vector<Sample>& samples, const WeightVector& w);

WeightVector to_weight_vector(const EvalWeights& w);  // the signed coefficients
EvalWeights rounded_weights(const WeightVector& w);

}  // namespace ordo
