// The reference UCT bot and its random single-piece playouts. Positions are written as
// position strings (docs/rules.md section 7: ranks from the top down, then the side to move).
#include "ordo/ai/uct.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/position.h"

namespace ordo {
namespace {

bool wins_after(Position pos, const Move& move) {
  const Color mover = pos.side_to_move();
  pos.make(move);
  return pos.decided_winner() == mover;
}

bool is_legal(const Position& pos, const Move& move) {
  const auto moves = std::make_unique<MoveList>();
  generate_legal(pos, *moves);
  return std::find(moves->begin(), moves->end(), move) != moves->end();
}

UctResult think(const Position& pos, std::uint64_t iterations, std::uint64_t seed = 7) {
  UctBot bot({.seed = seed});
  const std::atomic<bool> stop{false};
  return bot.think(pos, {.iterations = iterations}, stop);
}

// White c7 d7 can step onto rank 8 (c7-c8, d7-d8, c7-b8, ...) and stay connected; Black is
// far from White's home row.
constexpr const char* kWinInOne = "10/2ww6/10/7b2/7b2/10/10/10 w";

TEST(Uct, FindsWinInOneClassic) {
  const Position pos = Position::parse(kWinInOne, Variant::Classic);
  const UctResult result = think(pos, 3000);
  ASSERT_TRUE(result.best_move);
  EXPECT_TRUE(wins_after(pos, *result.best_move)) << format_move(pos, *result.best_move);
  EXPECT_GT(result.win_rate, 0.99);
  EXPECT_EQ(result.iterations, 3000u);
}

TEST(Uct, FindsWinInOneOrdoX) {
  for (const char* text : {kWinInOne, "10/10/2ww6/10/7b2/7b2/10/10 w"}) {
    const Position pos = Position::parse(text, Variant::X);
    const UctResult result = think(pos, 3000);
    ASSERT_TRUE(result.best_move) << text;
    EXPECT_TRUE(wins_after(pos, *result.best_move))
        << text << " " << format_move(pos, *result.best_move);
  }
}

TEST(Uct, FixedSeedAndIterationsAreReproducible) {
  for (Variant variant : {Variant::Classic, Variant::X}) {
    const Position pos = Position::start(variant);
    const std::uint64_t iterations = variant == Variant::X ? 150 : 400;  // X playouts are slower
    const UctResult a = think(pos, iterations);
    UctBot bot({.seed = 7});
    const std::atomic<bool> stop{false};
    bot.think(Position::start(variant, 8, 8), {.iterations = 50}, stop);  // reused bot
    const UctResult b = bot.think(pos, {.iterations = iterations}, stop);
    ASSERT_TRUE(a.best_move && b.best_move);
    EXPECT_EQ(*a.best_move, *b.best_move);
    EXPECT_EQ(a.visits, b.visits);
    EXPECT_EQ(a.win_rate, b.win_rate);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.nodes, iterations + 1);  // one node per iteration, and the root
    EXPECT_TRUE(is_legal(pos, *a.best_move));
  }
}

TEST(Uct, StopFlagSetBeforehandStillGivesALegalMove) {
  const Position pos = Position::start(Variant::Classic);
  UctBot bot;
  const std::atomic<bool> stop{true};
  const UctResult result = bot.think(pos, {}, stop);
  EXPECT_EQ(result.iterations, 0u);
  ASSERT_TRUE(result.best_move);
  EXPECT_TRUE(is_legal(pos, *result.best_move));
}

TEST(Uct, StopFlagEndsAnUnlimitedSearch) {
  const Position pos = Position::start(Variant::Classic);
  UctBot bot;
  std::atomic<bool> stop{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop = true;
  });
  const auto start = std::chrono::steady_clock::now();
  const UctResult result = bot.think(pos, {}, stop);
  stopper.join();
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_LT(took, std::chrono::seconds(5));
  EXPECT_GT(result.iterations, 0u);
  EXPECT_TRUE(result.best_move);
}

TEST(Uct, TimeLimitIsHonoured) {
  for (Variant variant : {Variant::Classic, Variant::X}) {
    UctBot bot;
    const std::atomic<bool> stop{false};
    const UctResult result = bot.think(Position::start(variant), {.time_ms = 200}, stop);
    EXPECT_GE(result.elapsed_ms, 200);
    EXPECT_LT(result.elapsed_ms, 5000);  // stops soon after the limit (room for a loaded machine)
    EXPECT_GT(result.iterations, 0u);
    EXPECT_TRUE(result.best_move);
  }
}

TEST(Uct, DecidedRootHasNoMove) {
  // White already stands on Black's home row.
  const Position done = Position::parse("2w7/2w7/10/7b2/10/10/10/10 b", Variant::Classic);
  const UctResult result = think(done, 10);
  EXPECT_FALSE(result.best_move);
  EXPECT_EQ(result.iterations, 0u);
}

TEST(Playout, NeverExceedsTheCap) {
  Rng rng(11);
  const auto scratch = std::make_unique<MoveList>();
  for (Variant variant : {Variant::Classic, Variant::X}) {
    for (int size : {10, 8}) {
      const Position start = Position::start(variant, size, 8);
      int cut = 0;
      for (int i = 0; i < 200; ++i) {
        const PlayoutOutcome outcome = single_piece_playout(start, rng, 99, *scratch);
        EXPECT_LE(outcome.moves, 99);
        if (!outcome.winner) {
          EXPECT_EQ(outcome.moves, 99);
          ++cut;
        }
      }
      const PlayoutOutcome short_one = single_piece_playout(start, rng, 5);
      EXPECT_EQ(short_one.moves, 5);
      EXPECT_FALSE(short_one.winner);
      RecordProperty(std::string(variant_name(variant)) + std::to_string(size) + "_cut", cut);
    }
  }
}

TEST(Playout, DecidedPositionsEndAtOnce) {
  Rng rng(3);
  const Position done = Position::parse("2w7/2w7/10/7b2/10/10/10/10 b", Variant::Classic);
  const PlayoutOutcome outcome = single_piece_playout(done, rng, 99);
  EXPECT_EQ(outcome.winner, Color::White);
  EXPECT_EQ(outcome.moves, 0);
}

// Along random single-piece games (start and later positions), every drawn move is legal
// and, where the position has a single-piece move, moves single pieces only.
TEST(Playout, MovesAreLegalAndSinglePiece) {
  Rng rng(5);
  const auto scratch = std::make_unique<MoveList>();
  const auto legal = std::make_unique<MoveList>();
  for (Variant variant : {Variant::Classic, Variant::X}) {
    for (int game = 0; game < 10; ++game) {
      Position pos = Position::start(variant, game % 2 ? 8 : 10, 8);
      for (int ply = 0; ply < 99 && !pos.decided_winner(); ++ply) {
        const std::optional<Move> move = random_single_piece_move(pos, rng, *scratch);
        legal->clear();
        generate_legal(pos, *legal);
        ASSERT_EQ(move.has_value(), !legal->empty());
        if (!move) break;
        ASSERT_NE(std::find(legal->begin(), legal->end(), *move), legal->end())
            << pos.to_string() << " " << format_move(pos, *move);
        const bool has_single = std::any_of(legal->begin(), legal->end(), [](const Move& m) {
          return !m.steps[0].is_ordo() && (m.step_count == 1 || !m.steps[1].is_ordo());
        });
        const bool single =
            !move->steps[0].is_ordo() && (move->step_count == 1 || !move->steps[1].is_ordo());
        EXPECT_EQ(single, has_single) << pos.to_string();
        pos.make(*move);
      }
    }
  }
}

}  // namespace
}  // namespace ordo
