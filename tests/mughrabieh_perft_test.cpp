// The published Mughrabieh count tables (tests/perft/mughrabieh.txt: paths of distinct
// turns; mughrabieh_sequences.txt: paths of step sequences), with chance expanded, read
// and recomputed by the core, and recomputed by the reference generator, which shares no
// code with it.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "mughrabieh/perft.h"
#include "reference/mughrabieh_reference.h"

namespace mughrabieh {
namespace {

struct Line {
  std::string where;
  RuleSet rules = RuleSet::House;
  std::string position;
  std::vector<std::uint64_t> counts;
};

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

// GAME | RULES | POSITION | N1 N2 N3 ...  ('#' starts a comment line).
std::vector<Line> read_table(const std::string& name) {
  const std::string path = std::string(MUGHRABIEH_SOURCE_DIR) + "/tests/perft/" + name;
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::vector<Line> lines;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (trim(text).empty() || trim(text)[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream split(text);
    for (std::string field; std::getline(split, field, '|');) fields.push_back(trim(field));
    Line line;
    line.where = name + ":" + std::to_string(number);
    if (fields.size() != 4 || fields[0] != "mughrabieh") {
      ADD_FAILURE() << line.where << ": expected mughrabieh | RULES | POSITION | COUNTS";
      continue;
    }
    line.rules = fields[1] == "ludii" ? RuleSet::Ludii : RuleSet::House;
    line.position = fields[2];
    std::stringstream counts(fields[3]);
    for (std::uint64_t n; counts >> n;) line.counts.push_back(n);
    lines.push_back(line);
  }
  EXPECT_GE(lines.size(), 8u) << name;
  return lines;
}

TEST(MughrabiehPerft, PublishedTablesByTheCore) {
  const auto turns = read_table("mughrabieh.txt");
  const auto sequences = read_table("mughrabieh_sequences.txt");
  ASSERT_EQ(turns.size(), sequences.size());
  for (std::size_t i = 0; i < turns.size(); ++i) {
    ASSERT_EQ(turns[i].position, sequences[i].position) << turns[i].where;
    const Position pos = Position::parse(turns[i].position, turns[i].rules);
    for (std::size_t d = 1; d <= turns[i].counts.size(); ++d) {
      const TurnCounts c = perft(pos, static_cast<int>(d));
      EXPECT_EQ(c.turns, turns[i].counts[d - 1]) << turns[i].where << " depth " << d;
      EXPECT_EQ(c.sequences, sequences[i].counts[d - 1]) << sequences[i].where << " depth " << d;
    }
  }
}

void check_by_reference(std::size_t max_depth) {
  const auto turns = read_table("mughrabieh.txt");
  const auto sequences = read_table("mughrabieh_sequences.txt");
  for (std::size_t i = 0; i < turns.size(); ++i) {
    const auto board =
        reference_mughrabieh::from_string(turns[i].position, turns[i].rules == RuleSet::Ludii);
    for (std::size_t d = 1; d <= std::min(max_depth, turns[i].counts.size()); ++d) {
      const auto c = reference_mughrabieh::perft(board, static_cast<int>(d));
      EXPECT_EQ(c.turns, turns[i].counts[d - 1]) << turns[i].where << " depth " << d;
      EXPECT_EQ(c.sequences, sequences[i].counts[d - 1]) << sequences[i].where << " depth " << d;
    }
  }
}

TEST(MughrabiehPerft, PublishedTablesByTheReferenceToDepthOne) {
  check_by_reference(1);
}

TEST(MughrabiehPerft, PublishedTablesByTheReferenceToDepthThree) {
  check_by_reference(3);
}

TEST(MughrabiehPerft, ARollGivenCountsOneTurn) {
  // At the start only one piece may move: one turn for every roll; two orders for the
  // rolls that are not doubles.
  const TurnCounts c = perft(Position::parse("24x15/24x15 w 52"), 1);
  EXPECT_EQ(c.turns, 1u);
  EXPECT_EQ(c.sequences, 2u);
  const TurnCounts all = perft(Position::start(), 1);
  EXPECT_EQ(all.turns, 21u);
  EXPECT_EQ(all.sequences, 15u * 2 + 6);
}

}  // namespace
}  // namespace mughrabieh
