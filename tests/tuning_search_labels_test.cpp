// Search scores as labels (`tune label`, `tune fit --search-weight`): the data file keeps
// them, the searcher gives them from White's view whatever the thread count, and the fit
// mixes them into the labels as documented.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "ordo/tuning/logistic_fit.h"
#include "ordo/tuning/search_labels.h"
#include "ordo/tuning/training_data.h"
#include "support/cli_run.h"

namespace ordo {
namespace {

// 6 files by 5 ranks. White to move wins at once (b4-b5); Black to move wins at once (e2-e1).
constexpr const char* kWhiteWinsNow = "6/1w4/6/4b1/6 w";
constexpr const char* kBlackWinsNow = "6/1w4/6/4b1/6 b";

std::string as_text(const TrainingData& data) {
  std::ostringstream out;
  write_training_data(data, "test", out);
  return out.str();
}

TrainingData read_text(const std::string& text) {
  std::istringstream in(text);
  return read_training_data(in);
}

std::string read_error(const std::string& text) {
  try {
    read_text(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(SearchLabels, DataFileKeepsScoresBesideResults) {
  const TrainingData data = read_text(
      "# ordo-tune data rules=classic\n"
      "5b/6/1ww3/6/6 w 1-0 -37\n"
      "5b/6/1ww3/6/6 b 1/2-1/2\n"
      "5b/6/1ww3/6/6 b 0-1 5000\n");
  ASSERT_EQ(data.positions.size(), 3u);
  EXPECT_EQ(data.positions[0].position, "5b/6/1ww3/6/6 w");
  EXPECT_EQ(data.positions[0].result, Outcome::WhiteWins);
  EXPECT_EQ(data.positions[0].search_score, -37);
  EXPECT_EQ(data.positions[1].result, Outcome::Draw);
  EXPECT_FALSE(data.positions[1].search_score);
  EXPECT_EQ(data.positions[2].search_score, 5000);
  EXPECT_EQ(as_text(read_text(as_text(data))), as_text(data));
}

TEST(SearchLabels, BadScoresAreNamed) {
  const std::string header = "# ordo-tune data rules=classic\n";
  EXPECT_NE(read_error(header + "5b/6/1ww3/6/6 w 1-0 12x\n").find("line 2: '12x' is neither"),
            std::string::npos);
  EXPECT_NE(read_error(header + "5b/6/1ww3/6/6 w 1-0 5001\n").find("'5001' is neither"),
            std::string::npos);
  // A score where the result should be.
  EXPECT_NE(read_error(header + "5b/6/1ww3/6/6 w 40\n").find("expected a position string"),
            std::string::npos);
  EXPECT_NE(read_error(header + "5b/6/1ww3/6/6 w 1-0 4 4\n").find("expected a position string"),
            std::string::npos);
}

TEST(SearchLabels, ScoresAreWhitesViewAndClamped) {
  TrainingData data;
  data.variant = Variant::Classic;
  data.positions = {{kWhiteWinsNow, Outcome::WhiteWins}, {kBlackWinsNow, Outcome::BlackWins}};
  label_with_search(data, {.nodes = 2000, .threads = 1, .table_mib = 1});
  EXPECT_EQ(data.positions[0].search_score, kMaxSearchLabel);
  EXPECT_EQ(data.positions[1].search_score, -kMaxSearchLabel);
}

TEST(SearchLabels, ScoresDoNotDependOnTheThreadCount) {
  TrainingData data;
  data.variant = Variant::Classic;
  SelfPlayConfig play;
  play.width = 8;
  play.depth = 1;
  play.random_plies = 8;
  play.move_limit = 30;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Game game = random_opening(play, seed);
    const std::size_t first = game.moves().size();
    play_out(game, play, EvalWeights::defaults(Variant::Classic, 8),
             EvalWeights::defaults(Variant::Classic, 8));
    append_game_positions(game, first, data);
  }
  ASSERT_GE(data.positions.size(), 6u);
  TrainingData one = data, two = data;
  label_with_search(one, {.nodes = 3000, .threads = 1, .table_mib = 1});
  label_with_search(two, {.nodes = 3000, .threads = 2, .table_mib = 1});
  EXPECT_EQ(as_text(one), as_text(two));
  int distinct_scores = 0;
  for (std::size_t i = 0; i < one.positions.size(); ++i) {
    ASSERT_TRUE(one.positions[i].search_score);
    if (i > 0 && one.positions[i].search_score != one.positions[i - 1].search_score)
      ++distinct_scores;
  }
  EXPECT_GT(distinct_scores, 0);
}

TEST(SearchLabels, LabelsMixResultAndSearchFromTheSideToMovesView) {
  TrainingData data;
  data.variant = Variant::Classic;
  data.positions = {{"5b/6/1ww3/6/6 w", Outcome::BlackWins, 400},
                    {"5b/6/1ww3/6/6 b", Outcome::BlackWins, 400}};
  const double scale = 0.005;
  const double searched = 1 / (1 + std::exp(-scale * 400));  // White's expected result
  const auto only_search = make_samples(data, {.search_weight = 1, .search_scale = scale});
  EXPECT_NEAR(only_search[0].y, searched, 1e-12);
  EXPECT_NEAR(only_search[1].y, 1 - searched, 1e-12);
  const auto half = make_samples(data, {.search_weight = 0.25, .search_scale = scale});
  EXPECT_NEAR(half[0].y, 0.25 * searched, 1e-12);
  EXPECT_NEAR(half[1].y, 0.75 + 0.25 * (1 - searched), 1e-12);
  const auto results = make_samples(data);
  EXPECT_EQ(results[0].y, 0.0);
  EXPECT_EQ(results[1].y, 1.0);

  data.positions.push_back({"5b/6/1ww3/6/6 b", Outcome::Draw});
  EXPECT_THROW(make_samples(data, {.search_weight = 0.5, .search_scale = scale}),
               std::invalid_argument);
  EXPECT_NO_THROW(make_samples(data));
}

TEST(SearchLabels, ScaleFitRecoversHowScoresPredictResults) {
  // Results drawn with White's chance sigmoid(k * score): the fit finds k again.
  constexpr double k = 0.004;
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> score(-800, 800);
  std::uniform_real_distribution<double> unit(0, 1);
  TrainingData data;
  for (int i = 0; i < 20000; ++i) {
    const int s = score(rng);
    const bool white_wins = unit(rng) < 1 / (1 + std::exp(-k * s));
    data.positions.push_back(
        {"5b/6/1ww3/6/6 w", white_wins ? Outcome::WhiteWins : Outcome::BlackWins, s});
  }
  EXPECT_NEAR(fit_search_scale(data), k, 0.1 * k);
  TrainingData unlabelled;
  unlabelled.positions = {{"5b/6/1ww3/6/6 w", Outcome::WhiteWins}};
  EXPECT_EQ(fit_search_scale(unlabelled), 0);
}

TEST(SearchLabelsCommand, LabelsThenFitsAndWritesTheFeatures) {
  // Self-play positions on 8x8, written, labelled by the command, fitted with the labels.
  const std::string data = ::testing::TempDir() + "search_labels_data.txt";
  const std::string labelled = ::testing::TempDir() + "search_labels_labelled.txt";
  const std::string table = ::testing::TempDir() + "search_labels_features.tsv";
  ASSERT_EQ(testing::run_cli_capturing({"tune", "data", "--size", "8x8", "--depth", "1", "--games",
                                        "6", "--move-limit", "40", "--out", data})
                .code,
            0);
  const auto label = testing::run_cli_capturing(
      {"tune", "label", "--data", data, "--out", labelled, "--nodes", "500", "--threads", "2"});
  ASSERT_EQ(label.code, 0) << label.err;
  EXPECT_NE(label.out.find(" positions at 500 nodes each"), std::string::npos) << label.out;
  std::ifstream in(labelled);
  const TrainingData read = read_training_data(in);
  ASSERT_FALSE(read.positions.empty());
  for (const LabelledPosition& p : read.positions) EXPECT_TRUE(p.search_score) << p.position;

  const auto fit =
      testing::run_cli_capturing({"tune", "fit", "--data", labelled, "--search-weight", "0.5"});
  ASSERT_EQ(fit.code, 0) << fit.err;
  EXPECT_NE(fit.out.find("labels: 0.50 x result + 0.50 x sigmoid("), std::string::npos) << fit.out;
  EXPECT_NE(fit.out.find("against the results alone, held out: current "), std::string::npos)
      << fit.out;
  // Search labels need search scores.
  const auto unlabelled =
      testing::run_cli_capturing({"tune", "fit", "--data", data, "--search-weight", "0.5"});
  EXPECT_NE(unlabelled.code, 0);
  EXPECT_NE(unlabelled.err.find("has no search score"), std::string::npos) << unlabelled.err;

  const auto features =
      testing::run_cli_capturing({"tune", "features", "--data", labelled, "--out", table});
  ASSERT_EQ(features.code, 0) << features.err;
  std::ifstream rows(table);
  std::string header, first;
  std::getline(rows, header);
  std::getline(rows, first);
  EXPECT_EQ(header.rfind("position\tresult\tsearch_score\tmaterial\tleader_rank\t", 0), 0u)
      << header;
  EXPECT_NE(header.find("\teg_sq_g7_e3"), std::string::npos) << header;
  // A row has as many columns as the header names, and begins with the position.
  EXPECT_EQ(std::count(first.begin(), first.end(), '\t'),
            std::count(header.begin(), header.end(), '\t'))
      << first;
  EXPECT_EQ(first.rfind(read.positions.front().position + "\t", 0), 0u) << first;
  const auto missing = testing::run_cli_capturing(
      {"tune", "label", "--data", data + ".none", "--out", labelled, "--nodes", "500"});
  EXPECT_NE(missing.code, 0);
}

}  // namespace
}  // namespace ordo
