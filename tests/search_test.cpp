// The alpha-beta searcher and its transposition table. Positions are written as position
// strings (docs/rules.md section 7: ranks from the top down, then the side to move).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ordo/ai/ordo_rules.h"
#include "ordo/ai/ordo_search.h"
#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/playout.h"
#include "ordo/position.h"
#include "support/brute_force_win.h"
#include "support/scale.h"

namespace ordo {
namespace {

SearchResult search_to(const Position& pos, int depth, std::vector<std::uint64_t> history = {},
                       int threads = 1) {
  AlphaBeta searcher(4, threads);
  const std::atomic<bool> stop{false};
  return searcher.search(pos, history, {.depth = depth}, stop);
}

bool wins_after(Position pos, const Move& move) {
  const Color mover = pos.side_to_move();
  pos.make(move);
  return pos.decided_winner() == mover;
}

using testing::forces_win_within;
using testing::move_forces_win;

// A midgame position reached by random legal moves from the 10x8 start.
Position midgame(Variant variant, int plies, std::uint64_t seed) {
  Position pos = Position::start(variant);
  Rng rng(seed);
  auto moves = std::make_unique<MoveList>();
  for (int i = 0; i < plies; ++i) {
    moves->clear();
    generate_legal(pos, *moves);
    pos.make((*moves)[rng.below(static_cast<std::uint32_t>(moves->size()))]);
    if (pos.decided_winner()) ADD_FAILURE() << "the random game ended early";
  }
  return pos;
}

TEST(Search, FindsWinInOne) {
  // White c7 d7 can step onto rank 8 (c7-c8, d7-d8, ...) and stay connected.
  //   8 . . . . . . . . . .
  //   7 . . w w . . . . . .
  //   5 . . . . . . . b . .
  //   4 . . . . . . . b . .
  const Position pos = Position::parse("10/2ww6/10/7b2/7b2/10/10/10 w", Variant::Classic);
  const SearchResult result = search_to(pos, 4);
  ASSERT_TRUE(result.best_move);
  EXPECT_TRUE(wins_after(pos, *result.best_move)) << format_move(pos, *result.best_move);
  EXPECT_EQ(result.mate, 1);
  EXPECT_EQ(result.score, kMateScore - 1);
}

TEST(Search, FindsWinInTwo) {
  // 6x6.  6 . . . . . b     White cannot win at once: a lone slide to rank 6 would leave
  //       5 . . . . . b     the others behind. b1-b2 forms the ordo a2:c2, and files a-c are
  //       4 . . . . . b     empty up to rank 6. Black's pieces stand on files e and f and
  //       3 . . . . b .     must stay connected: none of its ten replies reaches files a-c,
  //       2 w . w . . .     and none reaches rank 1. So next turn the ordo slides to a6:c6.
  //       1 . w . . . .
  Position pos = Position::parse("5b/5b/5b/4b1/w1w3/1w4 w", Variant::Classic);
  ASSERT_FALSE(forces_win_within(pos, 1));
  ASSERT_TRUE(forces_win_within(pos, 2));  // the claim above, checked by brute force

  const SearchResult result = search_to(pos, 5);
  ASSERT_TRUE(result.best_move);
  EXPECT_EQ(format_move(pos, *result.best_move), "b1-b2");
  EXPECT_EQ(result.mate, 2);
  EXPECT_EQ(result.score, kMateScore - 3);
  ASSERT_EQ(result.pv.size(), 3u);  // White, Black, White's winning move
}

TEST(Search, FindsTheOnlyMoveThatStopsAnImmediateLoss) {
  // 6x6.  6 . . . . b b     Black threatens e6:f6 sliding down to e1:f1. White must put a
  //       5 . . . . . .     piece on file e or f below rank 6 and stay connected: only
  //       4 . . . w . .     c2-e4 (diagonally past d3, next to d4) does. White has no win
  //       3 . w w . . .     of its own in one move.
  //       2 . . w . . .
  Position pos = Position::parse("4bb/6/3w2/1ww3/2w3/6 w", Variant::Classic);
  MoveList* moves = new MoveList;  // too big for the test's stack frame
  generate_legal(pos, *moves);
  int safe = 0;
  for (const Move& move : *moves) {
    const Undo undo = pos.make(move);
    safe += !forces_win_within(pos, 1);
    pos.unmake(move, undo);
  }
  delete moves;
  ASSERT_EQ(safe, 1);

  const SearchResult result = search_to(pos, 3);
  ASSERT_TRUE(result.best_move);
  EXPECT_EQ(format_move(pos, *result.best_move), "c2-e4");
  EXPECT_FALSE(result.mate && *result.mate < 0);
}

TEST(Search, SplitSideReconnects) {
  // White (to move) is split: c2 d2 and, apart, g2. Every legal move reconnects.
  const Position pos = Position::parse("10/2bbbb4/10/10/10/10/2ww2w3/10 w", Variant::Classic);
  ASSERT_FALSE(pos.is_connected(Color::White));
  const SearchResult result = search_to(pos, 3);
  ASSERT_TRUE(result.best_move);
  Position after = pos;
  after.make(*result.best_move);
  EXPECT_TRUE(after.is_connected(Color::White)) << format_move(pos, *result.best_move);
}

TEST(LazySmp, TwoAndThreeThreadsFindTheSameForcedWins) {
  // The hand-made wins above and in engine_test.cpp: every thread count proves the same
  // mate in the same number of turns.
  const std::vector<std::pair<Position, int>> cases = {
      {Position::parse("10/2ww6/10/7b2/7b2/10/10/10 w", Variant::Classic), 4},
      {Position::parse("5b/5b/5b/4b1/w1w3/1w4 w", Variant::Classic), 5},
      {Position::parse("8/3w4/3w4/8/3b4/3b4/8/8 w", Variant::Classic), 5},
  };
  for (const auto& [pos, depth] : cases) {
    const SearchResult one = search_to(pos, depth);
    ASSERT_TRUE(one.mate) << pos.to_string();
    for (const int threads : {2, 3}) {
      const SearchResult many = search_to(pos, depth, {}, threads);
      ASSERT_TRUE(many.best_move);
      EXPECT_EQ(many.mate, one.mate) << pos.to_string() << " threads " << threads;
      EXPECT_EQ(many.score, one.score);
      EXPECT_TRUE(move_forces_win(pos, *many.best_move, *one.mate)) << "brute force disagrees";
    }
  }
}

TEST(LazySmp, StopEndsATwoThreadSearchPromptly) {
  AlphaBeta searcher(16, 2);
  std::atomic<bool> stop{false};
  const Position pos = Position::start(Variant::Classic);
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop.store(true);
  });
  const auto begin = std::chrono::steady_clock::now();
  const SearchResult result = searcher.search(pos, {}, {}, stop);
  const auto took = std::chrono::steady_clock::now() - begin;
  stopper.join();
  ASSERT_TRUE(result.best_move);
  EXPECT_LT(took, std::chrono::milliseconds(3000));  // room for a loaded machine
}

