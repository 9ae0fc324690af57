// Classic Ordo, rule by rule (docs/rules.md sections 1-4, 7). Every position is written out by
// hand as a position string (section 7, ranks from the top down, then the side to move);
// a diagram beside it shows the squares that matter. Every expected move list was worked
// out from the rules text by hand; the reasoning is in the comments.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "ordo/game.h"
#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/position.h"
#include "support/small_boards.h"

namespace ordo {
namespace {

using Moves = std::set<std::string>;

Position classic(std::string_view text) {
  return Position::parse(text, Variant::Classic);
}

// All legal moves in notation; also checks that the list has no duplicates and that the
// bulk counter agrees with it.
Moves legal(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  Moves out;
  for (const Move& m : list) out.insert(format_move(pos, m));
  EXPECT_EQ(out.size(), list.size()) << "duplicate moves in " << pos.to_string();
  EXPECT_EQ(count_legal(pos), list.size()) << pos.to_string();
  return out;
}

int square(const Position& pos, std::string_view name) {
  const auto sq = parse_square(pos.geometry(), name);
  EXPECT_TRUE(sq.has_value()) << name;
  return sq.value_or(0);
}

// The singleton moves of the piece on `from`.
Moves singleton_moves_of(const Position& pos, std::string_view from) {
  const int sq = square(pos, from);
  MoveList list;
  generate_legal(pos, list);
  Moves out;
  for (const Move& m : list) {
    if (!m.first().is_ordo() && m.first().from == sq) out.insert(format_move(pos, m));
  }
  return out;
}

Game play_all(std::string_view start, std::initializer_list<std::string_view> moves,
              GameOptions options = {}) {
  Game game(classic(start), options);
  for (std::string_view m : moves) game.play(m);
  return game;
}

// ---------------------------------------------------------------------------------------
// Section 2: start positions, and section 1: other board sizes.

TEST(StartPosition, TenByEightIsAsInSection2) {
  // White: c1 d1 g1 h1 / a2-j2 / a3 b3 e3 f3 i3 j3; Black mirrored on ranks 8, 7, 6.
  const Position start = Position::start(Variant::Classic, 10, 8);
  EXPECT_EQ(start.to_string(), "2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2 w");
  EXPECT_EQ(popcount(start.pieces(Color::White)), 20);
  EXPECT_EQ(popcount(start.pieces(Color::Black)), 20);
  EXPECT_EQ(start.side_to_move(), Color::White);  // section 1: White moves first
  EXPECT_EQ(start, classic("2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2 w"));
  EXPECT_TRUE(start.is_connected(Color::White));
  EXPECT_TRUE(start.is_connected(Color::Black));
}

TEST(StartPosition, EightByEightDropsFilesAAndJ) {
  // White: b1 c1 f1 g1 / a2-h2 / a3 d3 e3 h3. Black: b8 c8 f8 g8 / a7-h7 / a6 d6 e6 h6.
  const Position start = Position::start(Variant::Classic, 8, 8);
  EXPECT_EQ(start.to_string(), "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w");
  EXPECT_EQ(popcount(start.pieces(Color::White)), 16);
  EXPECT_EQ(popcount(start.pieces(Color::Black)), 16);
  EXPECT_EQ(start, classic("1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w"));
}

TEST(BoardSize, FiveByFourBoardFromAString) {
  // 5 files (a-e), 4 ranks; Black's home row is rank 4.
  //   4 . . . . .
  //   3 . b b . .
  //   2 . . w w .
  //   1 . . . . .
  // c2 (rest d2): c2xc3 touches d2; c2-d3 touches d2, c2-e4 does not; c2xb3 does not
  //   (b3 is two files from d2); c2-b2, c2-a2 do not.
  // d2 (rest c2): d2-d3 touches c2, d2-d4 does not; d2xc3 touches c2; d2-e3, d2-e2 do not.
  // Ordo c2:d2 forward: c3 holds a piece.
  const Position pos = classic("5/1bb2/2ww1/5 w");
  EXPECT_EQ(pos.geometry().width(), 5);
  EXPECT_EQ(pos.geometry().height(), 4);
  EXPECT_EQ(pos.to_string(), "5/1bb2/2ww1/5 w");
  EXPECT_EQ(legal(pos), (Moves{"c2xc3", "c2-d3", "d2-d3", "d2xc3"}));
}

TEST(BoardSize, SixteenByEightBoardUsesAllFiles) {
  // A lone White piece on a2 and a lone Black piece on p7 (file 16).
  // a2: north a3..a8 (6), north-east b3 c4 d5 e6 f7 g8 (6), east b2..p2 (15) = 27.
  // p7 (Black, forward is down): south p6..p1 (6), south-west o6 n5 m4 l3 k2 j1 (6),
  // west o7..a7 (15) = 27.
  const Position white = classic("16/15b/16/16/16/16/w15/16 w");
  EXPECT_EQ(white.geometry().square_count(), 128);
  EXPECT_EQ(count_legal(white), 27u);
  const Moves w = legal(white);
  EXPECT_TRUE(w.count("a2-p2"));
  EXPECT_TRUE(w.count("a2-a8"));
  EXPECT_TRUE(w.count("a2-g8"));
  const Position black = classic("16/15b/16/16/16/16/w15/16 b");
  const Moves b = legal(black);
  EXPECT_EQ(b.size(), 27u);
  EXPECT_TRUE(b.count("p7-a7"));
  EXPECT_TRUE(b.count("p7-p1"));
  EXPECT_TRUE(b.count("p7-j1"));
}

// ---------------------------------------------------------------------------------------
// Rule 4.1: singleton moves.

TEST(SingletonMove, SlidesForwardDiagonallyForwardAndSidewaysAnyDistance) {
  // "One piece slides in one direction - forward, diagonally forward (left or right), or
  // sideways (left or right) - over one or more empty squares. It stops on an empty
  // square, or on the first occupied square if that holds an enemy piece, which is
  // captured and removed. It never jumps."
  //   8 . . . . . . . .
  //   7 . . . b b . . .
  //   6 . . . . . b . .
  //   5 . . . . . . b .
  //   4 . . . W . . b .
  //   3 . . . . . . . .
  // A lone White piece is a group by itself (rule 3 holds trivially).
  // N: d5 d6, captures d7 (d8 behind it is not reachable).
  // NE: e5, captures f6 (g7, h8 not reachable).
  // NW: c5 b6 a7.   W: c4 b4 a4.   E: e4 f4, captures g4 (h4 not reachable).
  const Position pos = classic("8/3bb3/5b2/6b1/3w2b1/8/8/8 w");
  EXPECT_EQ(legal(pos), (Moves{"d4-d5", "d4-d6", "d4xd7", "d4-e5", "d4xf6", "d4-c5", "d4-b6",
                               "d4-a7", "d4-c4", "d4-b4", "d4-a4", "d4-e4", "d4-f4", "d4xg4"}));
}

TEST(SingletonMove, NeverJumpsAndNeverMovesBackwardWhenConnected) {
  // Same position: the squares behind the first enemy piece on a line, and every backward
  // square (d3, c3, e3, d1, ...), are not destinations.
  const Position pos = classic("8/3bb3/5b2/6b1/3w2b1/8/8/8 w");
  const Moves moves = legal(pos);
  for (const char* jumped : {"d4-d8", "d4xd8", "d4-g7", "d4-h8", "d4-h4", "d4-e7", "d4xe7"}) {
    EXPECT_FALSE(moves.count(jumped)) << jumped;
  }
  for (const char* backward : {"d4-d3", "d4-d1", "d4-c3", "d4-a1", "d4-e3", "d4-g1"}) {
    EXPECT_FALSE(moves.count(backward)) << backward;
  }
}

TEST(SingletonMove, OwnPieceBlocksThePath) {
  // White d2 d3 d4 (a vertical line), Black f3 f4.
  // d2 cannot go north at all (d3 is its own piece), and cannot pass it to d5.
  const Position pos = classic("8/8/8/8/3w1b2/3w1b2/3w4/8 w");
  const Moves d2 = singleton_moves_of(pos, "d2");
  for (const char* m : {"d2-d3", "d2-d4", "d2-d5"}) EXPECT_FALSE(d2.count(m)) << m;
}

TEST(SingletonMove, FigureFiveMarkedPieceHasExactlyFiveMoves) {
  // Seed figure 5: "The marked piece has 5 possible moves. Moving one space ahead and
  // further moves to the left are not allowed as they would split the group."
  //   7 . . . . b . . . . .
  //   6 . . . . b . . . . .
  //   5 . . . . b . . . . .
  //   4 . . . . . . . . . .
  //   3 . . . . M . . . . .     M = the marked White piece on e3
  //   2 . . . . w w w w . .
  // The rest of the group is e2 f2 g2 h2 (connected). A destination of e3 must touch it:
  //   ahead: e4 touches none of rank 2 (split); e3xe5 neither.
  //   left:  d3 touches e2 (allowed); c3, b3, a3 touch nothing (split).
  //   right: f3, g3, h3, i3 touch rank 2 pieces; j3 does not (i2 is empty).
  //   diagonally ahead: d4 c5 b6 a7 and f4 g5 h6 i7 j8 touch nothing.
  const Position pos = classic("10/4b5/4b5/4b5/10/4w5/4wwww2/10 w");
  EXPECT_EQ(singleton_moves_of(pos, "e3"), (Moves{"e3-d3", "e3-f3", "e3-g3", "e3-h3", "e3-i3"}));
}

TEST(SingletonMove, BlacksForwardIsDownTheBoard) {
  // Rule 1: forward is "down for Black". A lone Black piece on e5, White c3 d2 e2.
  //   5 . . . . b . . .
  //   4 . . . . . . . .
  //   3 . . w . . . . .
  //   2 . . . w w . . .
  // S: e4 e3, captures e2.  SW: d4, captures c3.  SE: f4 g3 h2.
  // W: d5 c5 b5 a5.  E: f5 g5 h5.  Nothing up the board (e6, d6, f6, ...).
  const Position pos = classic("8/8/8/4b3/8/2w5/3ww3/8 b");
  EXPECT_EQ(legal(pos),
            (Moves{"e5-e4", "e5-e3", "e5xe2", "e5-d4", "e5xc3", "e5-f4", "e5-g3", "e5-h2", "e5-d5",
                   "e5-c5", "e5-b5", "e5-a5", "e5-f5", "e5-g5", "e5-h5"}));
}

// ---------------------------------------------------------------------------------------
// Rule 4.2: ordo moves. Section 3: every run of two or more counts as an ordo.

TEST(OrdoMove, HorizontalOrdoSlidesForwardOnlyAndNeverCaptures) {
  // White c2 d2 e2, Black d6 d7.
  //   7 . . . b . . . .
  //   6 . . . b . . . .
  //   ...
  //   2 . . w w w . . .
  // Ordo c2:e2 forward to rank 3, 4, 5; rank 6 would land on d6 (no capture). Never
  // sideways, never backward.
  // Sub-ordo c2:d2 (rest e2): c3:d3 touches e2; c4:d4 and beyond do not.
  // Sub-ordo d2:e2 (rest c2): d3:e3 touches c2; further does not.
  // Singletons: c2-c3, c2-d3 (touch d2); d2 must touch both c2 and e2: only d2-d3;
  // e2-e3, e2-d3 (touch d2). Longer slides, sideways and d2 up the file to d6 all split.
  const Position pos = classic("8/3b4/3b4/8/8/8/2www3/8 w");
  EXPECT_EQ(legal(pos), (Moves{"c2-c3", "c2-d3", "d2-d3", "e2-e3", "e2-d3", "c2:e2-c3", "c2:e2-c4",
                               "c2:e2-c5", "c2:d2-c3", "d2:e2-d3"}));
}

TEST(OrdoMove, VerticalOrdoSlidesSidewaysOnly) {
  // White d2 d3 d4, Black f3 f4.
  //   4 . . . w . b . .
  //   3 . . . w . b . .
  //   2 . . . w . . . .
  // Ordo d2:d4 sideways: east to e only (f3 and f4 hold pieces, no capture); west to c, b, a.
  // Never along its own file (d3:d5 "forward" would be single file).
  // d2:d3 (rest d4): e2:e3 and c2:c3 touch d4; b2:b3 does not; f3 blocks further east.
  // d3:d4 (rest d2): e3:e4 and c3:c4 touch d2; b3:b4 does not.
  // Singletons: d2 (rest d3 d4): e3, c3, e2, c2; f4 capture and longer slides split.
  //   d3 (rest d2, d4 - two parts): must touch both: c3 or e3; d3xf3 splits.
  //   d4 (rest d2 d3): e4, c4; north, and d4xf4, split.
  const Position pos = classic("8/8/8/8/3w1b2/3w1b2/3w4/8 w");
  EXPECT_EQ(legal(pos), (Moves{"d2-e3", "d2-c3", "d2-e2", "d2-c2", "d3-c3", "d3-e3", "d4-e4",
                               "d4-c4", "d2:d4-e2", "d2:d4-c2", "d2:d4-b2", "d2:d4-a2", "d2:d3-e2",
                               "d2:d3-c2", "d3:d4-e3", "d3:d4-c3"}));
}

TEST(OrdoMove, AllPiecesMoveTheSameDistanceOverEmptySquares) {
  // White c3 d3 e3, Black e5 e6.
  //   6 . . . . b . . .
  //   5 . . . . b . . .
  //   4 . . . . . . . .
  //   3 . . w w w . . .
  // c3:e3 may go one square (c4 d4 e4 empty) but not two: e5 is occupied although c5 and
  // d5 are empty - every square that any of its pieces lands on must be empty.
  // c3:d3 (rest e3): c4:d4 touches e3; c5:d5 does not.  d3:e3 (rest c3): d4:e4; e5 blocks.
  // Singletons: c3-c4, c3-d4 (c3xe5 splits); d3 must touch c3 and e3: d3-d4;
  // e3-e4, e3-d4 (e3xe5 splits, e3-f3 splits).
  const Position pos = classic("8/8/4b3/4b3/8/2www3/8/8 w");
  EXPECT_EQ(legal(pos), (Moves{"c3-c4", "c3-d4", "d3-d4", "e3-e4", "e3-d4", "c3:e3-c4", "c3:d3-c4",
                               "d3:e3-d4"}));
}

TEST(OrdoMove, OrdoMayNotMoveWhenOneSquareAheadIsBlocked) {
  // White c3 d3 e3, Black d4 d5 d6: d4 is ahead of d3, which is in every ordo of the line
  // (c3:d3, d3:e3, c3:e3), so no ordo can move at all; the pieces may still capture d4.
  //   4 . . . b . . . .
  //   3 . . w w w . . .
  // c3 (rest d3 e3): c3-c4, c3xd4.  d3 (rest c3, e3 - two parts): d3xd4 touches both.
  // e3 (rest c3 d3): e3-e4, e3xd4.  Everything else splits.
  const Position pos = classic("8/8/3b4/3b4/3b4/2www3/8/8 w");
  EXPECT_EQ(legal(pos), (Moves{"c3-c4", "c3xd4", "d3xd4", "e3-e4", "e3xd4"}));
}

TEST(OrdoMove, BlackHorizontalOrdoMovesDown) {
  // Black d6 e6, White d2 e2. Black's forward is down: the ordo goes to rank 5, 4, 3
  // (d2 e2 stop it). Singletons must stay next to the other piece: d6-d5, d6-e5, e6-e5,
  // e6-d5.
  const Position pos = classic("8/8/3bb3/8/8/8/3ww3/8 b");
  EXPECT_EQ(legal(pos),
            (Moves{"d6-d5", "d6-e5", "e6-e5", "e6-d5", "d6:e6-d5", "d6:e6-d4", "d6:e6-d3"}));
}

// ---------------------------------------------------------------------------------------
// Rule 4.3: connection.

TEST(Connection, MovesThatSplitTheMoverAreAbsent) {
  // In the figure-5 position, e3-e4 and e3-c3 would leave e3 apart from the rest.
  const Position pos = classic("10/4b5/4b5/4b5/10/4w5/4wwww2/10 w");
  const Moves moves = legal(pos);
  for (const char* m : {"e3-e4", "e3xe5", "e3-c3", "e3-a3", "e3-j3", "e3-d4", "e3-f4"}) {
    EXPECT_FALSE(moves.count(m)) << m;
  }
  // Every legal move leaves White in one group.
  MoveList list;
  generate_legal(pos, list);
  for (const Move& m : list) {
    Position next = pos;
    next.make(m);
    EXPECT_TRUE(next.is_connected(Color::White)) << format_move(pos, m);
  }
}

TEST(Connection, AMoveToTheHomeRowThatSplitsIsIllegalToo) {
  // White d6 d7, Black a4 a5. d7-d8 would reach Black's home row, but d8 does not touch
  // d6 (two ranks below), so the move splits White and is illegal; so do d7-e8, d7-c8.
  //   8 . . . . . . . .
  //   7 . . . w . . . .
  //   6 . . . w . . . .
  const Position pos = classic("8/3w4/3w4/8/b7/b7/8/8 w");
  const Moves moves = legal(pos);
  for (const char* m : {"d7-d8", "d7-e8", "d7-c8"}) EXPECT_FALSE(moves.count(m)) << m;
  EXPECT_TRUE(moves.count("d7-e7"));  // touches d6
}

// ---------------------------------------------------------------------------------------
// Rule 4.4: split and reconnection.

// Before White's capture:            After c5xd5, Black to move (split):
//   8 . . . . . . . .                  8 . . . . . . . .
//   7 . . . . b . . .                  7 . . . . b . . .
//   6 . . . . b . . .                  6 . . . . b . . .
//   5 . . w b . . . .                  5 . . . w . . . .
//   4 . . w . b b . .                  4 . . w . b b . .
constexpr std::string_view kBeforeSplit = "8/4b3/4b3/2wb4/2w1bb2/8/8/8 w";

TEST(Reconnection, CaptureSplitsTheOpponent) {
  // "A capture may split the opponent into several groups."
  Game game(classic(kBeforeSplit));
  ASSERT_TRUE(game.position().is_connected(Color::Black));
  game.play("c5xd5");
  EXPECT_EQ(game.position().to_string(), "8/4b3/4b3/3w4/2w1bb2/8/8/8 b");
  EXPECT_FALSE(game.position().is_connected(Color::Black));
  EXPECT_TRUE(game.position().is_connected(Color::White));
  EXPECT_FALSE(game.result().over());
}

TEST(Reconnection, SplitPlayerHasExactlyTheReconnectingMovesIncludingBackward) {
  // Black's groups: {e7, e6} and {e4, f4}. A move must leave all four in one group, so a
  // single piece must land next to both parts, or the ordo e4:f4 next to e6.
  // e7, e6: no square they can reach touches both parts.
  // e4 (rest e6/e7 and f4): e4-e5 (straight back), e4-f5 (diagonally back); e4xd5 touches
  //   e6 but not f4.
  // f4 (rest e6/e7 and e4): f4-f5 (straight back), f4-e5 (diagonally back).
  // e4:f4 backward: e5:f5 touches e6; two squares back hits e6 itself.
  // The vertical ordo e6:e7 moving down its own file to e5:e6 would touch e4, but a
  // vertical ordo moves only sideways, also in a reconnection turn; sideways (d or f
  // file) it touches nothing.
  Game game(classic(kBeforeSplit));
  game.play("c5xd5");
  const Moves moves = legal(game.position());
  EXPECT_EQ(moves, (Moves{"e4-e5", "e4-f5", "f4-f5", "f4-e5", "e4:f4-e5"}));
  EXPECT_FALSE(moves.count("e6:e7-e5"));
  EXPECT_FALSE(moves.count("e6:e7-e7"));  // up its own file, equally not allowed
}

TEST(Reconnection, EveryReconnectingMoveLeavesOneGroup) {
  Game game(classic(kBeforeSplit));
  game.play("c5xd5");
  MoveList list;
  game.legal_moves(list);
  ASSERT_FALSE(list.empty());
  for (const Move& m : list) {
    Position next = game.position();
    next.make(m);
    EXPECT_TRUE(next.is_connected(Color::Black)) << format_move(game.position(), m);
  }
}

TEST(Reconnection, BackwardDirectionsOnlyInThatTurn) {
  // "In that turn only": after Black reconnects (e4:f4-e5) and White plays c4-c5, Black is
  // connected again and has no backward move at all (no move ends on a higher rank).
  Game game = play_all(kBeforeSplit, {"c5xd5", "e4:f4-e5", "c4-c5"});
  ASSERT_TRUE(game.position().is_connected(Color::Black));
  const Position& pos = game.position();
  const Geometry& g = pos.geometry();
  MoveList list;
  generate_legal(pos, list);
  ASSERT_FALSE(list.empty());
  for (const Move& m : list) {
    EXPECT_LE(g.rank_of(m.first().to), g.rank_of(m.first().from)) << format_move(pos, m);
  }
}

TEST(Reconnection, OnlyABackwardHorizontalOrdoReconnects) {
  // White is split: {c6, d6} above, {c2, c3} below, two empty ranks between.
  //   8 . . . . . . b b
  //   6 . . w w . . . .
  //   3 . . w . . . . .
  //   2 . . w . . . . .
  // No single piece can touch both a rank-6 and a rank-3 piece, and moving one piece of a
  // pair leaves its partner behind, so no singleton reconnects (not even c6-c8, which
  // would reach the home row split). c2:c3 is vertical: sideways it stays on ranks 2-3,
  // and up its file (c4:c5, touching c6) is not allowed. c6:d6 forward goes away;
  // backward one square (c5:d5) touches nothing, two squares (c4:d4) touches c3,
  // three squares would land on c3. So the one legal move is c6:d6-c4.
  const Position pos = classic("6bb/8/2ww4/8/8/2w5/2w5/8 w");
  ASSERT_FALSE(pos.is_connected(Color::White));
  EXPECT_EQ(legal(pos), (Moves{"c6:d6-c4"}));
}

TEST(Reconnection, SplitPlayerWithoutReconnectingMoveLoses) {
  // White a3 and h3 far apart; Black c3 c4.
  //   4 . . b . . . . .
  //   3 w . b . . . . w
  // a3 must reach a square next to h3 (g2 g3 g4 h2 h4): its lines (a-file, b4-f8, b3 then
  // c3 capture, b2-c1) never do. h3 must reach b2 b3 b4 a2 a4: its lines (h-file, g4-c8,
  // g3-d3 then c3 capture, g2-f1) never do. White loses.
  const Position pos = classic("8/8/8/8/2b5/w1b4w/8/8 w");
  EXPECT_EQ(count_legal(pos), 0u);
  const Result expected{Outcome::BlackWins, Termination::CannotReconnect};
  EXPECT_EQ(judge_position(pos), expected);
  EXPECT_EQ(Game(pos).result(), expected);
}

TEST(Reconnection, CaptureThatLeavesNoReconnectionWinsAtOnce) {
  // White a3 b3 c3 d3 e3 in a row, Black c5 b4. Black plays c5xc3 (b4 keeps Black
  // connected) and splits White into {a3 b3} and {d3 e3}.
  //   5 . . b . . . . .        after:   4 . b . . . . . .
  //   4 . b . . . . . .                 3 w w b w w . . .
  //   3 w w w w w . . .
  // A reconnecting singleton must touch both pairs: only c2 or c4 would, and no White
  // piece that can leave its pair reaches them (a3 and e3 have no line through them;
  // b3 and d3 would abandon a3 / e3). Capturing c3 from b3 or d3 abandons a3 / e3;
  // capturing b4 leaves d3 e3 apart. a3:b3 up is blocked by b4, down (a2:b2) touches
  // nothing; d3:e3 up or down touches nothing. So White cannot reconnect and loses.
  Game game(classic("8/8/8/2b5/1b6/wwwww3/8/8 b"));
  EXPECT_FALSE(game.result().over());
  game.play("c5xc3");
  EXPECT_EQ(game.position().to_string(), "8/8/8/8/1b6/wwbww3/8/8 w");
  EXPECT_EQ(game.result(), (Result{Outcome::BlackWins, Termination::CannotReconnect}));
  MoveList list;
  game.legal_moves(list);
  EXPECT_TRUE(list.empty());
}

// ---------------------------------------------------------------------------------------
// Rule 4.5: end of the game.

TEST(End, SingletonReachingTheHomeRowWins) {
  // White c7 d7: c7-c8 touches d7 and stands on Black's home row.
  Game game(classic("8/2ww4/8/8/b7/b7/8/8 w"));
  game.play("c7-c8");
  EXPECT_EQ(game.result(), (Result{Outcome::WhiteWins, Termination::HomeRow}));
  MoveList list;
  game.legal_moves(list);
  EXPECT_TRUE(list.empty());
}

TEST(End, OrdoReachingTheHomeRowWins) {
  Game game(classic("8/2ww4/8/8/b7/b7/8/8 w"));
  game.play("c7:d7-c8");
  EXPECT_EQ(game.position().to_string(), "2ww4/8/8/8/b7/b7/8/8 b");
  EXPECT_EQ(game.result(), (Result{Outcome::WhiteWins, Termination::HomeRow}));
}

TEST(End, BlackReachingRankOneWins) {
  // Black e2 f2; e2-e1 touches f2 and stands on White's home row.
  Game game(classic("8/8/8/8/7w/7w/4bb2/8 b"));
  game.play("e2-e1");
  EXPECT_EQ(game.result(), (Result{Outcome::BlackWins, Termination::HomeRow}));
}

TEST(End, CapturingTheLastPieceWins) {
  // Black has one piece, d4; White d3xd4 keeps c3 next to it.
  Game game(classic("8/8/8/8/3b4/2ww4/8/8 w"));
  game.play("d3xd4");
  EXPECT_EQ(game.position().pieces(Color::Black), Bitboard{0});
  EXPECT_EQ(game.result(), (Result{Outcome::WhiteWins, Termination::CapturedAll}));
}

TEST(End, APositionThatShowsAWinnerHasNoMoves) {
  // A White piece already stands on d8: the game is over, Black has no moves.
  const Position pos = classic("3w4/3w4/8/8/8/8/4bb2/8 b");
  EXPECT_EQ(count_legal(pos), 0u);
  EXPECT_EQ(judge_position(pos), (Result{Outcome::WhiteWins, Termination::HomeRow}));
}

TEST(End, AConnectedPlayerAlwaysHasAMoveSoNoLegalMoveNeverArises) {
  // Rule 4.5's house rule ("connected but has no legal move: that player loses") cannot
  // trigger in Classic Ordo. Proof: a piece p whose removal keeps the group connected
  // (every group of two or more has one; a lone piece moves freely) may move to any
  // forward/sideways neighbour square that touches the rest. If p has a neighbour beside
  // or ahead of it, the square straight ahead touches that neighbour, so it must hold an
  // own piece; then the diagonal-ahead and side squares touch that piece, so they must be
  // own too or off the board. If p's neighbours are all behind it, a side square touches
  // them and one of the two side squares is on the board. Take a leaf block of the group
  // and its highest such p: the own pieces straight ahead and diagonally ahead (at least
  // one diagonal is on the board) would both have to be the block's single cut point.
  // So checked exhaustively on small boards: a connected side to move has a legal move.
  testing::for_each_small_position(Variant::Classic, [](const Position& pos) {
    const Color side = pos.side_to_move();
    if (pos.decided_winner() || !pos.pieces(side) || !pos.is_connected(side)) return;
    ASSERT_GT(count_legal(pos), 0u) << pos.to_string();
    ASSERT_NE(judge_position(pos).termination, Termination::NoLegalMove) << pos.to_string();
  });
}

// ---------------------------------------------------------------------------------------
// Rule 4.6: repetition, and the move limit.

// White c2 c3 and Black f6 f7 shuffle sideways: c3-d3, f6-g6, d3-c3, g6-f6 returns to the
// start position with White to move.
constexpr std::string_view kShuffleStart = "8/5b2/5b2/8/8/2w5/2w5/8 w";
constexpr std::string_view kShuffle[] = {"c3-d3", "f6-g6", "d3-c3", "g6-f6"};

TEST(Repetition, ThirdOccurrenceDrawsExactly) {
  // The start occurs for the 1st time at ply 0, the 2nd after ply 4, the 3rd after ply 8.
  // Plies 1-3 and 5-7 reach other positions at most twice.
  Game game(classic(kShuffleStart));
  EXPECT_EQ(game.occurrences_of_current(), 1);
  for (int ply = 1; ply <= 8; ++ply) {
    game.play(kShuffle[(ply - 1) % 4]);
    if (ply < 8) {
      EXPECT_FALSE(game.result().over()) << "ply " << ply;
    }
    if (ply == 4) {
      EXPECT_EQ(game.occurrences_of_current(), 2);
    }
  }
  EXPECT_EQ(game.position().to_string(), kShuffleStart);
  EXPECT_EQ(game.occurrences_of_current(), 3);
  EXPECT_EQ(game.result(), (Result{Outcome::Draw, Termination::Repetition}));
  EXPECT_THROW(game.play("c3-d3"), MoveError);
}

TEST(Repetition, SameBoardWithTheOtherSideToMoveIsADifferentPosition) {
  // "the same position (board and player to move)". White's c3 goes round a triangle
  // (c3-d3, d3-b3, b3-c3; each square touches c2) while Black shuffles f6-g6, g6-f6:
  // after five plies the board is the start board again, but Black is to move.
  Game game(classic(kShuffleStart));
  for (std::string_view m : {"c3-d3", "f6-g6", "d3-b3", "g6-f6", "b3-c3"}) game.play(m);
  EXPECT_EQ(game.position().to_string(), "8/5b2/5b2/8/8/2w5/2w5/8 b");
  EXPECT_EQ(game.occurrences_of_current(), 1);
  // Four more plies (f6-g6, c3-d3, g6-f6, d3-c3) give this board with Black to move a
  // second time; the start board had White to move, so it is not a third occurrence of
  // anything and the game goes on.
  for (std::string_view m : {"f6-g6", "c3-d3", "g6-f6", "d3-c3"}) game.play(m);
  EXPECT_EQ(game.position().to_string(), "8/5b2/5b2/8/8/2w5/2w5/8 b");
  EXPECT_EQ(game.occurrences_of_current(), 2);
  EXPECT_FALSE(game.result().over());
}

TEST(Repetition, OptionOffMeansNoDraw) {
  Game game(classic(kShuffleStart), GameOptions{.repetition_draw = false});
  for (int ply = 1; ply <= 12; ++ply) game.play(kShuffle[(ply - 1) % 4]);
  EXPECT_EQ(game.occurrences_of_current(), 4);
  EXPECT_FALSE(game.result().over());
}

TEST(Repetition, MoveLimitEndsTheGameAsADraw) {
  // move_limit counts turns of both players: the 10th ply ends it.
  Game game(classic(kShuffleStart), GameOptions{.repetition_draw = false, .move_limit = 10});
  for (int ply = 1; ply <= 9; ++ply) game.play(kShuffle[(ply - 1) % 4]);
  EXPECT_FALSE(game.result().over());
  game.play(kShuffle[9 % 4]);
  EXPECT_EQ(game.result(), (Result{Outcome::Draw, Termination::MoveLimit}));
  EXPECT_THROW(game.play(kShuffle[10 % 4]), MoveError);
}

TEST(Repetition, UndoTakesTheDrawBack) {
  Game game(classic(kShuffleStart));
  for (int ply = 1; ply <= 8; ++ply) game.play(kShuffle[(ply - 1) % 4]);
  ASSERT_TRUE(game.result().over());
  EXPECT_TRUE(game.undo());
  EXPECT_FALSE(game.result().over());
  EXPECT_EQ(game.moves().size(), 7u);
}

// ---------------------------------------------------------------------------------------
// make / unmake restore the exact position, hash included.

struct HandMove {
  std::string_view before;
  std::string_view move;
  std::string_view after;
};

TEST(MakeUnmake, RestoresTheExactPositionIncludingHash) {
  const HandMove cases[] = {
      // capture that splits Black
      {"8/4b3/4b3/2wb4/2w1bb2/8/8/8 w", "c5xd5", "8/4b3/4b3/3w4/2w1bb2/8/8/8 b"},
      // three-piece horizontal ordo, three squares forward
      {"8/3b4/3b4/8/8/8/2www3/8 w", "c2:e2-c5", "8/3b4/3b4/2www3/8/8/8/8 b"},
      // Black ordo down the board
      {"8/8/3bb3/8/8/8/3ww3/8 b", "d6:e6-d3", "8/8/8/8/8/3bb3/3ww3/8 w"},
      // vertical ordo three files west
      {"8/8/8/8/3w1b2/3w1b2/3w4/8 w", "d2:d4-a2", "8/8/8/8/w4b2/w4b2/w7/8 b"},
      // backward horizontal ordo in a reconnection turn
      {"6bb/8/2ww4/8/8/2w5/2w5/8 w", "c6:d6-c4", "6bb/8/8/8/2ww4/2w5/2w5/8 b"},
      // capture of the last piece
      {"8/8/8/8/3b4/2ww4/8/8 w", "d3xd4", "8/8/8/8/3w4/2w5/8/8 b"},
  };
  for (const HandMove& c : cases) {
    const Position before = classic(c.before);
    Position pos = before;
    const Move m = parse_move(pos, c.move);
    const Undo undo = pos.make(m);
    EXPECT_EQ(pos.to_string(), c.after) << c.move;
    EXPECT_EQ(pos.hash(), pos.compute_hash()) << c.move;
    EXPECT_NE(pos.hash(), before.hash()) << c.move;
    EXPECT_EQ(pos, classic(c.after)) << c.move;
    pos.unmake(m, undo);
    EXPECT_EQ(pos, before) << c.move;
    EXPECT_EQ(pos.hash(), before.hash()) << c.move;
    EXPECT_EQ(pos.to_string(), c.before) << c.move;
  }
}

}  // namespace
}  // namespace ordo
