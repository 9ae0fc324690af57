// The engine facade for Order and Chaos (orderchaos/ai/orderchaos_facade.h): the same facade as
// Ordo's, agreeing with its searcher called directly, refusing bad input without change,
// and playing legal moves at every level.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderchaos/ai/orderchaos_facade.h"
#include "orderchaos/movegen.h"
#include "orderchaos/notation.h"

namespace ordo {
namespace {

namespace oc = orderchaos;

// Collects the callbacks' reports (they run on the engine's worker thread).
struct Reports {
  std::mutex mutex;
  std::vector<OrderChaosInfo> infos;
  std::optional<OrderChaosSearchResult> result;

  OrderChaosSearchCallbacks callbacks() {
    return {.on_info =
                [this](const oc::Position&, const OrderChaosInfo& info) {
                  const std::lock_guard lock(mutex);
                  infos.push_back(info);
                },
            .on_best_move =
                [this](const oc::Position&, const OrderChaosSearchResult& res) {
                  const std::lock_guard lock(mutex);
                  result = res;
                }};
  }
};

bool is_legal(const oc::Position& pos, oc::Move move) {
  oc::MoveList list;
  oc::generate_legal(pos, list);
  for (const oc::Move m : list)
    if (m == move) return true;
  return false;
}

TEST(OrderChaosEngine, FixedDepthAgreesWithTheSearcherCalledDirectly) {
  OrderChaosEngine engine;
  engine.set_position({"Xc3", "Od4", "Xc4"});
  Reports reports;
  engine.go({.depth = 4}, reports.callbacks());
  engine.wait();
  ASSERT_TRUE(reports.result && reports.result->best_move);

  OrderChaosAlphaBeta direct(OrderChaosEngineOptions{}.hash_mib);
  const std::atomic<bool> stop{false};
  const auto expected = direct.search(engine.game().position(), {}, {.depth = 4}, stop);
  EXPECT_EQ(reports.result->nodes, expected.nodes);
  EXPECT_EQ(*reports.result->best_move, *expected.best_move);
  EXPECT_EQ(reports.infos.size(), 4u);
  EXPECT_FALSE(engine.is_searching());
}

TEST(OrderChaosEngine, FindsAWinInOneUnderBothVersions) {
  for (const auto version : {oc::RuleVersion::Original, oc::RuleVersion::ExactFive}) {
    OrderChaosEngine engine({.version = version});
    // X on a1..d1 after seven placements, Order to move.
    engine.set_position({"Xa1", "Of6", "Xb1", "Oa6", "Xc1", "Of5", "Xd1", "Oa5"});
    Reports reports;
    engine.go({.movetime_ms = 2000}, reports.callbacks());
    engine.wait();
    ASSERT_TRUE(reports.result && reports.result->best_move);
    EXPECT_EQ(oc::format_move(*reports.result->best_move), "Xe1");
    ASSERT_TRUE(reports.result->mate);
    EXPECT_EQ(*reports.result->mate, 1);
  }
}

TEST(OrderChaosEngine, IllegalMoveIsNamedAndChangesNothing) {
  OrderChaosEngine engine;
  engine.set_position({"Xc3"});
  try {
    engine.set_position({"Od4", "Xd4"});
    FAIL() << "no error";
  } catch (const oc::MoveError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("move 2 'Xd4' (Chaos)"), std::string::npos) << what;
  }
  EXPECT_EQ(engine.game().moves().size(), 1u);
}

TEST(OrderChaosEngine, MctsBlocksAFourAndTakesAWin) {
  OrderChaosEngine engine({.searcher = SearcherKind::Mcts});
  // X on a1..d1, Chaos to move: only Oe1 does not lose at once.
  engine.set_position({"Xa1", "Of6", "Xb1", "Oa6", "Xc1", "Of5", "Xd1"});
  Reports reports;
  engine.go({.nodes = 2000}, reports.callbacks());
  engine.wait();
  ASSERT_TRUE(reports.result && reports.result->best_move);
  EXPECT_EQ(oc::format_move(*reports.result->best_move), "Oe1");

  engine.set_position({"Xa1", "Of6", "Xb1", "Oa6", "Xc1", "Of5", "Xd1", "Oa5"});
  engine.go({.nodes = 2000}, reports.callbacks());
  engine.wait();
  ASSERT_TRUE(reports.result && reports.result->best_move);
  EXPECT_EQ(oc::format_move(*reports.result->best_move), "Xe1");
  ASSERT_TRUE(reports.result->mate);
  EXPECT_EQ(*reports.result->mate, 1);
}

TEST(OrderChaosEngine, ANewVersionStartsANewGame) {
  OrderChaosEngine engine;
  engine.set_position({"Xc3", "Od4"});
  OrderChaosEngineOptions options = engine.options();
  options.level = 5;
  engine.set_options(options);
  EXPECT_EQ(engine.game().moves().size(), 2u);  // a level is no new board
  options.version = oc::RuleVersion::ExactFive;
  engine.set_options(options);
  EXPECT_TRUE(engine.game().moves().empty());
  EXPECT_EQ(engine.game().position().version(), oc::RuleVersion::ExactFive);
}

TEST(OrderChaosEngine, EveryLevelPlaysALegalMoveReproducibly) {
  for (int level = kMinLevel; level <= kMaxLevel; ++level) {
    std::optional<oc::Move> first;
    for (int run = 0; run < 2; ++run) {
      OrderChaosEngine engine({.level = level, .seed = 99});
      engine.set_position({"Xc3", "Od4", "Xc4", "Oe5"});
      Reports reports;
      engine.go({.depth = 3}, reports.callbacks());
      engine.wait();
      ASSERT_TRUE(reports.result && reports.result->best_move) << "level " << level;
      EXPECT_TRUE(is_legal(engine.game().position(), *reports.result->best_move));
      if (run == 0) {
        first = reports.result->best_move;
      } else {
        EXPECT_EQ(*first, *reports.result->best_move) << "level " << level;
      }
    }
  }
}

TEST(OrderChaosEngine, StopEndsAnInfiniteSearch) {
  OrderChaosEngine engine;
  Reports reports;
  engine.go({.infinite = true}, reports.callbacks());
  EXPECT_TRUE(engine.is_searching());
  engine.stop();
  engine.wait();
  ASSERT_TRUE(reports.result && reports.result->best_move);
  EXPECT_TRUE(is_legal(oc::Position::start(), *reports.result->best_move));
}

}  // namespace
}  // namespace ordo