TEST(Search, FinishedGameHasNoBestMove) {
  // White already stands on rank 8: Black, to move, has lost and has no move.
  const Position pos = Position::parse("2w7/10/10/7b2/10/10/10/10 b", Variant::Classic);
  const SearchResult result = search_to(pos, 3);
  EXPECT_FALSE(result.best_move);
}

TEST(Search, FixedDepthIsDeterministic) {
  // One ply less under the sanitizers, which run about ten times slower.
  constexpr int kDepth = testing::kScaleDivisor > 1 ? 3 : 4;
  const Position pos = midgame(Variant::Classic, 12, 7);
  const SearchResult first = search_to(pos, kDepth);
  const SearchResult second = search_to(pos, kDepth);
  ASSERT_TRUE(first.best_move && second.best_move);
  EXPECT_EQ(*first.best_move, *second.best_move);
  EXPECT_EQ(first.nodes, second.nodes);
  EXPECT_EQ(first.score, second.score);
  EXPECT_EQ(first.depth, kDepth);
}

// The defaults given as weights are made ready when given, the defaults left unset
// once per program (default_model): both must search the same tree.
TEST(Search, DefaultsGivenAsWeightsSearchTheSameTree) {
  constexpr int kClassicDepth = testing::kScaleDivisor > 1 ? 3 : 4;
  for (const Variant v : {Variant::Classic, Variant::X}) {
    // Ordo X has some 2,000 turns a position: two plies are plenty there.
    const int depth = v == Variant::X ? 2 : kClassicDepth;
    for (const int width : {8, kStandardWidth}) {
      Position pos = Position::start(v, width, 8);
      std::mt19937_64 rng(static_cast<std::uint64_t>(width));
      for (int ply = 0; ply < 10 && !pos.decided_winner(); ++ply) {
        auto moves = std::make_unique<MoveList>();
        generate_legal(pos, *moves);
        pos.make((*moves)[rng() % moves->size()]);
      }
      const std::atomic<bool> stop{false};
      AlphaBeta given(4);
      given.set_weights(EvalWeights::defaults(v, width));
      const SearchResult with_weights = given.search(pos, {}, {.depth = depth}, stop);
      const SearchResult with_defaults = search_to(pos, depth);
      ASSERT_TRUE(with_weights.best_move && with_defaults.best_move) << pos.to_string();
      EXPECT_EQ(*with_weights.best_move, *with_defaults.best_move) << pos.to_string();
      EXPECT_EQ(with_weights.score, with_defaults.score) << pos.to_string();
      EXPECT_EQ(with_weights.nodes, with_defaults.nodes) << pos.to_string();
    }
  }
}

