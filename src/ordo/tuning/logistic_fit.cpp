#include "ordo/tuning/logistic_fit.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace ordo {

namespace {

constexpr int kN = kEvalFeatureCount;

double dot(const WeightVector& w, const FeatureVector& x) {
  double s = 0;
  for (int i = 0; i < kN; ++i) s += w[i] * x[i];
  return s;
}

double sigmoid(double z) {
  return 1.0 / (1.0 + std::exp(-z));
}

// log(1 + e^z) without overflow.
double softplus(double z) {
  return z > 0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z));
}

double penalised_loss(const std::vector<Sample>& samples, const WeightVector& w, double k,
                      double lambda) {
  double penalty = 0;
  for (double wi : w) penalty += wi * wi;
  return log_loss(samples, w, k) + lambda * penalty;
}

// Solves a * x = b (a symmetric positive definite after the penalty) by Gaussian
// elimination with partial pivoting; a and b are overwritten.
std::array<double, kN> solve_linear(std::array<std::array<double, kN>, kN> a,
                                    std::array<double, kN> b) {
  for (int col = 0; col < kN; ++col) {
    int pivot = col;
    for (int r = col + 1; r < kN; ++r)
      if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
    std::swap(a[col], a[pivot]);
    std::swap(b[col], b[pivot]);
    if (std::abs(a[col][col]) < 1e-300) continue;  // a feature never varies: leave it
    for (int r = col + 1; r < kN; ++r) {
      const double f = a[r][col] / a[col][col];
      for (int c = col; c < kN; ++c) a[r][c] -= f * a[col][c];
      b[r] -= f * b[col];
    }
  }
  std::array<double, kN> x{};
  for (int r = kN - 1; r >= 0; --r) {
    if (std::abs(a[r][r]) < 1e-300) continue;
    double s = b[r];
    for (int c = r + 1; c < kN; ++c) s -= a[r][c] * x[c];
    x[r] = s / a[r][r];
  }
  return x;
}

}  // namespace

std::vector<Sample> make_samples(const TrainingData& data, const LabelOptions& labels) {
  std::vector<Sample> samples;
  samples.reserve(data.positions.size());
  std::size_t line = 0;
  for (const LabelledPosition& p : data.positions) {
    ++line;
    const Position pos = Position::parse(p.position, data.variant);
    const EvalFeatures f = eval_features(pos);
    Sample s;
    for (int i = 0; i < kN; ++i) s.x[i] = static_cast<double>(f[i]) / kFeatureScale;
    double white_score = white_result(p.result);
    if (labels.search_weight > 0) {
      if (!p.search_score)
        throw std::invalid_argument("position " + std::to_string(line) +
                                    " has no search score (label the data with 'tune label')");
      const double searched = sigmoid(labels.search_scale * *p.search_score);
      white_score = (1 - labels.search_weight) * white_score + labels.search_weight * searched;
    }
    s.y = pos.side_to_move() == Color::White ? white_score : 1.0 - white_score;
    samples.push_back(s);
  }
  return samples;
}

double fit_search_scale(const TrainingData& data) {
  // One "feature", the score itself, with weight 1: fit_scale then finds its K.
  std::vector<Sample> samples;
  for (const LabelledPosition& p : data.positions) {
    if (!p.search_score) continue;
    Sample s;
    s.x.fill(0);
    s.x[0] = *p.search_score;
    s.y = white_result(p.result);
    samples.push_back(s);
  }
  if (samples.empty()) return 0;
  WeightVector unit{};
  unit[0] = 1;
  return fit_scale(samples, unit);
}

double log_loss(const std::vector<Sample>& samples, const WeightVector& w, double k) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (const Sample& s : samples) {
    const double z = k * dot(w, s.x);
    // -(y log p + (1-y) log(1-p)) with p = sigmoid(z)
    sum += s.y * softplus(-z) + (1 - s.y) * softplus(z);
  }
  return sum / static_cast<double>(samples.size());
}

