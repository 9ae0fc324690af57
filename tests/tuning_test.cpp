// The evaluation tuner (src/tuning): the logistic fit recovers known weights from
// synthetic data, self-play data is deterministic for a seed, the data file and weight
// texts read back, and the check match is fair between equal weights.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>

#include "ordo/ai/weights_text.h"
#include "ordo/tuning/logistic_fit.h"
#include "ordo/tuning/training_data.h"
#include "ordo/tuning/weight_match.h"

namespace ordo {
namespace {

constexpr WeightVector kTrueWeights = {100, 12, 5, 25, 60, -12, -80, 10, 3, 7, -4};

// Features drawn at random (tempo always 1, split 0 or 1) with labels from the model.
std::vector<Sample> synthetic_samples(double k, bool sample_labels, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(-1, 1);
  std::vector<Sample> samples(static_cast<std::size_t>(count));
  for (Sample& s : samples) {
    const FeatureVector spread = {3, 3, 20, 2, 3, 3, 0, 0, 3, 5, 3};
    for (int i = 0; i < kEvalFeatureCount; ++i) s.x[i] = std::round(spread[i] * unit(rng));
    s.x[static_cast<int>(EvalFeature::Tempo)] = 1;
    s.x[static_cast<int>(EvalFeature::Split)] = rng() % 4 == 0 ? 1 : 0;
    double z = 0;
    for (int i = 0; i < kEvalFeatureCount; ++i) z += kTrueWeights[i] * s.x[i];
    const double p = 1 / (1 + std::exp(-k * z));
    s.y = sample_labels ? (unit(rng) * 0.5 + 0.5 < p ? 1.0 : 0.0) : p;
  }
  return samples;
}

TEST(LogisticFit, RecoversKnownWeightsFromExactProbabilities) {
  constexpr double k = 0.004;
  const auto samples = synthetic_samples(k, false, 4000, 1);
  const WeightVector fitted = fit_weights(samples, k, WeightVector{}, {.iterations = 100});
  for (int i = 0; i < kEvalFeatureCount; ++i)
    EXPECT_NEAR(fitted[i], kTrueWeights[i], 0.01) << feature_name(static_cast<EvalFeature>(i));
  EXPECT_NEAR(fit_scale(samples, kTrueWeights), k, k * 1e-3);
  EXPECT_LT(log_loss(samples, fitted, k), log_loss(samples, WeightVector{}, k));
}

TEST(LogisticFit, RecoversKnownWeightsRoughlyFromSampledResults) {
  constexpr double k = 0.004;
  const auto samples = synthetic_samples(k, true, 20000, 2);
  const WeightVector fitted = fit_weights(samples, k, WeightVector{}, {});
  for (int i : {0, 1, 3, 4, 6})  // the large, well-spread weights
    EXPECT_NEAR(fitted[i], kTrueWeights[i], std::abs(kTrueWeights[i]) * 0.25 + 3)
        << feature_name(static_cast<EvalFeature>(i));
  // The same data and start give the same weights.
  EXPECT_EQ(fit_weights(samples, k, WeightVector{}, {}), fitted);
}

TEST(LogisticFit, WholeFitKeepsTheCurrentSpreadAndFindsTheDirection) {
  // Current weights: half the true ones. The fit finds the true direction and scales it to
  // the current evaluation's spread, which gives the current weights back.
  constexpr double k = 0.004;
  const auto samples = synthetic_samples(k, false, 4000, 4);
  WeightVector half{};
  for (int i = 0; i < kEvalFeatureCount; ++i) half[i] = kTrueWeights[i] / 2;
  const EvaluationFit fit = fit_evaluation(samples, half, {.iterations = 100});
  EXPECT_NEAR(fit.current_scale, 2 * k, 2 * k * 1e-3);
  EXPECT_NEAR(fit.scale, 2 * k, 2 * k * 1e-3);
  for (int i = 0; i < kEvalFeatureCount; ++i)
    EXPECT_NEAR(fit.weights[i], half[i], 0.01) << feature_name(static_cast<EvalFeature>(i));
  EXPECT_NEAR(eval_spread(samples, fit.weights), eval_spread(samples, half), 1e-6);
  // Current weights that predict nothing: the new ones still point the true way.
  WeightVector useless{};
  useless[static_cast<int>(EvalFeature::Frontier)] = 50;
  const EvaluationFit blind = fit_evaluation(samples, useless, {.iterations = 100});
  EXPECT_GT(blind.weights[0], 0);  // material
  EXPECT_NEAR(blind.weights[1] / blind.weights[0], kTrueWeights[1] / kTrueWeights[0], 1e-3);
}

TEST(LogisticFit, PenaltyShrinksTheWeights) {
  constexpr double k = 0.004;
  const auto samples = synthetic_samples(k, false, 2000, 3);
  const WeightVector free = fit_weights(samples, k, WeightVector{}, {});
  const WeightVector shrunk = fit_weights(samples, k, WeightVector{}, {.lambda = 1e-4});
  double free_norm = 0, shrunk_norm = 0;
  for (int i = 0; i < kEvalFeatureCount; ++i) {
    free_norm += free[i] * free[i];
    shrunk_norm += shrunk[i] * shrunk[i];
  }
  EXPECT_LT(shrunk_norm, 0.9 * free_norm);
}

TEST(LogisticFit, SamplesTakeTheSideToMovesView) {
  TrainingData data;
  data.positions = {{"5b/6/1ww3/6/6 w", Outcome::WhiteWins},
                    {"5b/6/1ww3/6/6 b", Outcome::WhiteWins},
                    {"5b/6/1ww3/6/6 b", Outcome::Draw}};
  const auto samples = make_samples(data);
  ASSERT_EQ(samples.size(), 3u);
  EXPECT_EQ(samples[0].y, 1.0);
  EXPECT_EQ(samples[1].y, 0.0);
  EXPECT_EQ(samples[2].y, 0.5);
  EXPECT_EQ(samples[0].x[static_cast<int>(EvalFeature::Material)], 1.0);
  EXPECT_EQ(samples[1].x[static_cast<int>(EvalFeature::Material)], -1.0);
}

DataConfig small_config(std::uint64_t seed) {
  DataConfig c;
  c.play.width = 8;
  c.play.depth = 1;
  c.play.random_plies = 6;
  c.play.move_limit = 40;
  c.games = 1;
  c.seed = seed;
  return c;
}

std::string as_text(const TrainingData& data) {
  std::ostringstream out;
  write_training_data(data, "test", out);
  return out.str();
}

TEST(TrainingData, DeterministicForASeedAndReadsBack) {
  const TrainingData a = generate_training_data(small_config(4));
  const TrainingData b = generate_training_data(small_config(4));
  const TrainingData c = generate_training_data(small_config(5));
  ASSERT_FALSE(a.positions.empty());
  EXPECT_EQ(as_text(a), as_text(b));
  EXPECT_NE(as_text(a), as_text(c));
  std::istringstream in(as_text(a));
  const TrainingData back = read_training_data(in);
  EXPECT_EQ(as_text(back), as_text(a));
  for (const LabelledPosition& p : a.positions) EXPECT_NE(p.result, Outcome::Ongoing);
}

TEST(TrainingData, ReadErrorsNameTheLine) {
  const auto error_of = [](const std::string& text) {
    std::istringstream in(text);
    try {
      read_training_data(in);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of("5b/6/1ww3/6/6 w 1-0\n").find("line 1"), std::string::npos);
  EXPECT_NE(error_of("# ordo-tune data rules=classic\n5b/6/1ww3/6/6 w 2-0\n").find("line 2"),
            std::string::npos);
  EXPECT_NE(error_of("# ordo-tune data rules=classic\n5b/6/1ww9/6/6 w 1-0\n").find("line 2: "),
            std::string::npos);
  EXPECT_NE(error_of("# ordo-tune data rules=chess\n").find("unknown rules"), std::string::npos);
  EXPECT_NE(error_of("").find("header"), std::string::npos);
}

TEST(WeightsText, ParsesFormatsAndRejects) {
  const EvalWeights base = EvalWeights::defaults(Variant::Classic, kStandardWidth);
  const EvalWeights changed = parse_weights("material=90,cut_point=7", base);
  EXPECT_EQ(changed.material, 90);
  EXPECT_EQ(changed.cut_point, 7);
  EXPECT_EQ(changed.leader_rank, base.leader_rank);
  EXPECT_EQ(parse_weights(format_weights(changed), base), changed);
  EXPECT_EQ(parse_weights("", base), base);
  EXPECT_THROW(parse_weights("material", base), std::invalid_argument);
  EXPECT_THROW(parse_weights("mass=1", base), std::invalid_argument);
  EXPECT_THROW(parse_weights("material=1x", base), std::invalid_argument);
  const std::string cpp = cpp_initializer(changed, "kClassicWeights");
  EXPECT_NE(cpp.find("constexpr EvalWeights kClassicWeights{"), std::string::npos);
  EXPECT_NE(cpp.find("    .cut_point = 7,\n"), std::string::npos);
}

TEST(WeightMatch, EqualWeightsScoreHalf) {
  // Each opening is played twice with colours swapped; equal weights play the same game
  // twice, so whatever happens the first set scores exactly half.
  SelfPlayConfig config = small_config(1).play;
  const EvalWeights w = EvalWeights::defaults(Variant::Classic, 8);
  const MatchResult r = play_match(config, w, w, 2, 9);
  EXPECT_EQ(r.games, 2);
  EXPECT_EQ(r.wins + r.draws + r.losses, 2);
  EXPECT_EQ(r.wins, r.losses);
  EXPECT_DOUBLE_EQ(r.score(), 0.5);
}

TEST(WeightMatch, ReversedWeightsLose) {
  // Weights that want to lose pieces, stay back and get split (the defaults negated, tempo
  // kept) must lose clearly to the defaults, given the turns to do so.
  SelfPlayConfig config = small_config(1).play;
  config.move_limit = 150;
  const EvalWeights defaults = EvalWeights::defaults(Variant::Classic, 8);
  auto reversed_coefficients = defaults.coefficients();
  for (int i = 0; i < kEvalFeatureCount; ++i)
    if (static_cast<EvalFeature>(i) != EvalFeature::Tempo) reversed_coefficients[i] *= -1;
  const EvalWeights reversed = EvalWeights::from_coefficients(reversed_coefficients);
  const MatchResult r = play_match(config, defaults, reversed, 8, 3);
  EXPECT_GE(r.score(), 0.75) << r.wins << " wins, " << r.draws << " draws, " << r.losses
                             << " losses";
}

}  // namespace
}  // namespace ordo
