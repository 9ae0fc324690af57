// The published perft tables (tests/perft/*.txt): fixed move-sequence counts for positions
// of every rule set and board size, as chess engines keep theirs, so that another
// implementation can check itself against ours and ours cannot drift unnoticed. The counts
// were made by the fast core and agree with the independent reference generators
// (tests/agreement_test.cpp, tests/orderchaos_agreement_test.cpp). Read through the
// run-time seam, so every game is checked the same way.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/any_game.h"

namespace {

struct PerftLine {
  std::string where;  // file:line, for messages
  games::GameSpec spec;
  std::vector<std::uint64_t> counts;  // perft(1), perft(2), ...
};

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

// One line: GAME | RULES | POSITION | N1 N2 N3 ...  ('#' starts a comment line).
std::vector<PerftLine> read_table(const std::string& name) {
  const std::string path = std::string(ORDO_SOURCE_DIR) + "/tests/perft/" + name;
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::vector<PerftLine> lines;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (trim(text).empty() || trim(text)[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream split(text);
    for (std::string field; std::getline(split, field, '|');) fields.push_back(trim(field));
    const std::string where = name + ":" + std::to_string(number);
    if (fields.size() != 4) {
      ADD_FAILURE() << where << ": expected four fields separated by '|'";
      continue;
    }
    PerftLine line{where, {fields[0], {{"rules", fields[1]}, {"position", fields[2]}}}, {}};
    std::stringstream counts(fields[3]);
    for (std::uint64_t n; counts >> n;) line.counts.push_back(n);
    EXPECT_FALSE(line.counts.empty()) << where << ": no counts";
    lines.push_back(std::move(line));
  }
  return lines;
}

void check_table(const std::string& name, std::size_t at_least) {
  const std::vector<PerftLine> table = read_table(name);
  EXPECT_GE(table.size(), at_least) << name;
  for (const PerftLine& line : table) {
    const auto game = games::make_game(line.spec);
    for (std::size_t depth = 1; depth <= line.counts.size(); ++depth)
      EXPECT_EQ(game->perft(static_cast<int>(depth)), line.counts[depth - 1])
          << line.where << " depth " << depth;
  }
}

TEST(PublishedPerft, OrdoClassic) {
  check_table("ordo_classic.txt", 6);
}

TEST(PublishedPerft, OrdoX) {
  check_table("ordo_x.txt", 5);
}

TEST(PublishedPerft, OrderAndChaos) {
  check_table("orderchaos.txt", 4);
}

}  // namespace
