// The MCTS searcher: immediate wins, immediate losses avoided, determinism with a node
// limit, limits and progress reports. Positions as in search_test.cpp.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>

#include "ordo/ai/ordo_search.h"
#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/position.h"

namespace ordo {
namespace {

SearchResult think(const Position& pos, std::uint64_t nodes) {
  Mcts mcts;
  const std::atomic<bool> stop{false};
  return mcts.search(pos, {}, {.nodes = nodes}, stop);
}

bool wins_after(Position pos, const Move& move) {
  const Color mover = pos.side_to_move();
  pos.make(move);
  return pos.decided_winner() == mover;
}

// Whether the side to move after `move` can win at once.
bool loses_at_once_after(Position pos, const Move& move) {
  pos.make(move);
  auto replies = std::make_unique<MoveList>();
  generate_legal(pos, *replies);
  for (const Move& reply : *replies) {
    if (wins_after(pos, reply)) return true;
  }
  return false;
}

TEST(Mcts, FindsAnImmediateWin) {
  const Position pos = Position::parse("10/2ww6/10/7b2/7b2/10/10/10 w", Variant::Classic);
  const SearchResult result = think(pos, 2000);
  ASSERT_TRUE(result.best_move);
  EXPECT_TRUE(wins_after(pos, *result.best_move)) << format_move(pos, *result.best_move);
  EXPECT_EQ(result.mate, 1);
}

TEST(Mcts, FindsAnImmediateWinInOrdoX) {
  const Position pos = Position::parse("10/10/2ww6/10/7b2/7b2/10/10 w", Variant::X);
  const SearchResult result = think(pos, 200);
  ASSERT_TRUE(result.best_move);
  EXPECT_TRUE(wins_after(pos, *result.best_move)) << format_move(pos, *result.best_move);
}

TEST(Mcts, AvoidsAnImmediateLoss) {
  // Black threatens e6:f6 sliding down to e1:f1; c2-e4 is White's only move that stops it
  // (search_test.cpp checks that claim by brute force).
  const Position pos = Position::parse("4bb/6/3w2/1ww3/2w3/6 w", Variant::Classic);
  const SearchResult result = think(pos, 3000);
  ASSERT_TRUE(result.best_move);
  EXPECT_FALSE(loses_at_once_after(pos, *result.best_move)) << format_move(pos, *result.best_move);
  EXPECT_EQ(format_move(pos, *result.best_move), "c2-e4");
}

TEST(Mcts, NodeLimitedSearchIsDeterministic) {
  const Position pos = Position::start(Variant::Classic, 8, 8);
  const SearchResult first = think(pos, 1500);
  const SearchResult second = think(pos, 1500);
  ASSERT_TRUE(first.best_move && second.best_move);
  EXPECT_EQ(*first.best_move, *second.best_move);
  EXPECT_EQ(first.nodes, 1500u);
  EXPECT_EQ(first.nodes, second.nodes);
  EXPECT_EQ(first.score, second.score);
}

TEST(Mcts, ReportsProgressWithALegalPrincipalVariation) {
  const Position pos = Position::start(Variant::Classic);
  Mcts mcts;
  const std::atomic<bool> stop{false};
  std::vector<Info> infos;
  const SearchResult result =
      mcts.search(pos, {}, {.nodes = 800}, stop, [&](const Info& info) { infos.push_back(info); });
  ASSERT_FALSE(infos.empty());
  ASSERT_FALSE(infos.back().pv.empty());
  EXPECT_EQ(infos.back().pv.front(), *result.best_move);
  Position walk = pos;
  for (const Move& m : infos.back().pv) {
    auto list = std::make_unique<MoveList>();
    generate_legal(walk, *list);
    ASSERT_NE(std::find(list->begin(), list->end(), m), list->end());
    walk.make(m);
  }
}

TEST(Mcts, StopFlagEndsAnUnlimitedSearch) {
  const Position pos = Position::start(Variant::Classic);
  Mcts mcts;
  const std::atomic<bool> stop{true};  // already set: the search ends at once
  const SearchResult result = mcts.search(pos, {}, {}, stop);
  ASSERT_TRUE(result.best_move);
  EXPECT_EQ(result.nodes, 0u);
}

}  // namespace
}  // namespace ordo
