// The exact win-in-N solver: hand-made positions (written from the rules, docs/rules.md
// sections 4 and 5), agreement with a brute-force minimax on small random boards, the
// returned line, repetition and the move limit. Positions are position strings: ranks from
// the top (Black's home row) down to rank 1 (White's), then the side to move.
#include "ordo/ai/solver.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "support/brute_force_win.h"
#include "support/scale.h"

namespace ordo {
namespace {

SolveResult solve(const std::string& text, Variant variant, int turns,
                  const std::vector<std::uint64_t>& drawn = {}) {
  Solver solver(1);
  return solver.solve(Position::parse(text, variant), drawn, {.max_turns = turns});
}

// The line is legal move by move and its last move wins for the side that started.
void expect_winning_line(const std::string& text, Variant variant, const SolveResult& r) {
  ASSERT_EQ(r.status, SolveStatus::Win);
  Game game(Position::parse(text, variant));
  const Color prover = game.position().side_to_move();
  ASSERT_FALSE(r.line.empty());
  ASSERT_EQ(static_cast<int>(r.line.size()) % 2, 1) << "the prover moves first and last";
  EXPECT_LE(static_cast<int>(r.line.size()), 2 * r.turns - 1);
  for (const Move& m : r.line) {
    ASSERT_FALSE(game.result().over());
    MoveList legal;
    game.legal_moves(legal);
    ASSERT_NE(std::find(legal.begin(), legal.end(), m), legal.end())
        << format_move(game.position(), m) << " is not legal";
    game.play(m);
  }
  EXPECT_EQ(game.result().outcome,
            prover == Color::White ? Outcome::WhiteWins : Outcome::BlackWins);
}

using testing::shortest_win;

// A pair on b3-c3 with nothing in front: the ordo slides forward onto Black's home row.
constexpr const char* kOrdoReachesHome = "5b/6/1ww3/6/6 w";
// Black's only piece stands on c2, in front of White's pair: taking it wins (the pair's
// own forward slide is blocked by it, and a singleton may not leave its partner).
constexpr const char* kCaptureLastPiece = "6/6/6/2b3/1ww3 w";
// A pair on c1-d1 under a full Black home row: it slides up to c4-d4 and then threatens to
// capture on c5 and on d5 (both land on the home row); Black cannot stop both.
constexpr const char* kDoubleThreat = "bbbbbb/6/6/6/2ww2 w";
// White's lone piece on c1 faces a Black column c3-c5 on the same file.
constexpr const char* kColumn = "2b3/2b3/2b3/6/2w3 w";

TEST(Solver, ClassicWinInOneByAnOrdo) {
  const SolveResult r = solve(kOrdoReachesHome, Variant::Classic, 3);
  EXPECT_EQ(r.turns, 1);
  expect_winning_line(kOrdoReachesHome, Variant::Classic, r);
  EXPECT_EQ(format_move(Position::parse(kOrdoReachesHome, Variant::Classic), r.line[0]),
            "b3:c3-b5");
}

TEST(Solver, ClassicWinInOneByCapturingTheLastPiece) {
  const SolveResult r = solve(kCaptureLastPiece, Variant::Classic, 2);
  EXPECT_EQ(r.turns, 1);
  expect_winning_line(kCaptureLastPiece, Variant::Classic, r);
  EXPECT_TRUE(r.line[0].first().capture);
}

TEST(Solver, ClassicWinInTwoByADoubleThreat) {
  const SolveResult r = solve(kDoubleThreat, Variant::Classic, 3);
  EXPECT_EQ(r.turns, 2);
  EXPECT_EQ(r.proven_no_win, 1);
  expect_winning_line(kDoubleThreat, Variant::Classic, r);
}

TEST(Solver, ClassicNoWinWithinOneWhenEveryPathIsBlocked) {
  // The column blocks the file; the diagonals from c1 end on rank 3 or 4; sideways moves
  // stay on rank 1; c1xc3 leaves Black two pieces.
  const SolveResult r = solve(kColumn, Variant::Classic, 1);
  EXPECT_EQ(r.status, SolveStatus::NoWin);
  EXPECT_EQ(r.proven_no_win, 1);
  EXPECT_TRUE(r.line.empty());
}

TEST(Solver, ClassicWinInTwoBySplittingAWall) {
  // Black's wall on rank 4: no win in 1. The pair comes up to c3-d3, and then a capture in
  // the wall splits it where it cannot reconnect: Black has lost with no move left, so the
  // win is on White's second turn (the brute force agrees).
  constexpr const char* kWall = "6/bbbbbb/6/6/2ww2 w";
  const SolveResult r = solve(kWall, Variant::Classic, 4);
  EXPECT_EQ(r.turns, 2);
  EXPECT_EQ(r.proven_no_win, 1);
  EXPECT_EQ(shortest_win(Position::parse(kWall, Variant::Classic), 3), 2);
  expect_winning_line(kWall, Variant::Classic, r);
  EXPECT_TRUE(r.line.back().first().capture);
}

TEST(Solver, OrdoXSidewaysThenForwardWinsInOne) {
  // In Ordo X the lone piece steps aside to a1 and then slides up the open a-file in the
  // same turn; in Classic that takes two turns.
  const SolveResult x = solve(kColumn, Variant::X, 2);
  EXPECT_EQ(x.turns, 1);
  expect_winning_line(kColumn, Variant::X, x);
  EXPECT_EQ(x.line[0].step_count, 2);
  const SolveResult classic = solve(kColumn, Variant::Classic, 2);
  EXPECT_EQ(classic.turns, 2);
  expect_winning_line(kColumn, Variant::Classic, classic);
}

TEST(Solver, OrdoXWinsInOneTwoAndThree) {
  EXPECT_EQ(solve(kOrdoReachesHome, Variant::X, 2).turns, 1);
  const SolveResult two = solve(kDoubleThreat, Variant::X, 3);
  EXPECT_EQ(two.turns, 2);
  expect_winning_line(kDoubleThreat, Variant::X, two);
  constexpr const char* kWall = "6/bbbbbb/6/6/2ww2 w";
  const SolveResult three = solve(kWall, Variant::X, 3);
  EXPECT_EQ(three.turns, 3);
  expect_winning_line(kWall, Variant::X, three);
}

TEST(Solver, BlackToMoveIsTheProver) {
  // The double threat mirrored: Black's pair on c5-d5 over a full White home row.
  constexpr const char* kMirrored = "2bb2/6/6/6/wwwwww b";
  const SolveResult r = solve(kMirrored, Variant::Classic, 3);
  EXPECT_EQ(r.turns, 2);
  expect_winning_line(kMirrored, Variant::Classic, r);
}

TEST(Solver, NoWinWithinNWhenTheDefenderHoldsOrWinsFirst) {
  // A side with every piece on its own home row under a solid enemy wall two ranks up
  // cannot break through in two turns in either rule set.
  constexpr const char* kBlocked = "6/6/bbbbbb/6/wwwwww w";
  for (Variant v : {Variant::Classic, Variant::X}) {
    const SolveResult r = solve(kBlocked, v, 2);
    EXPECT_EQ(r.status, SolveStatus::NoWin) << variant_name(v);
    EXPECT_EQ(r.proven_no_win, 2);
  }
}

TEST(Solver, RepeatedPositionsAreNotWins) {
  // Declare every position White's first move can reach as one that would occur for the
  // third time: only a move that wins at once could still win, and there is none here.
  const Position root = Position::parse(kDoubleThreat, Variant::Classic);
  std::vector<std::uint64_t> drawn;
  MoveList moves;
  generate_legal(root, moves);
  for (const Move& m : moves) {
    Position next = root;
    next.make(m);
    drawn.push_back(next.hash());
  }
  EXPECT_EQ(solve(kDoubleThreat, Variant::Classic, 3, drawn).status, SolveStatus::NoWin);
  // Drawn positions do not stop a move that wins at once (the rules judge the win first).
  std::vector<std::uint64_t> drawn_after_win;
  const Position one = Position::parse(kOrdoReachesHome, Variant::Classic);
  moves.clear();
  generate_legal(one, moves);
  for (const Move& m : moves) {
    Position next = one;
    next.make(m);
    drawn_after_win.push_back(next.hash());
  }
  EXPECT_EQ(solve(kOrdoReachesHome, Variant::Classic, 1, drawn_after_win).turns, 1);
}

TEST(Solver, GameHistoryMarksPositionsSeenTwice) {
  Game game(Position::start(Variant::Classic));
  for (const char* m : {"e3-d3", "e6-d6", "d3-e3", "d6-e6"}) game.play(m);
  const auto drawn = drawn_on_next_occurrence(game);
  ASSERT_EQ(drawn.size(), 1u);  // the start position, seen twice now
  EXPECT_EQ(drawn[0], game.position().hash());
  Game no_repetition(Position::start(Variant::Classic), GameOptions{false, 0});
  for (const char* m : {"e3-d3", "e6-d6", "d3-e3", "d6-e6"}) no_repetition.play(m);
  EXPECT_TRUE(drawn_on_next_occurrence(no_repetition).empty());
}

TEST(Solver, MoveLimitShortensTheSearch) {
  // With one turn left before the move limit a win in two cannot be played out.
  Game game(Position::parse(kDoubleThreat, Variant::Classic), GameOptions{true, 1});
  Solver solver(1);
  const SolveResult r = solver.solve(game, {.max_turns = 3});
  EXPECT_EQ(r.max_turns, 1);
  EXPECT_EQ(r.status, SolveStatus::NoWin);
  Game roomy(Position::parse(kDoubleThreat, Variant::Classic), GameOptions{true, 3});
  EXPECT_EQ(solver.solve(roomy, {.max_turns = 3}).turns, 2);
}

TEST(Solver, RejectsTurnsOutOfRange) {
  Solver solver(1);
  const Position pos = Position::parse(kColumn, Variant::Classic);
  EXPECT_THROW(solver.solve(pos, {}, {.max_turns = 0}), std::invalid_argument);
  EXPECT_THROW(solver.solve(pos, {}, {.max_turns = kMaxSolveTurns + 1}), std::invalid_argument);
}

TEST(Solver, NodeLimitGivesUnknown) {
  Solver solver(1);
  const Position pos = Position::start(Variant::Classic);
  const SolveResult r = solver.solve(pos, {}, {.max_turns = 5, .nodes = 200});
  EXPECT_EQ(r.status, SolveStatus::Unknown);
  EXPECT_LE(r.nodes, 200u);
}

// A few pieces per side in small clusters, off the opponent's home row, game not over.
Position random_small_position(std::mt19937_64& rng, Variant variant, int width, int height) {
  const Geometry& g = Geometry::of(width, height);
  for (;;) {
    Bitboard pieces[2] = {0, 0};
    for (Color c : {Color::White, Color::Black}) {
      const int count = 1 + static_cast<int>(rng() % 4);
      int sq = static_cast<int>(rng() % static_cast<unsigned>(g.square_count()));
      for (int i = 0; i < count; ++i) {
        pieces[index(c)] |= bit(sq);
        const Bitboard near = g.neighbours(sq) & ~(pieces[0] | pieces[1]);
        if (!near || rng() % 5 == 0) {
          sq = static_cast<int>(rng() % static_cast<unsigned>(g.square_count()));
        } else {
          Bitboard rest = near;
          for (int skip = static_cast<int>(rng() % static_cast<unsigned>(popcount(near))); skip;
               --skip)
            rest &= rest - 1;
          sq = lsb(rest);
        }
      }
      pieces[index(c)] &= ~g.home_row(opponent(c));
    }
    const Bitboard white = pieces[0] & ~pieces[1], black = pieces[1];
    if (!white || !black) continue;
    const Position pos(g, variant, white, black, rng() % 2 ? Color::White : Color::Black);
    if (!pos.decided_winner() && count_legal(pos) > 0) return pos;
  }
}

void check_against_brute_force(Variant variant, int width, int height, int turns, int count,
                               std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Solver solver(1);
  int wins = 0, longer_wins = 0;
  for (int i = 0; i < count; ++i) {
    Position pos = random_small_position(rng, variant, width, height);
    // Wins at once are common on small boards and prove little: keep mostly others.
    while (i % 4 != 0 && shortest_win(pos, 1) == 1)
      pos = random_small_position(rng, variant, width, height);
    const int expected = shortest_win(pos, turns);
    const SolveResult r = solver.solve(pos, {}, {.max_turns = turns});
    ASSERT_NE(r.status, SolveStatus::Unknown);
    EXPECT_EQ(r.status == SolveStatus::Win ? r.turns : 0, expected) << pos.to_string();
    if (r.status == SolveStatus::Win) {
      ++wins;
      longer_wins += r.turns > 1;
      expect_winning_line(pos.to_string(), variant, r);
    }
  }
  // The sample must hold non-wins and wins that need more than one turn, or the comparison
  // proves little.
  EXPECT_GE(count - wins, count / 20) << "no-win positions";
  EXPECT_GE(longer_wins, count / 20) << "wins in 2 or more";
}

TEST(SolverAgreement, ClassicSmallBoardsMatchBruteForce) {
  check_against_brute_force(Variant::Classic, 5, 4, 3, testing::scaled(300), 11);
  check_against_brute_force(Variant::Classic, 6, 5, 3, testing::scaled(150), 12);
}

TEST(SolverAgreement, OrdoXSmallBoardsMatchBruteForce) {
  check_against_brute_force(Variant::X, 5, 4, 3, testing::scaled(120), 21);
  check_against_brute_force(Variant::X, 6, 5, 3, testing::scaled(60), 22);
}

}  // namespace
}  // namespace ordo