// A searcher that has searched with some weights and is given others must search exactly
// the tree of a fresh searcher with the new weights: nothing scored with the old ones may
// outlive the change (a stale score would change the scores and the node count).
TEST(Search, NewWeightsBetweenSearchesSearchTheTreeOfAFreshSearcher) {
  constexpr int kDepth = testing::kScaleDivisor > 1 ? 3 : 4;
  const Position pos = midgame(Variant::Classic, 12, 7);
  EvalWeights other = EvalWeights::defaults(Variant::Classic, kStandardWidth);
  other.material *= 3;
  other.split = 0;
  const std::atomic<bool> stop{false};

  AlphaBeta reused(4);
  reused.search(pos, {}, {.depth = kDepth}, stop);
  reused.clear();  // the table's entries hold old scores by design: they go with clear()
  reused.set_weights(other);
  const SearchResult after_change = reused.search(pos, {}, {.depth = kDepth}, stop);

  AlphaBeta fresh(4);
  fresh.set_weights(other);
  const SearchResult expected = fresh.search(pos, {}, {.depth = kDepth}, stop);
  const SearchResult with_defaults = search_to(pos, kDepth);
  ASSERT_NE(expected.nodes, with_defaults.nodes) << "the two weight sets must search apart";
  EXPECT_EQ(after_change.nodes, expected.nodes);
  EXPECT_EQ(after_change.score, expected.score);
}

// Passing is no fair test in a Classic 8x8 endgame (16 pieces or fewer): a race, where a
// turn counts. Elsewhere the usual guards decide.
TEST(NullMove, NotAllowedInAClassic8x8EndgameOnly) {
  const std::string sixteen = "8/bbbbbbbb/8/8/8/8/wwwwwwww/8 w";
  const std::string seventeen = "8/bbbbbbbb/8/8/8/8/wwwwwwww/w7 w";
  EXPECT_FALSE(OrdoRules::null_move_allowed(Position::parse(sixteen, Variant::Classic)));
  EXPECT_TRUE(OrdoRules::null_move_allowed(Position::parse(seventeen, Variant::Classic)));
  EXPECT_TRUE(OrdoRules::null_move_allowed(Position::start(Variant::Classic, 8, 8)));
  EXPECT_TRUE(OrdoRules::null_move_allowed(Position::parse(sixteen, Variant::X)));
  EXPECT_TRUE(OrdoRules::null_move_allowed(
      Position::parse("10/1bbbbbbbb1/10/10/10/10/1wwwwwwww1/10 w", Variant::Classic)));
}

