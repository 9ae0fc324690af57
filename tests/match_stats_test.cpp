// The match statistics against values worked out by hand (the formulas of stats.h with a
// calculator; the numbers are written out below each case).
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "match/stats.h"

namespace ordo::match {
namespace {

// 6 wins, 2 draws, 2 losses: score 7/10 = 0.7; per-game variance
// (6 * 0.3^2 + 2 * 0.2^2 + 2 * 0.7^2) / 10 = 1.6 / 10 = 0.16.
const WinDrawLoss kSample{6, 2, 2};

TEST(MatchStats, ScoreAndEloOfAScore) {
  EXPECT_DOUBLE_EQ(score(kSample), 0.7);
  EXPECT_DOUBLE_EQ(score(WinDrawLoss{}), 0.5);
  EXPECT_NEAR(elo_from_score(0.75), 190.8485, 1e-3);  // 400 log10(3)
  EXPECT_NEAR(elo_from_score(0.5), 0.0, 1e-12);
  EXPECT_NEAR(elo_from_score(0.25), -190.8485, 1e-3);
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
  EXPECT_TRUE(std::isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
  EXPECT_NEAR(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12);
}

TEST(MatchStats, TrinomialSamples) {
  const Samples s = trinomial_samples(kSample);
  EXPECT_DOUBLE_EQ(s.count, 10);
  EXPECT_NEAR(s.mean, 0.7, 1e-12);
  EXPECT_NEAR(s.variance, 0.16, 1e-12);
}

TEST(MatchStats, EloWithTrinomialInterval) {
  // margin 1.96 * sqrt(0.16 / 10) = 0.24792: scores 0.45208 and 0.94792.
  const auto e = elo_estimate(trinomial_samples(kSample));
  ASSERT_TRUE(e);
  EXPECT_NEAR(e->elo, 147.19, 0.01);
  EXPECT_NEAR(e->low, -33.40, 0.01);
  EXPECT_NEAR(e->high, 504.03, 0.01);
  EXPECT_TRUE(e->has_interval);
  EXPECT_FALSE(elo_estimate(trinomial_samples(WinDrawLoss{})));
  // All draws: Elo 0, but no spread to give an interval.
  const auto alike = elo_estimate(trinomial_samples(WinDrawLoss{0, 4, 0}));
  ASSERT_TRUE(alike);
  EXPECT_NEAR(alike->elo, 0, 1e-12);
  EXPECT_FALSE(alike->has_interval);
}

TEST(MatchStats, EloWithPentanomialInterval) {
  // Pairs worth 1/4, 1/2, 3/4, 3/4, 1: mean 3.25 / 5 = 0.65; variance
  // (0.4^2 + 0.15^2 + 2 * 0.1^2 + 0.35^2) / 5 = 0.325 / 5 = 0.065.
  const Samples s = pentanomial_samples(PairCounts{0, 1, 1, 2, 1});
  EXPECT_DOUBLE_EQ(s.count, 5);
  EXPECT_NEAR(s.mean, 0.65, 1e-12);
  EXPECT_NEAR(s.variance, 0.065, 1e-12);
  const auto e = elo_estimate(s);
  ASSERT_TRUE(e);
  EXPECT_NEAR(e->elo, 107.54, 0.01);
  EXPECT_NEAR(e->low, -51.42, 0.01);
  EXPECT_NEAR(e->high, 335.62, 0.01);
}

TEST(MatchStats, LikelihoodOfSuperiority) {
  // (6 - 2) / sqrt(8) = 1.41421; Phi(1.41421) = 0.92135.
  EXPECT_NEAR(likelihood_of_superiority(kSample), 0.92135, 1e-5);
  EXPECT_DOUBLE_EQ(likelihood_of_superiority(WinDrawLoss{0, 5, 0}), 0.5);
  EXPECT_NEAR(likelihood_of_superiority(WinDrawLoss{2, 0, 6}), 1 - 0.92135, 1e-5);
}

TEST(MatchStats, SprtLogLikelihoodRatio) {
  // s0 = 0.5, s1 = 1 / (1 + 10^(-10/400)) = 0.514387;
  // LLR = 10 * 0.014387 * (1.4 - 1.014387) / (2 * 0.16) = 0.17337.
  const SprtParameters p{0, 10, 0.05, 0.05};
  const SprtState s = sprt(kSample, p);
  EXPECT_NEAR(s.llr, 0.17337, 1e-5);
  EXPECT_NEAR(s.lower, -2.94444, 1e-5);  // ln(0.05 / 0.95)
  EXPECT_NEAR(s.upper, 2.94444, 1e-5);
  EXPECT_EQ(s.decision, SprtDecision::Continue);
}

TEST(MatchStats, SprtDecidesOnLopsidedResults) {
  // 8 wins and nothing else: draws and losses get the pseudo-count 1/2, so 9 samples of
  // mean 8.25 / 9 and LLR 3.92 against elo1 = 50: above 2.944, H1.
  const SprtParameters p{0, 50, 0.05, 0.05};
  const SprtState won = sprt(WinDrawLoss{8, 0, 0}, p);
  EXPECT_NEAR(won.llr, 3.9201, 1e-3);
  EXPECT_EQ(won.decision, SprtDecision::AcceptH1);
  EXPECT_EQ(sprt(WinDrawLoss{0, 0, 8}, p).decision, SprtDecision::AcceptH0);
  EXPECT_EQ(sprt(WinDrawLoss{2, 0, 0}, p).decision, SprtDecision::Continue);
  EXPECT_EQ(sprt(WinDrawLoss{}, p).llr, 0.0);
}

TEST(MatchStats, ParseSprt) {
  const SprtParameters p = parse_sprt("-5,10,0.05,0.1");
  EXPECT_EQ(p.elo0, -5);
  EXPECT_EQ(p.elo1, 10);
  EXPECT_EQ(p.alpha, 0.05);
  EXPECT_EQ(p.beta, 0.1);
  for (const char* bad : {"", "0,10,0.05", "0,10,0.05,0.05,1", "0,x,0.05,0.05", "10,0,0.05,0.05",
                          "0,10,0.6,0.05", "0,10,0,0.05", "0,10,0.05,0.05,", "0,10,0.05,5e"}) {
    EXPECT_THROW(parse_sprt(bad), std::invalid_argument) << bad;
  }
}

TEST(MatchStats, FormatElo) {
  EXPECT_EQ(format_elo(147.19), "+147.2");
  EXPECT_EQ(format_elo(-33.44), "-33.4");
  EXPECT_EQ(format_elo(elo_from_score(1.0)), "+inf");
  EXPECT_EQ(format_elo(elo_from_score(0.0)), "-inf");
}

}  // namespace
}  // namespace ordo::match
