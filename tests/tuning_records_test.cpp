// Labelled positions from game records (`tune records`): a text of several records splits
// into them, every finished game of the chosen rules gives its positions after the opening
// with its result, other games are counted and skipped, and a bad record is refused with
// its file, number and line.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "ordo/movegen.h"
#include "ordo/record.h"
#include "ordo/tuning/quiet_position.h"
#include "ordo/tuning/record_data.h"
#include "support/cli_run.h"
#include "util/record_text.h"

namespace ordo {
namespace {

// A game of uniformly random moves from the start, played to its end by the rules (or
// stopped after `max_plies` with no result).
Game random_game(Variant variant, std::uint64_t seed, int max_plies = 400) {
  std::mt19937_64 rng(seed);
  Game game(Position::start(variant, 8, 8));
  while (!game.result().over() && static_cast<int>(game.moves().size()) < max_plies) {
    MoveList moves;
    game.legal_moves(moves);
    game.play(moves[rng() % moves.size()]);
  }
  return game;
}

std::string record_text(const Game& game, Variant variant) {
  return write_record(Record{game, variant, {{"White", "A"}, {"Black", "B"}}});
}

TEST(SplitRecords, FindsEachRecordAndTheLineItStartsOn) {
  const std::string first = record_text(random_game(Variant::Classic, 1), Variant::Classic);
  const std::string second = record_text(random_game(Variant::Classic, 2), Variant::Classic);
  const std::string text = "\n" + first + "\n\n" + second;
  const auto chunks = common::split_records(text);
  ASSERT_EQ(chunks.size(), 2u);
  EXPECT_EQ(chunks[0].first_line, 2);
  EXPECT_EQ(chunks[1].first_line,
            2 + static_cast<int>(std::count(first.begin(), first.end(), '\n')) + 2);
  EXPECT_EQ(read_record(chunks[0].text).game.moves(), read_record(first).game.moves());
  EXPECT_EQ(read_record(chunks[1].text).game.moves(), read_record(second).game.moves());
}

TEST(SplitRecords, ATagAfterMovetextStartsTheNextRecordEvenWithoutABlankLine) {
  const auto chunks =
      common::split_records("[Game \"Ordo\"]\n1. c2-c3 *\n[Game \"Ordo\"]\n[White \"A\"]\n*\n");
  ASSERT_EQ(chunks.size(), 2u);
  EXPECT_EQ(chunks[0].text, "[Game \"Ordo\"]\n1. c2-c3 *\n");
  EXPECT_EQ(chunks[1].first_line, 3);
  EXPECT_TRUE(common::split_records(" \n\n").empty());
}

TEST(RecordData, KeepsThePositionsAfterTheOpeningOfFinishedGamesWithTheirResults) {
  const Game a = random_game(Variant::Classic, 3);
  const Game b = random_game(Variant::Classic, 4);
  const Game x = random_game(Variant::X, 5);
  const Game unfinished = random_game(Variant::Classic, 6, 5);
  ASSERT_TRUE(a.result().over() && b.result().over() && x.result().over());
  ASSERT_FALSE(unfinished.result().over());
  const std::vector<RecordsFile> files = {
      {"one.pgn", record_text(a, Variant::Classic) + "\n" + record_text(x, Variant::X)},
      {"two.pgn", record_text(unfinished, Variant::Classic) + record_text(b, Variant::Classic)},
  };
  constexpr int kSkip = 3;
  RecordDataCounts counts;
  const TrainingData data =
      labelled_positions_from_records(files, {Variant::Classic, kSkip}, counts);
  EXPECT_EQ(counts.games, 2);
  EXPECT_EQ(counts.other_rules, 1);
  EXPECT_EQ(counts.unfinished, 1);
  EXPECT_EQ(data.variant, Variant::Classic);

  // The expected positions: each game replayed move by move on a bare position.
  std::vector<LabelledPosition> expected;
  for (const Game* game : {&a, &b}) {
    Position pos = game->start_position();
    for (std::size_t m = 0; m < game->moves().size(); ++m) {
      if (m >= kSkip) expected.push_back({pos.to_string(), game->result().outcome});
      pos.make(game->moves()[m]);
    }
  }
  ASSERT_EQ(data.positions.size(), expected.size());
  ASSERT_EQ(expected.size(), a.moves().size() + b.moves().size() - 2 * kSkip);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(data.positions[i].position, expected[i].position) << i;
    EXPECT_EQ(data.positions[i].result, expected[i].result) << i;
  }
}

TEST(RecordData, QuietOnlyKeepsTheQuietPositionsInOrderAndCountsTheOthers) {
  const Game a = random_game(Variant::Classic, 8);
  const Game b = random_game(Variant::Classic, 9);
  const std::vector<RecordsFile> files = {
      {"games.pgn", record_text(a, Variant::Classic) + "\n" + record_text(b, Variant::Classic)}};
  constexpr int kSkip = 2;
  RecordDataCounts all_counts, quiet_counts;
  const TrainingData all =
      labelled_positions_from_records(files, {Variant::Classic, kSkip}, all_counts);
  const TrainingData quiet =
      labelled_positions_from_records(files, {Variant::Classic, kSkip, true}, quiet_counts);
  EXPECT_EQ(all_counts.not_quiet, 0);
  EXPECT_EQ(quiet_counts.games, 2);

  // The same positions as without the filter, less the ones that are not quiet.
  const auto scratch = std::make_unique<MoveList>();
  std::vector<LabelledPosition> expected;
  for (const LabelledPosition& p : all.positions)
    if (is_quiet_position(Position::parse(p.position, Variant::Classic), *scratch))
      expected.push_back(p);
  ASSERT_EQ(quiet.positions.size(), expected.size());
  EXPECT_EQ(quiet.positions.size() + static_cast<std::size_t>(quiet_counts.not_quiet),
            all.positions.size());
  EXPECT_GT(quiet_counts.not_quiet, 0);
  EXPECT_FALSE(quiet.positions.empty());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(quiet.positions[i].position, expected[i].position) << i;
    EXPECT_EQ(quiet.positions[i].result, expected[i].result) << i;
  }
}