// The search asks the rule: in such an endgame it searches the tree of a search without
// null moves, and from the start a different one.
TEST(NullMove, ASearchOfAClassic8x8EndgameTriesNone) {
  constexpr int kDepth = testing::kScaleDivisor > 1 ? 4 : 6;
  const auto nodes = [](const Position& pos, bool null_move) {
    AlphaBeta searcher(4);
    searcher.set_pruning({.null_move = null_move});
    const std::atomic<bool> stop{false};
    return searcher.search(pos, {}, {.depth = kDepth}, stop).nodes;
  };
  // Round 44 of research/matches/c8-cpu-3101.pgn at ply 45: 12 pieces against 4.
  const Position endgame =
      Position::parse("2b1b3/3bbb2/2b2b2/1b4b1/1b1w4/1b1w4/2ww4/8 b", Variant::Classic);
  const Position start = Position::start(Variant::Classic, 8, 8);
  EXPECT_EQ(nodes(endgame, true), nodes(endgame, false));
  EXPECT_NE(nodes(start, true), nodes(start, false));
}

// The singular test is asked for in Classic only: Ordo X and Order and Chaos were not
// measured with it (research/tuning-log.md, "Singular extensions").
TEST(SingularExtension, AskedInClassicOnly) {
  EXPECT_TRUE(OrdoRules::singular_extension(Position::start(Variant::Classic, 8, 8)));
  EXPECT_TRUE(OrdoRules::singular_extension(Position::start(Variant::Classic)));
  EXPECT_FALSE(OrdoRules::singular_extension(Position::start(Variant::X)));
}

SearchResult search_with_singular(const Position& pos, int depth, bool singular) {
  AlphaBeta searcher(4);
  searcher.set_pruning({.singular_extension = singular});
  const std::atomic<bool> stop{false};
  return searcher.search(pos, {}, {.depth = depth}, stop);
}

// Below its first depth (6) the test never runs, so the tree is the one without it; deeper,
// it changes the tree, which stays the same on every run. The default search leaves it off.
TEST(SingularExtension, ChangesTheTreeFromItsDepthOnAndStaysDeterministic) {
  constexpr int kDeep = testing::kScaleDivisor > 1 ? 7 : 8;
  const Position pos = Position::start(Variant::Classic, 8, 8);
  EXPECT_EQ(search_with_singular(pos, 5, true).nodes, search_with_singular(pos, 5, false).nodes);
  const SearchResult with = search_with_singular(pos, kDeep, true);
  const SearchResult again = search_with_singular(pos, kDeep, true);
  const SearchResult without = search_with_singular(pos, kDeep, false);
  EXPECT_NE(with.nodes, without.nodes);
  EXPECT_EQ(search_to(pos, kDeep).nodes, without.nodes) << "off by default";
  ASSERT_TRUE(with.best_move && again.best_move);
  EXPECT_EQ(with.nodes, again.nodes);
  EXPECT_EQ(*with.best_move, *again.best_move);
  EXPECT_EQ(with.score, again.score);
}

TEST(Search, ThirdOccurrenceIsADraw) {
  // The only-move position above: c2-e4 is White's one move that does not lose at once.
  const Position pos = Position::parse("4bb/6/3w2/1ww3/2w3/6 w", Variant::Classic);
  Position after = pos;
  after.make(parse_move(pos, "c2-e4"));
  const std::uint64_t other = 12345;  // some White-to-move position in between
  // History lists the game's earlier positions, oldest first; the last one is the
  // position before the root, with Black to move, like the position after c2-e4.

  // Seen once before, the position after c2-e4 is not a draw yet (White wins from it).
  const SearchResult once = search_to(pos, 3, {after.hash()});
  ASSERT_TRUE(once.best_move);
  EXPECT_EQ(format_move(pos, *once.best_move), "c2-e4");
  EXPECT_NE(once.score, 0);

  // Seen twice before, reaching it again is the third occurrence: a draw.
  const SearchResult twice = search_to(pos, 3, {after.hash(), other, after.hash()});
  ASSERT_TRUE(twice.best_move);
  EXPECT_EQ(format_move(pos, *twice.best_move), "c2-e4");
  EXPECT_EQ(twice.score, 0);
}

