// The published perft tables (tests/perft/*.txt): fixed move-sequence counts for positions
// of every rule set and board size, as chess engines keep theirs, so that another
// implementation can check itself against ours and ours cannot drift unnoticed. The counts
// were made by the fast core and agree with the independent reference generators
// (tests/agreement_test.cpp, tests/orderchaos_agreement_test.cpp). Read through the
// run-time seam, so every game is checked the same way.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/any_game.h"
#include "support/perft_tables.h"

namespace {

using ordo::testing::PerftLine;
using ordo::testing::read_perft_table;

void check_table(const std::string& name, std::size_t at_least) {
  const std::vector<PerftLine> table = read_perft_table(name);
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