TEST(RecordData, ABadRecordIsNamedByFileNumberAndLine) {
  const std::string good = record_text(random_game(Variant::Classic, 7), Variant::Classic);
  const std::vector<RecordsFile> files = {
      {"games.pgn", good + "\n[Game \"Ordo\"]\n[Size \"8x8\"]\n\n1. c2-c3 a7-a1 *\n"}};
  RecordDataCounts counts;
  try {
    labelled_positions_from_records(files, {}, counts);
    FAIL() << "a move off the rules was accepted";
  } catch (const std::invalid_argument& e) {
    const std::string line = std::to_string(std::count(good.begin(), good.end(), '\n') + 2);
    EXPECT_NE(std::string(e.what()).find("games.pgn, record 2 (from line " + line + "): "),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("a7-a1"), std::string::npos) << e.what();
  }
}

TEST(TuneRecordsCommand, WritesADataFileThatTheFitReads) {
  const std::string records = ::testing::TempDir() + "tune_records_games.pgn";
  const std::string data = ::testing::TempDir() + "tune_records_data.txt";
  {
    std::ofstream out(records);
    for (std::uint64_t seed = 10; seed < 16; ++seed)
      out << record_text(random_game(Variant::Classic, seed), Variant::Classic) << '\n';
  }
  const auto run =
      testing::run_cli_capturing({"tune", "records", "--skip-plies", "0", "--out", data, records});
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find(" from 6 games to " + data), std::string::npos) << run.out;
  std::ifstream in(data);
  const TrainingData read = read_training_data(in);
  EXPECT_EQ(read.variant, Variant::Classic);
  EXPECT_FALSE(read.positions.empty());

  // --quiet writes fewer positions and says how many it left out.
  const std::string quiet_data = ::testing::TempDir() + "tune_records_quiet.txt";
  const auto quiet = testing::run_cli_capturing(
      {"tune", "records", "--skip-plies", "0", "--quiet", "--out", quiet_data, records});
  ASSERT_EQ(quiet.code, 0) << quiet.err;
  EXPECT_NE(quiet.out.find(" positions not quiet)"), std::string::npos) << quiet.out;
  std::ifstream quiet_in(quiet_data);
  const TrainingData quiet_read = read_training_data(quiet_in);
  EXPECT_LT(quiet_read.positions.size(), read.positions.size());
  EXPECT_FALSE(quiet_read.positions.empty());

  const auto fit = testing::run_cli_capturing({"tune", "fit", "--data", data});
  EXPECT_EQ(fit.code, 0) << fit.err;
  EXPECT_NE(fit.out.find("weights material="), std::string::npos) << fit.out;

  // Features left out get no weight; the others still do.
  const auto without = testing::run_cli_capturing(
      {"tune", "fit", "--data", data, "--without", "material,passed_pieces"});
  EXPECT_EQ(without.code, 0) << without.err;
  EXPECT_NE(without.out.find("weights material=0,"), std::string::npos) << without.out;
  EXPECT_NE(without.out.find(",passed_pieces=0,"), std::string::npos) << without.out;
  EXPECT_EQ(without.out.find("material=0,leader_rank=0,"), std::string::npos) << without.out;
  const auto unknown =
      testing::run_cli_capturing({"tune", "fit", "--data", data, "--without", "material,pieces"});
  EXPECT_NE(unknown.code, 0);
  EXPECT_NE(unknown.err.find("unknown feature 'pieces'"), std::string::npos) << unknown.err;
}

TEST(TuneFitCommand, AMissingOrDirectoryDataFileIsNamedWithTheReason) {
  const auto missing = testing::run_cli_capturing({"tune", "fit", "--data", "/nonexistent/d.txt"});
  EXPECT_NE(missing.code, 0);
  EXPECT_NE(missing.err.find("cannot read training data '/nonexistent/d.txt': No such file"),
            std::string::npos)
      << missing.err;
  // A directory opens as a stream and would read as a file without a header line.
  const auto directory =
      testing::run_cli_capturing({"tune", "fit", "--data", ::testing::TempDir()});
  EXPECT_NE(directory.code, 0);
  EXPECT_NE(directory.err.find("it is a directory"), std::string::npos) << directory.err;
}

TEST(TuneRecordsCommand, ABrokenFileWritesNothing) {
  const std::string records = ::testing::TempDir() + "tune_records_bad.pgn";
  const std::string data = ::testing::TempDir() + "tune_records_bad_data.txt";
  std::remove(data.c_str());
  std::ofstream(records) << "[Game \"Ordo\"]\n\n1. c2-c9 *\n";
  const auto run = testing::run_cli_capturing({"tune", "records", "--out", data, records});
  EXPECT_NE(run.code, 0);
  EXPECT_NE(run.err.find("record 1 (from line 1)"), std::string::npos) << run.err;
  EXPECT_FALSE(std::ifstream(data).good());
}

}  // namespace
}  // namespace ordo