TEST(Search, StopFlagEndsAnInfiniteSearch) {
  const Position pos = Position::start(Variant::Classic);
  AlphaBeta searcher(16);
  std::atomic<bool> stop{false};
  SearchResult result;
  std::thread worker([&] { result = searcher.search(pos, {}, {}, stop); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto stopped_at = std::chrono::steady_clock::now();
  stop = true;
  worker.join();
  const auto reaction = std::chrono::steady_clock::now() - stopped_at;
  // Prompt on an idle machine (a few ms); the bound leaves room for a loaded one.
  EXPECT_LT(reaction, std::chrono::milliseconds(2000));
  ASSERT_TRUE(result.best_move);
  EXPECT_GE(result.depth, 1);
}

TEST(Search, NodeLimitIsRespected) {
  const Position pos = midgame(Variant::Classic, 10, 3);
  AlphaBeta searcher(4);
  const std::atomic<bool> stop{false};
  const SearchResult result = searcher.search(pos, {}, {.nodes = 5000}, stop);
  EXPECT_LE(result.nodes, 5000u);
  EXPECT_GT(result.nodes, 1000u);
  ASSERT_TRUE(result.best_move);  // a move even when no iteration was finished
}

TEST(Search, AMoveThatBeatTheOthersInAnUnfinishedIterationIsPlayed) {
  // Node limits that stop the search mid-iteration: the move played is always the head
  // of the principal variation reported with it, and some limit (the scan stops at the
  // first) plays a move the unfinished iteration found better than the last finished one's.
  bool changed = false;
  for (std::uint64_t seed = 1; seed <= 60 && !changed; ++seed) {
    const Position pos = midgame(Variant::Classic, 12, seed);
    for (std::uint64_t nodes = 1500; nodes <= 9000 && !changed; nodes += 1500) {
      AlphaBeta searcher(4);
      const std::atomic<bool> stop{false};
      std::vector<Info> infos;
      const SearchResult result = searcher.search(pos, {}, {.nodes = nodes}, stop,
                                                  [&](const Info& info) { infos.push_back(info); });
      ASSERT_TRUE(result.best_move);
      ASSERT_FALSE(result.pv.empty());
      EXPECT_EQ(result.pv[0], *result.best_move);
      changed = !infos.empty() && !(infos.back().pv[0] == *result.best_move);
    }
  }
  EXPECT_TRUE(changed);
}

TEST(Search, TimeLimitIsRespected) {
  const Position pos = Position::start(Variant::Classic);
  AlphaBeta searcher(16);
  const std::atomic<bool> stop{false};
  const auto start = std::chrono::steady_clock::now();
  const SearchResult result = searcher.search(pos, {}, {.time_ms = 100}, stop);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(3000));
  ASSERT_TRUE(result.best_move);
}

TEST(Search, ProgressIsReportedPerIteration) {
  const Position pos = Position::start(Variant::Classic);
  AlphaBeta searcher(4);
  const std::atomic<bool> stop{false};
  std::vector<Info> infos;
  const SearchResult result = searcher.search(pos, {}, {.depth = 3}, stop,
                                              [&](const Info& info) { infos.push_back(info); });
  ASSERT_EQ(infos.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(infos[i].depth, i + 1);
  EXPECT_EQ(infos.back().nodes, result.nodes);
  EXPECT_EQ(infos.back().pv, result.pv);
  EXPECT_FALSE(infos.back().mate);
}

TEST(Search, OrdoXWinInOne) {
  // White c6 d6: in Ordo X the ordo c6:d6 (or a singleton with a partner beside it) moves
  // forward onto rank 8 in one turn.
  const Position pos = Position::parse("10/10/2ww6/10/7b2/7b2/10/10 w", Variant::X);
  const SearchResult result = search_to(pos, 2);
  ASSERT_TRUE(result.best_move);
  EXPECT_TRUE(wins_after(pos, *result.best_move)) << format_move(pos, *result.best_move);
  EXPECT_EQ(result.mate, 1);
}

TEST(Search, OrdoXStartSearchesToDepthTwo) {
  const Position pos = Position::start(Variant::X, 8, 8);
  const SearchResult result = search_to(pos, 2);
  ASSERT_TRUE(result.best_move);
  EXPECT_EQ(result.depth, 2);
}

TEST(MateScore, TurnsOfTheSideToMove) {
  EXPECT_EQ(mate_in_turns(kMateScore - 1), 1);
  EXPECT_EQ(mate_in_turns(kMateScore - 3), 2);
  EXPECT_EQ(mate_in_turns(-(kMateScore - 2)), -1);
  EXPECT_EQ(mate_in_turns(-(kMateScore - 4)), -2);
  EXPECT_EQ(mate_in_turns(250), std::nullopt);
}

TEST(TranspositionTable, RoundTripsAnEntry) {
  TranspositionTable table(1);
  const Move move = Move::pair(Step::ordo(12, 14, 22), Step::singleton(30, 50, true));
  table.store_packed(0x1234'5678'9ABC'DEF0ULL, 3, pack_move(move), -42, 7, Bound::Lower);
  const auto hit = table.probe_packed(0x1234'5678'9ABC'DEF0ULL, 3);
  ASSERT_TRUE(hit);
  ASSERT_NE(hit->move, kNoPackedMove);
  EXPECT_EQ(unpack_move(hit->move), move);
  EXPECT_EQ(hit->score, -42);
  EXPECT_EQ(hit->depth, 7);
  EXPECT_EQ(hit->bound, Bound::Lower);
  EXPECT_FALSE(table.probe_packed(0x1234'5678'9ABC'DEF1ULL, 3));
}

TEST(TranspositionTable, PacksTieChoices) {
  Step capture = Step::singleton(127, 126, true);
  capture.keep = 99;
  const Move move = Move::single(capture);
  EXPECT_EQ(unpack_move(pack_move(move)), move);
}

TEST(TranspositionTable, MateScoresAreRelativeToTheNode) {
  TranspositionTable table(1);
  const Move move = Move::single(Step::singleton(1, 11, false));
  // Stored at ply 4 as "win two plies from here" (root-relative kMateScore - 6) ...
  table.store_packed(42, 4, pack_move(move), kMateScore - 6, 5, Bound::Exact);
  // ... and found again at ply 10: still two plies from that node.
  EXPECT_EQ(table.probe_packed(42, 10)->score, kMateScore - 12);
  table.store_packed(43, 4, pack_move(move), -(kMateScore - 6), 5, Bound::Exact);
  EXPECT_EQ(table.probe_packed(43, 1)->score, -(kMateScore - 3));
  // Plain evaluations are not shifted.
  table.store_packed(44, 4, pack_move(move), 321, 5, Bound::Upper);
  EXPECT_EQ(table.probe_packed(44, 9)->score, 321);
}

// `count` keys (from 1 on) that fall into the same bucket of `table`.
std::vector<std::uint64_t> keys_of_one_bucket(const TranspositionTable& table, std::size_t count) {
  std::vector<std::uint64_t> keys{0x9E37'79B9'7F4A'7C15ULL};
  for (std::uint64_t k = keys[0] + 1; keys.size() < count; ++k)
    if (table.bucket_of(k) == table.bucket_of(keys[0])) keys.push_back(k);
  return keys;
}

TEST(TranspositionTable, KeepsEveryPositionOfAFullBucket) {
  TranspositionTable table(1);
  const auto keys = keys_of_one_bucket(table, TranspositionTable::bucket_slots());
  for (std::size_t i = 0; i < keys.size(); ++i)
    table.store_packed(keys[i], 0, kNoPackedMove, static_cast<int>(i), static_cast<int>(i) + 1,
                       Bound::Exact);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const auto hit = table.probe_packed(keys[i], 0);
    ASSERT_TRUE(hit) << "key " << i;
    EXPECT_EQ(hit->score, static_cast<int>(i));
  }
}

// In a full bucket of this search, a new position takes the place of the shallowest one.
TEST(TranspositionTable, ANewPositionReplacesTheShallowestOfItsBucket) {
  TranspositionTable table(1);
  const std::size_t n = TranspositionTable::bucket_slots();
  const auto keys = keys_of_one_bucket(table, n + 1);
  // Depths 10, 11, ... but the last of the bucket's entries is the shallowest, 2.
  for (std::size_t i = 0; i < n; ++i)
    table.store_packed(keys[i], 0, kNoPackedMove, 0, i + 1 == n ? 2 : 10 + static_cast<int>(i),
                       Bound::Lower);
  table.store_packed(keys[n], 0, kNoPackedMove, 0, 1, Bound::Lower);
  EXPECT_TRUE(table.probe_packed(keys[n], 0)) << "a new entry is always stored";
  EXPECT_FALSE(table.probe_packed(keys[n - 1], 0)) << "the shallowest entry made way";
  for (std::size_t i = 0; i + 1 < n; ++i)
    EXPECT_TRUE(table.probe_packed(keys[i], 0)) << "key " << i;
}

// Entries of an earlier search make way before any of this search, however deep.
TEST(TranspositionTable, EarlierSearchesMakeWayFirst) {
  TranspositionTable table(1);
  const std::size_t n = TranspositionTable::bucket_slots();
  const auto keys = keys_of_one_bucket(table, n + 1);
  table.store_packed(keys[0], 0, kNoPackedMove, 0, 30, Bound::Exact);
  table.new_search();
  for (std::size_t i = 1; i < n; ++i)
    table.store_packed(keys[i], 0, kNoPackedMove, 0, 1, Bound::Upper);
  table.store_packed(keys[n], 0, kNoPackedMove, 0, 1, Bound::Upper);
  EXPECT_FALSE(table.probe_packed(keys[0], 0));
  for (std::size_t i = 1; i <= n; ++i) EXPECT_TRUE(table.probe_packed(keys[i], 0)) << "key " << i;
}

// A shallower result for a position already stored keeps the deeper bound (but not an
// exact score, which replaces it).
TEST(TranspositionTable, AShallowerBoundDoesNotReplaceADeeperOne) {
  TranspositionTable table(1);
  table.store_packed(77, 0, kNoPackedMove, 100, 9, Bound::Lower);
  table.store_packed(77, 0, kNoPackedMove, 50, 4, Bound::Upper);
  EXPECT_EQ(table.probe_packed(77, 0)->depth, 9);
  table.store_packed(77, 0, kNoPackedMove, 60, 4, Bound::Exact);
  EXPECT_EQ(table.probe_packed(77, 0)->bound, Bound::Exact);
  EXPECT_EQ(table.probe_packed(77, 0)->score, 60);
}

// A table move is searched before the moves are generated; a move of another position
// (a hash collision) must not move pieces that are not there.
TEST(TableMoveFirst, PlausibleMovesStartFromOwnPiecesAndCaptureEnemyOnes) {
  const Position pos = Position::parse("8/1www4/1bw5/8/8/b7/8/8 w", Variant::Classic);
  EXPECT_TRUE(OrdoRules::plausible(pos, parse_move(pos, "c6xb6")));
  EXPECT_TRUE(OrdoRules::plausible(pos, parse_move(pos, "b7:c7-b8")));
  // Black to move, b6 a5 connected: White's capture is not Black's to play.
  const Position black = Position::parse("8/1www4/1bw5/b7/8/8/8/8 b", Variant::Classic);
  EXPECT_FALSE(OrdoRules::plausible(black, parse_move(pos, "c6xb6")));
  // From a Black piece, "capturing" on an empty square (b5).
  Move empty_capture = parse_move(black, "a5-b5");
  EXPECT_TRUE(OrdoRules::plausible(black, empty_capture));
  empty_capture.steps[0].capture = true;
  EXPECT_FALSE(OrdoRules::plausible(black, empty_capture));
}

}  // namespace
}  // namespace ordo
