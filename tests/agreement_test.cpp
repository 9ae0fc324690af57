// The fast generator must agree with the slow reference (plain arrays, flood fill per
// move) on thousands of positions: the same legal moves, written the same way, and the
// same perft counts.
#include <gtest/gtest.h>

#include <algorithm>

#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/perft.h"
#include "reference/reference_ordo.h"
#include "support/random_positions.h"
#include "support/scale.h"

namespace ordo {
namespace {

std::vector<std::string> fast_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<std::string> out;
  for (const Move& m : list) out.push_back(format_move(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

reference::RefVariant ref_variant(Variant v) {
  return v == Variant::X ? reference::RefVariant::X : reference::RefVariant::Classic;
}

std::vector<std::string> reference_moves(const Position& pos) {
  return reference::legal_moves(reference::parse_position(pos.to_string()),
                                ref_variant(pos.variant()));
}

TEST(Agreement, StartPositionsMoveByMove) {
  for (int width : {10, 8}) {
    const Position pos = Position::start(Variant::Classic, width, 8);
    EXPECT_EQ(fast_moves(pos), reference_moves(pos));
  }
}

TEST(Agreement, RandomGamePositions) {
  std::mt19937_64 rng(20261122);
  int split_positions = 0;
  for (int i = 0; i < testing::scaled(3000); ++i) {
    const Position pos = testing::random_game_position(rng, Variant::Classic, 80);
    if (!pos.is_connected(pos.side_to_move())) ++split_positions;
    ASSERT_EQ(fast_moves(pos), reference_moves(pos)) << pos.to_string();
    ASSERT_EQ(count_legal(pos), fast_moves(pos).size()) << pos.to_string();
  }
  EXPECT_GT(split_positions, testing::scaled(10)) << "random games should reach reconnection turns";
}

// 4000 random placements on boards of every shape, connected and split: both generators
// list the same moves. Returns how many were split and how many had moves, so that each
// caller can check the sample covered both.
std::pair<int, int> agree_on_random_placements(Variant variant, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  int split_positions = 0, positions_with_moves = 0;
  for (int i = 0; i < 4000; ++i) {
    const Position pos = testing::random_placement(rng, variant);
    if (!pos.is_connected(pos.side_to_move())) ++split_positions;
    const auto fast = fast_moves(pos);
    if (!fast.empty()) ++positions_with_moves;
    EXPECT_EQ(fast, reference_moves(pos)) << pos.to_string();
    EXPECT_EQ(count_legal(pos), fast.size()) << pos.to_string();
    if (::testing::Test::HasFailure()) break;
  }
  return {split_positions, positions_with_moves};
}

TEST(Agreement, RandomPlacementsOnEveryBoardShape) {
  const auto [split_positions, positions_with_moves] =
      agree_on_random_placements(Variant::Classic, 7);
  EXPECT_GT(split_positions, 1000);
  EXPECT_GT(positions_with_moves, 1000);
}

// Playouts draw moves from the bulk form; it must hold exactly the listed moves.
TEST(Agreement, BulkMovesHoldExactlyTheLegalMoves) {
  std::mt19937_64 rng(31);
  for (int i = 0; i < testing::scaled(2000); ++i) {
    const Position pos = i % 2 ? testing::random_game_position(rng, Variant::Classic, 80)
                               : testing::random_placement(rng, Variant::Classic);
    const BulkMoves bulk(pos);
    std::vector<std::string> drawn;
    for (std::uint64_t k = 0; k < bulk.size(); ++k) drawn.push_back(format_move(pos, bulk.at(k)));
    std::sort(drawn.begin(), drawn.end());
    ASSERT_EQ(drawn, fast_moves(pos)) << pos.to_string();
  }
}

TEST(Agreement, PerftOfRandomPositions) {
  std::mt19937_64 rng(99);
  for (int i = 0; i < 150; ++i) {
    Position pos = i % 2 ? testing::random_game_position(rng, Variant::Classic, 60)
                         : testing::random_placement(rng, Variant::Classic);
    const auto ref = reference::parse_position(pos.to_string());
    ASSERT_EQ(perft(pos, 2), reference::perft(ref, reference::RefVariant::Classic, 2))
        << pos.to_string();
  }
}

// Table-driven perft: the expected counts come from the reference generator, computed
// here, so the table holds only positions and depths.
struct PerftCase {
  const char* name;
  const char* position;
  int depth;
  Variant variant = Variant::Classic;
};

class PerftTable : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftTable, FastEqualsReference) {
  const PerftCase& c = GetParam();
  Position pos = Position::parse(c.position, c.variant);
  const auto ref = reference::parse_position(c.position);
  ASSERT_GT(count_legal(pos), 0u) << c.name << " should be a position with moves to count";
  for (int depth = 1; depth <= c.depth; ++depth) {
    EXPECT_EQ(perft(pos, depth), reference::perft(ref, ref_variant(c.variant), depth))
        << c.name << " depth " << depth;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Positions, PerftTable,
    ::testing::Values(
        PerftCase{"start_10x8", "2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2 w",
                  3},
        PerftCase{"start_8x8", "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w", 3},
        // White is split (c4 and the rest): a reconnection turn with backward moves.
        PerftCase{"white_split", "2bb2bb2/bbbb1bbbbb/bb2b3bb/4b5/2w7/4ww2ww/wwww1wwwww/2ww2ww2 w",
                  3},
        // Black is split into two groups and must reconnect first.
        PerftCase{"black_split", "2bb2bb2/bbbb1bbbbb/bb3b2bb/10/3w6/ww3w2ww/wwwwwwwwww/2ww2ww2 b",
                  3},
        PerftCase{"midgame_8x8", "8/1bbb2b1/2bb1bb1/3wb3/2ww4/1ww1ww2/2ww4/8 w", 3},
        PerftCase{"wide_16x8", "16/5bbbbb6/6bbb7/16/16/5www8/4wwwww7/16 w", 3},
        // Ordo X: ties to choose from, single-file ordos, wins inside two-step turns.
        PerftCase{"x_tie", "7/1b1b3/1bbb3/2ww3/7/7 w", 3, Variant::X},
        PerftCase{"x_single_file", "5b/6/6/2w3/2w3/6 w", 3, Variant::X},
        PerftCase{"x_small_battle", "6/1bbb2/2b3/2ww2/1www2/6 b", 3, Variant::X},
        PerftCase{"x_start_8x8", "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w", 1,
                  Variant::X}),
    [](const ::testing::TestParamInfo<PerftCase>& param_info) {
      return std::string(param_info.param.name);
    });

// Ordo X: whole turns (both steps, and the '@' choice where there is one).
TEST(AgreementX, StartPositionsTurnByTurn) {
  for (int width : {10, 8}) {
    const Position pos = Position::start(Variant::X, width, 8);
    EXPECT_EQ(fast_moves(pos), reference_moves(pos));
  }
}

TEST(AgreementX, RandomGamePositions) {
  std::mt19937_64 rng(4242);
  int with_choices = 0;
  for (int i = 0; i < testing::scaled(400); ++i) {
    const Position pos = testing::random_game_position(rng, Variant::X, 40);
    const auto fast = fast_moves(pos);
    for (const auto& m : fast) with_choices += m.find('@') != std::string::npos;
    ASSERT_EQ(fast, reference_moves(pos)) << pos.to_string();
    ASSERT_EQ(count_legal(pos), fast.size()) << pos.to_string();
  }
  EXPECT_GT(with_choices, 0) << "random games should reach tie choices";
}

TEST(AgreementX, RandomPlacementsOnEveryBoardShape) {
  const auto [split_positions, positions_with_moves] = agree_on_random_placements(Variant::X, 8);
  EXPECT_GT(split_positions, 1000);
  EXPECT_GT(positions_with_moves, 800);
}

TEST(AgreementX, PerftOfSmallPositions) {
  std::mt19937_64 rng(17);
  for (int tested = 0; tested < 60;) {
    Position pos = testing::random_placement(rng, Variant::X);
    if (pos.geometry().square_count() > 48 || count_legal(pos) == 0) continue;
    ++tested;
    const auto ref = reference::parse_position(pos.to_string());
    ASSERT_EQ(perft(pos, 2), reference::perft(ref, reference::RefVariant::X, 2)) << pos.to_string();
  }
}

}  // namespace
}  // namespace ordo