double fit_scale(const std::vector<Sample>& samples, const WeightVector& w) {
  // The loss is convex in k; golden-section search on a log scale over a wide bracket.
  double lo = std::log(1e-6), hi = std::log(1.0);
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 100; ++i) {
    const double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    if (log_loss(samples, w, std::exp(a)) < log_loss(samples, w, std::exp(b))) {
      hi = b;
    } else {
      lo = a;
    }
  }
  return std::exp((lo + hi) / 2);
}

WeightVector fit_weights(const std::vector<Sample>& samples, double k, const WeightVector& start,
                         const FitOptions& options) {
  WeightVector w = start;
  const double n = static_cast<double>(std::max<std::size_t>(samples.size(), 1));
  double loss = penalised_loss(samples, w, k, options.lambda);
  for (int iter = 0; iter < options.iterations; ++iter) {
    // Gradient and Hessian of the penalised loss with respect to w.
    std::array<double, kN> grad{};
    std::array<std::array<double, kN>, kN> hess{};
    for (const Sample& s : samples) {
      const double p = sigmoid(k * dot(w, s.x));
      const double g = k * (p - s.y) / n, h = k * k * p * (1 - p) / n;
      for (int i = 0; i < kN; ++i) {
        grad[i] += g * s.x[i];
        for (int j = 0; j <= i; ++j) hess[i][j] += h * s.x[i] * s.x[j];
      }
    }
    for (int i = 0; i < kN; ++i) {
      for (int j = 0; j < i; ++j) hess[j][i] = hess[i][j];
      grad[i] += 2 * options.lambda * w[i];
      hess[i][i] += 2 * options.lambda;
    }
    const std::array<double, kN> step = solve_linear(hess, grad);
    // Damped Newton: halve the step until the loss does not rise.
    double scale = 1;
    WeightVector next = w;
    double next_loss = loss;
    for (int tries = 0; tries < 30; ++tries, scale /= 2) {
      for (int i = 0; i < kN; ++i) next[i] = w[i] - scale * step[i];
      next_loss = penalised_loss(samples, next, k, options.lambda);
      if (next_loss <= loss) break;
    }
    if (next_loss > loss) break;
    const double gain = loss - next_loss;
    w = next;
    loss = next_loss;
    if (gain < options.tolerance) break;
  }
  return w;
}

double eval_spread(const std::vector<Sample>& samples, const WeightVector& w) {
  if (samples.empty()) return 0;
  double sum = 0, sum_sq = 0;
  for (const Sample& s : samples) {
    const double z = dot(w, s.x);
    sum += z;
    sum_sq += z * z;
  }
  const double n = static_cast<double>(samples.size()), mean = sum / n;
  return std::sqrt(std::max(0.0, sum_sq / n - mean * mean));
}

EvaluationFit fit_evaluation(const std::vector<Sample>& samples, const WeightVector& current,
                             const FitOptions& options) {
  EvaluationFit fit;
  fit.current_scale = fit_scale(samples, current);
  WeightVector start{};
  for (int i = 0; i < kN; ++i) start[i] = fit.current_scale * current[i];
  const WeightVector beta = fit_weights(samples, 1.0, start, options);
  const double current_spread = eval_spread(samples, current);
  const double beta_spread = eval_spread(samples, beta);
  fit.scale = current_spread > 0 && beta_spread > 0 ? beta_spread / current_spread : 1.0;
  for (int i = 0; i < kN; ++i) fit.weights[i] = beta[i] / fit.scale;
  return fit;
}

WeightVector to_weight_vector(const EvalWeights& w) {
  const auto c = w.coefficients();
  WeightVector v{};
  for (int i = 0; i < kN; ++i) v[i] = c[i];
  return v;
}

EvalWeights rounded_weights(const WeightVector& w) {
  std::array<int, kN> c{};
  for (int i = 0; i < kN; ++i) c[i] = static_cast<int>(std::lround(w[i]));
  return EvalWeights::from_coefficients(c);
}

}  // namespace ordo
