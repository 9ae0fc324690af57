// Self-tests of the reference generator on hand-made positions. Every expected value below
// was worked out by hand from docs/rules.md (sections 3, 4, 5, 6, 7, 8), not copied from a run,
// except where a comment says "regression value".
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/reference_ordo.h"

namespace {

using namespace ordo::reference;
using Moves = std::vector<std::string>;
constexpr RefVariant kC = RefVariant::Classic;
constexpr RefVariant kX = RefVariant::X;

Moves moves_of(const std::string& fen) {
  return legal_moves(parse_position(fen), kC);
}
Moves x_moves_of(const std::string& fen) {
  return legal_moves(parse_position(fen), kX);
}
bool has(const Moves& m, const std::string& s) {
  return std::find(m.begin(), m.end(), s) != m.end();
}
// Ordo X: the one-step turns (no comma), in order.
Moves one_step(const Moves& m) {
  Moves out;
  for (const auto& s : m)
    if (s.find(',') == std::string::npos) out.push_back(s);
  return out;
}
// Ordo X: the second steps of the turns whose first step is `first`, in order.
Moves after_first(const Moves& m, const std::string& first) {
  Moves out;
  for (const auto& s : m)
    if (s.rfind(first + ",", 0) == 0) out.push_back(s.substr(first.size() + 1));
  return out;
}
// Ordo X: the distinct first steps of two-step turns.
Moves first_steps(const Moves& m) {
  Moves out;
  for (const auto& s : m) {
    const auto comma = s.find(',');
    if (comma != std::string::npos && !has(out, s.substr(0, comma)))
      out.push_back(s.substr(0, comma));
  }
  return out;
}

const char* kStart10x8 = "2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2 w";
const char* kStart8x8 = "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w";

TEST(ReferenceParse, StartPositionsRoundTrip) {
  EXPECT_EQ(format_position(start_position(10, 8)), kStart10x8);  // string from docs/rules.md 7
  EXPECT_EQ(format_position(start_position(8, 8)), kStart8x8);    // docs/rules.md 2 lists
  for (const char* s : {kStart10x8, kStart8x8}) EXPECT_EQ(format_position(parse_position(s)), s);
  const RefPosition p = parse_position(kStart10x8);
  EXPECT_EQ(p.width, 10);
  EXPECT_EQ(p.height, 8);
  EXPECT_EQ(p.cells[0 * 10 + 2], 'w');  // c1
  EXPECT_EQ(p.cells[7 * 10 + 3], 'b');  // d8
  EXPECT_EQ(p.cells[3 * 10 + 0], '.');  // a4
  EXPECT_THROW(start_position(9, 8), std::invalid_argument);
}

TEST(ReferenceParse, SizesAndErrors) {
  EXPECT_NO_THROW(parse_position("3/3/3 w"));                    // smallest board
  EXPECT_NO_THROW(parse_position("16/16/16/16/16/16/16/16 b"));  // 128 squares
  const char* bad[] = {
      "",                                       // nothing
      "3/3/3",                                  // no side to move
      "3/3/3 x",                                // bad side
      "3/3/3 w ",                               // trailing junk
      "3/3/3  w",                               // two spaces
      "3/4/3 w",                                // ranks differ
      "2/2/2 w",                                // too narrow
      "3/3 w",                                  // too short
      "3/q2/3 w",                               // unknown piece letter
      "3/03/3 w",                               // zero count
      "12/12/12/12/12/12/12/12/12/12/12/12 w",  // 144 squares > 128
      "17/17/17 w",                             // too wide
  };
  for (const char* s : bad) EXPECT_THROW(parse_position(s), std::invalid_argument) << s;
}

TEST(ReferenceParse, TallBoardSquareNames) {
  // 3 files x 12 ranks: white a9 alone, black c2. Ranks 10..12 need two digits.
  // a9 forward a10 a11 a12, diag right b10 c11, sideways b9 c9 (diag left: off board) = 7.
  const Moves m = moves_of("3/3/3/w2/3/3/3/3/3/3/2b/3 w");
  EXPECT_EQ(m.size(), 7u);
  EXPECT_TRUE(has(m, "a9-a12"));
  EXPECT_TRUE(has(m, "a9-c11"));
}

TEST(ReferenceMoves, LonePieceMiddle) {
  // White d4 alone (black a8 is off all its lines). Forward d5-d8: 4, diag left c5 b6 a7: 3,
  // diag right e5 f6 g7 h8: 4, left c4 b4 a4: 3, right e4..h4: 4. Total 18; nothing backward.
  Moves m = moves_of("b7/8/8/8/3w4/8/8/8 w");
  EXPECT_EQ(m.size(), 18u);
  EXPECT_TRUE(has(m, "d4-h8"));
  EXPECT_FALSE(has(m, "d4-d3"));
  EXPECT_FALSE(has(m, "d4-c3"));
  EXPECT_TRUE(std::is_sorted(m.begin(), m.end()));
  // Black e5 alone moves down: e4..e1 4, d4 c3 b2 a1 4, f4 g3 h2 3, a5..d5 4, f5 g5 h5 3 = 18.
  m = moves_of("8/8/8/4b3/8/8/8/7w b");
  EXPECT_EQ(m.size(), 18u);
  EXPECT_TRUE(has(m, "e5-e1"));
  EXPECT_TRUE(has(m, "e5-a1"));
  EXPECT_FALSE(has(m, "e5-e6"));
}

TEST(ReferenceMoves, CaptureStopsTheSlide) {
  // White d4, black d6 f6: forward d5 d4xd6 (2), diag right e5 d4xf6 (2), diag left 3,
  // left 3, right 4 = 14. Nothing beyond a captured piece.
  const Moves m = moves_of("8/8/3b1b2/8/3w4/8/8/8 w");
  EXPECT_EQ(m.size(), 14u);
  EXPECT_TRUE(has(m, "d4xd6"));
  EXPECT_TRUE(has(m, "d4xf6"));
  EXPECT_FALSE(has(m, "d4-d6"));
  EXPECT_FALSE(has(m, "d4-d7"));
  EXPECT_FALSE(has(m, "d4-g7"));
}

TEST(ReferenceMoves, HorizontalOrdoBlockedAndConnection) {
  // White d4 e4, black e6 (a8 far away). Each singleton must land next to the other piece:
  // d4: d5 e5; e4: d5 e5 (e4xe6 would leave e6 apart from d4: illegal). Ordo d4:e4 forward:
  // d5/e5 free, d6/e6 blocked by black (ordos never capture) -> only d4:e4-d5.
  EXPECT_EQ(moves_of("b7/8/4b3/8/3ww3/8/8/8 w"),
            (Moves{"d4-d5", "d4-e5", "d4:e4-d5", "e4-d5", "e4-e5"}));
}

TEST(ReferenceMoves, VerticalOrdoSlidesSideways) {
  // White d4 d5 (vertical ordo), black f5. Singletons next to the partner: d4 -> c4 c5 e4 e5;
  // d5 -> c5 e5 (d5xf5 leaves f5 apart from d4). Ordo sideways: left to c, b, a; right to e,
  // then f5 blocks. Never along its file (no d4:d5-d6).
  EXPECT_EQ(moves_of("8/8/8/3w1b2/3w4/8/8/8 w"),
            (Moves{"d4-c4", "d4-c5", "d4-e4", "d4-e5", "d4:d5-a4", "d4:d5-b4", "d4:d5-c4",
                   "d4:d5-e4", "d5-c5", "d5-e5"}));
}

TEST(ReferenceMoves, SubRunsOfALongLine) {
  // White a2 b2 c2 d2: every sub-run of length >= 2 is an ordo.
  const Moves m = moves_of("7b/8/8/8/8/8/wwww4/8 w");
  EXPECT_TRUE(has(m, "a2:d2-a8"));   // whole line to the far row (a legal, winning move)
  EXPECT_TRUE(has(m, "a2:c2-a3"));   // a3 b3 c3 touch d2
  EXPECT_TRUE(has(m, "b2:c2-b3"));   // b3 touches a2, c3 touches d2
  EXPECT_FALSE(has(m, "b2:c2-b4"));  // would leave a2 and d2 apart
  EXPECT_FALSE(has(m, "a2:b2-a4"));  // would leave the ordo apart from c2 d2
  EXPECT_FALSE(has(m, "d2:a2-d3"));  // output names the lower file first
}

TEST(ReferenceMoves, SplitSideGetsBackwardSingletons) {
  // White d4 and f4: split. Reconnecting moves land next to the other piece: e3 (backward
  // diagonal), e4, e5 for each. Nothing else (e.g. d4-d5) reconnects.
  EXPECT_EQ(moves_of("7b/8/8/8/3w1w2/8/8/8 w"),
            (Moves{"d4-e3", "d4-e4", "d4-e5", "f4-e3", "f4-e4", "f4-e5"}));
}

TEST(ReferenceMoves, SplitSideGetsBackwardHorizontalOrdo) {
  // White c5 d5 and c2: split. c2 up to c4 or diag to e4 touches the ordo; c5/d5 alone can't
  // touch both others; the ordo slides backward two squares to c3/d3 (c4/d4 is too far, then
  // c2 blocks).
  EXPECT_EQ(moves_of("7b/8/8/2ww4/8/8/2w5/8 w"), (Moves{"c2-c4", "c2-e4", "c5:d5-c3"}));
  // The same picture mirrored for Black: backward is up the ranks.
  EXPECT_EQ(moves_of("8/2b5/8/8/2bb4/8/8/7w b"), (Moves{"c4:d4-c6", "c7-c5", "c7-e5"}));
}

TEST(ReferenceMoves, SplitWithoutReconnectionHasNoMoves) {
  // White a4 and h4, each boxed in by black. Every move is a one-step capture next to its own
  // square, far from the other white piece, so nothing reconnects.
  const RefPosition p = parse_position("8/8/8/bb4bb/wb4bw/bb4bb/8/8 w");
  EXPECT_TRUE(legal_moves(p, kC).empty());
  EXPECT_EQ(outcome_after_move(p, kC), RefOutcome::SideToMoveLosesNoMoves);
  EXPECT_EQ(perft(p, kC, 1), 0u);
  EXPECT_EQ(perft(p, kC, 0), 1u);
  // With h4 gone White is connected: the three forward/sideways captures, no backward one.
  EXPECT_EQ(moves_of("8/8/8/bb4bb/wb4b1/bb4bb/8/8 w"), (Moves{"a4xa5", "a4xb4", "a4xb5"}));
}

TEST(ReferenceOutcome, WinsAndTinyPerft) {
  // 3x3, white a1, black c3. White: a2 a3 (up), b2 xc3 (diag), b1 c1 (side) = 6.
  const RefPosition p = parse_position("2b/3/w2 w");
  EXPECT_EQ(legal_moves(p, kC), (Moves{"a1-a2", "a1-a3", "a1-b1", "a1-b2", "a1-c1", "a1xc3"}));
  EXPECT_EQ(outcome_after_move(apply_move(p, "a1-a3", kC), kC), RefOutcome::MoverWonHomeRow);
  // Reaches the home row and captures the last piece: home row is checked first.
  EXPECT_EQ(outcome_after_move(apply_move(p, "a1xc3", kC), kC), RefOutcome::MoverWonHomeRow);
  EXPECT_EQ(outcome_after_move(apply_move(p, "a1-b2", kC), kC), RefOutcome::Ongoing);
  // perft(2): the winning a1-a3 and a1xc3 have no continuation. Black c3 then has
  // after a1-a2: c2 c1 b2 a1 b3 a3 = 6; after a1-b2: c2 c1 xb2 b3 a3 = 5;
  // after a1-b1: 6; after a1-c1: c2 xc1 b2 a1 b3 a3 = 6. Sum 23.
  EXPECT_EQ(perft(p, kC, 1), 6u);
  EXPECT_EQ(perft(p, kC, 2), 23u);

  // 3x3, white a1, black b2: a1xb2 takes Black's last piece (b2 is not Black's home row).
  const RefPosition q = parse_position("3/1b1/w2 w");
  const RefPosition after = apply_move(q, "a1xb2", kC);
  EXPECT_EQ(format_position(after), "3/1w1/3 b");
  EXPECT_EQ(outcome_after_move(after, kC), RefOutcome::MoverWonCapturedAll);
  // perft(2): a1-a3 and a1xb2 end the game; after a1-a2 Black has b1 a1 c1 xa2 c2 = 5,
  // after a1-b1: xb1 a1 c1 a2 c2 = 5, after a1-c1: b1 a1 xc1 a2 c2 = 5. Sum 15.
  EXPECT_EQ(perft(q, kC, 1), 5u);
  EXPECT_EQ(perft(q, kC, 2), 15u);
}

TEST(ReferenceApply, RejectsWhatIsNotALegalMove) {
  const RefPosition p = parse_position("b7/8/4b3/8/3ww3/8/8/8 w");
  EXPECT_THROW(apply_move(p, "e4xe6", kC), std::invalid_argument);     // disconnects
  EXPECT_THROW(apply_move(p, "d4:e4-d6", kC), std::invalid_argument);  // blocked
  EXPECT_THROW(apply_move(p, "e4:d4-e5", kC), std::invalid_argument);  // not output form
  EXPECT_THROW(apply_move(p, "z9-z10", kC), std::invalid_argument);
  EXPECT_EQ(format_position(apply_move(p, "d4:e4-d5", kC)), "b7/8/4b3/3ww3/8/8/8/8 b");
}

TEST(ReferencePerft, StartPositions) {
  // 10x8 perft(1) = 56, counted by hand. Every single piece can be lifted without splitting
  // the rest (each inner rank-2 piece has a rank-1 or rank-3 piece on its file bridging its
  // neighbours), so a singleton is legal iff it lands next to another white piece; rank 4 is
  // next to rank 3, rank 5+ never is.
  //  rank 1 (c1 d1 g1 h1): only sideways, 2 each = 8.
  //  rank 2, a..j: 0 2 4 4 2 | 2 4 4 2 0 = 24 (e.g. c2: c3 c4 d3 e4; b2: c3 d4).
  //  rank 3: a3 2 (a4 b4), b3 4 (a4 b4 c3 d3; c4 would only touch b3 itself), e3 4 (e4 f4 d3
  //          c3; d4 only touched e3), mirrored f3 i3 j3 = 20.
  //  ordos: c2:d2 and g2:h2 forward 1 or 2 (rest stays joined through c1-d1 / g1-h1) = 4;
  //         rank-3 pairs would float away, vertical pairs are all blocked sideways.
  //  52 singletons + 4 ordos = 56.
  // perft(2) = 56 * 56: White's legal moves reach rank 4 at most and Black's rank 5 at most,
  // so neither side's first move can change the other's options.
  const RefPosition s10 = start_position(10, 8);
  EXPECT_EQ(perft(s10, kC, 1), 56u);
  EXPECT_EQ(perft(s10, kC, 2), 56u * 56u);
  RefPosition s10b = s10;  // by symmetry Black has the same count
  s10b.to_move = 'b';
  EXPECT_EQ(perft(s10b, kC, 1), 56u);
  EXPECT_TRUE(has(legal_moves(s10b, kC), "c7:d7-c5"));  // Black's ordo goes down the ranks

  // 8x8 perft(1) = 46, same method: rank 1: b1 1, c1 2, f1 2, g1 1 = 6; rank 2 a..h:
  // 2 4 4 2 2 4 4 2 = 24; rank 3: a3 2 (b3 c3; a4 b4 would touch nothing), d3 4 (d4 e4 c3
  // b3), e3 4, h3 2 = 12; ordos b2:c2 and f2:g2 forward 1 or 2 = 4. Total 46 = 42 + 4.
  const RefPosition s8 = start_position(8, 8);
  EXPECT_EQ(perft(s8, kC, 1), 46u);
  EXPECT_EQ(perft(s8, kC, 2), 46u * 46u);
}

// ----------------------------------------------------------------------------------------
// Ordo X (docs/rules.md 5, 6, 8). A move is a whole turn: one forward step, or a sideways step
// and a forward step joined by ','.
// ----------------------------------------------------------------------------------------

TEST(ReferenceX, VerticalOrdoForwardInSingleFile) {
  // 3x6, White b2 b3, Black a6. One-step (forward) turns:
  //  b3 alone: b4.., a4, c4 are all two ranks from b2: none. b2 alone: b3 own, a3 c3 (touch b3).
  //  Ordo b2:b3 up, single file (b2 steps into b3 as b3 leaves it): 1 -> b3 b4 "b2:b3-b3",
  //  2 -> b4 b5, 3 -> b5 b6 (Black's home row); 4 is off the board. Diagonally, side by side:
  //  a3 a4 / c3 c4, then off the board.
  const Moves m = x_moves_of("b2/3/3/1w1/1w1/3 w");
  EXPECT_EQ(one_step(m),
            (Moves{"b2-a3", "b2-c3", "b2:b3-a3", "b2:b3-b3", "b2:b3-b4", "b2:b3-b5", "b2:b3-c3"}));
  const RefPosition p = parse_position("b2/3/3/1w1/1w1/3 w");
  EXPECT_EQ(format_position(apply_move(p, "b2:b3-b3", kX)), "b2/3/1w1/1w1/3/3 b");
  EXPECT_EQ(outcome_after_move(apply_move(p, "b2:b3-b5", kX), kX), RefOutcome::MoverWonHomeRow);
  // Sideways ordo b2:b3 -> a2 a3, then forward: a2 alone only to b3 (a3 blocks, c4 touches
  // nothing); a3 alone nowhere; ordo a2:a3 up 1 or 2 (3 would end on Black's a6: ordos never
  // capture), diagonally right to b3 b4 or c4 c5.
  EXPECT_EQ(after_first(m, "b2:b3-a2"),
            (Moves{"a2-b3", "a2:a3-a3", "a2:a3-a4", "a2:a3-b3", "a2:a3-c4"}));

  // The same for Black (b4 b5, forward is down): the rear piece b5 goes to a4 c4, the ordo
  // b4:b5 goes down 1, 2 or 3 (b4 to b1, White's home row) or diagonally to a3 / c3.
  EXPECT_EQ(one_step(x_moves_of("3/1b1/1b1/3/3/w2 b")),
            (Moves{"b4:b5-a3", "b4:b5-b1", "b4:b5-b2", "b4:b5-b3", "b4:b5-c3", "b5-a4", "b5-c4"}));
}

TEST(ReferenceX, HorizontalOrdoSidewaysInSingleFileThenForward) {
  // 5x4, White a2 b2, Black e2. All 26 turns.
  //  Forward singletons: a2 -> a3 b3; b2 -> b3 a3 (c3 and rank 4 touch nothing).
  //  Ordo a2:b2 forward a3 / a4 (home row), diagonally right b3 / c4 (home row); left: off.
  //  Sideways: a2 is blocked by b2; b2 alone to c2 d2 or xe2 leaves a2 alone; the ordo goes
  //  right in single file 1 (b2 c2) or 2 (c2 d2), 3 would end on e2. Each needs a forward step:
  //  after b2 c2: b2 -> b3 c3, c2 -> c3 b3 (a3 d3 touch nothing), ordo b2:c2 -> b3 b4 c3 d4 a3;
  //  after c2 d2: c2 -> c3 d3, d2 -> d3 c3 (e3 touches nothing), ordo c2:d2 -> c3 c4 d3 b3 a4.
  const Moves m = x_moves_of("5/5/ww2b/5 w");
  EXPECT_EQ(m, (Moves{"a2-a3",
                      "a2-b3",
                      "a2:b2-a3",
                      "a2:b2-a4",
                      "a2:b2-b2,b2-b3",
                      "a2:b2-b2,b2-c3",
                      "a2:b2-b2,b2:c2-a3",
                      "a2:b2-b2,b2:c2-b3",
                      "a2:b2-b2,b2:c2-b4",
                      "a2:b2-b2,b2:c2-c3",
                      "a2:b2-b2,b2:c2-d4",
                      "a2:b2-b2,c2-b3",
                      "a2:b2-b2,c2-c3",
                      "a2:b2-b3",
                      "a2:b2-c2,c2-c3",
                      "a2:b2-c2,c2-d3",
                      "a2:b2-c2,c2:d2-a4",
                      "a2:b2-c2,c2:d2-b3",
                      "a2:b2-c2,c2:d2-c3",
                      "a2:b2-c2,c2:d2-c4",
                      "a2:b2-c2,c2:d2-d3",
                      "a2:b2-c2,d2-c3",
                      "a2:b2-c2,d2-d3",
                      "a2:b2-c4",
                      "b2-a3",
                      "b2-b3"}));
  const RefPosition p = parse_position("5/5/ww2b/5 w");
  // Diagonal ordo step: side by side.
  EXPECT_EQ(format_position(apply_move(p, "a2:b2-b3", kX)), "5/1ww2/4b/5 b");
  EXPECT_EQ(format_position(apply_move(p, "a2:b2-c2,c2:d2-b3", kX)), "5/1ww2/4b/5 b");
  EXPECT_EQ(outcome_after_move(apply_move(p, "a2:b2-c4", kX), kX), RefOutcome::MoverWonHomeRow);
  // The sideways step alone is not a turn.
  EXPECT_THROW(apply_move(p, "a2:b2-b2", kX), std::invalid_argument);
  EXPECT_THROW(apply_move(p, "a2:b2-d2,d2-d3", kX), std::invalid_argument);
}

TEST(ReferenceX, SidewaysStepWithASingleFollowUp) {
  // 3x4, White a1 a2, Black a3 b3 c3 b2 c2. A crowded corner; all 4 turns:
  //  forward: a2xa3 / a2xb3 leave a1 alone; a1 -> a2 own; a1xb2 (touches a2; Black a3 b3 c3 c2
  //  stay one group); ordo a1:a2 up: a3 is Black; diagonally: b2 is Black.
  //  sideways: a1 -> b1 (c1 touches nothing); a2xb2; ordo a1:a2 right: b2 is Black.
  //   after a1-b1: b1xb2 only (b1xc2, a2xa3, a2xb3 split White).
  //   after a2xb2: a1 -> a2, a1xa3 (b2xa3/b3/c3 split White).
  // No sideways step is ever illegal for lack of a forward step, here or anywhere: a connected
  // group with no piece on the opponent's home row always has a one-square forward step that
  // keeps it connected (proof in reference_ordo.h), and a sideways step that leaves a piece on
  // the home row wins and ends the turn. So this is as tight as it gets: one follow-up.
  EXPECT_EQ(x_moves_of("3/bbb/wbb/w2 w"),
            (Moves{"a1-b1,b1xb2", "a1xb2", "a2xb2,a1-a2", "a2xb2,a1xa3"}));
}

TEST(ReferenceX, CaptureRemovesTheSmallerGroup) {
  // 5x5, White c2, Black a4-e4 and e5. c2xc4 leaves a4 b4 (2) and d4 e4 e5 (3): a4 b4 go.
  const RefPosition p = parse_position("4b/bbbbb/5/2w2/5 w");
  const Moves m = legal_moves(p, kX);
  EXPECT_TRUE(has(m, "c2xc4"));
  EXPECT_FALSE(has(m, "c2xc4@d4"));  // no choice, no suffix
  EXPECT_EQ(format_position(apply_move(p, "c2xc4", kX)), "4b/2wbb/5/5/5 b");
  // No split: nothing else goes.
  EXPECT_EQ(format_position(apply_move(p, "c2xa4", kX)), "4b/wbbbb/5/5/5 b");
  // In the second step of a turn: b2xb4 leaves a4 (1) and c4 d4 e4 e5 (4);
  // b2xd4 leaves a4 b4 c4 (3) and e4 e5 (2).
  EXPECT_EQ(format_position(apply_move(p, "c2-b2,b2xb4", kX)), "4b/1wbbb/5/5/5 b");
  EXPECT_EQ(format_position(apply_move(p, "c2-b2,b2xd4", kX)), "5/bbbw1/5/5/5 b");
}

TEST(ReferenceX, TieChoiceIsPartOfTheTurn) {
  // 5x5, White c2, Black a4-e4. All 27 turns. A capture on c4 leaves a4 b4 and d4 e4: the
  // capturer chooses, `@` + the staying group's lowest-file square.
  //  one step: c3, xc4 (2 choices), b3, xa4, d3, xe4 = 7.
  //  c2-b2: b3 xb4 a3 c3 xd4; c2-a2: a3 xa4 b3 xc4@a4 xc4@d4; mirrored for d2, e2 = 20.
  const RefPosition p = parse_position("5/bbbbb/5/2w2/5 w");
  const Moves m = legal_moves(p, kX);
  EXPECT_EQ(m.size(), 27u);
  EXPECT_EQ(one_step(m),
            (Moves{"c2-b3", "c2-c3", "c2-d3", "c2xa4", "c2xc4@a4", "c2xc4@d4", "c2xe4"}));
  EXPECT_EQ(after_first(m, "c2-a2"), (Moves{"a2-a3", "a2-b3", "a2xa4", "a2xc4@a4", "a2xc4@d4"}));
  EXPECT_EQ(after_first(m, "c2-b2"), (Moves{"b2-a3", "b2-b3", "b2-c3", "b2xb4", "b2xd4"}));
  EXPECT_EQ(after_first(m, "c2-d2"), (Moves{"d2-c3", "d2-d3", "d2-e3", "d2xb4", "d2xd4"}));
  EXPECT_EQ(after_first(m, "c2-e2"), (Moves{"e2-d3", "e2-e3", "e2xc4@a4", "e2xc4@d4", "e2xe4"}));
  EXPECT_EQ(format_position(apply_move(p, "c2xc4@a4", kX)), "5/bbw2/5/5/5 b");
  EXPECT_EQ(format_position(apply_move(p, "c2xc4@d4", kX)), "5/2wbb/5/5/5 b");
  EXPECT_THROW(apply_move(p, "c2xc4", kX), std::invalid_argument);     // the choice is required
  EXPECT_THROW(apply_move(p, "c2xc4@b4", kX), std::invalid_argument);  // output form only
}

TEST(ReferenceX, TieInTheSidewaysStepAndInBothSteps) {
  // 5x7, White a4; Black b2 c2 c3 c4 b5 c5 d5. a4 slides right over b4 and takes c4: Black
  // splits into b2 c2 c3 and b5 c5 d5 (3 each). The suffix follows the capture it belongs to.
  //  @b2 (lower group stays): c4 then goes c5 c6 c7, b5 a6, d5 e6 = 7 forward steps.
  //  @b5 (upper group stays): c4xb5, c4xd5 (the rest stays one group), c4xc5 splits b5 / d5
  //  again: a second choice, a second suffix.
  const RefPosition p = parse_position("5/5/1bbb1/w1b2/2b2/1bb2/5 w");
  const Moves m = legal_moves(p, kX);
  EXPECT_EQ(after_first(m, "a4xc4@b2"),
            (Moves{"c4-a6", "c4-b5", "c4-c5", "c4-c6", "c4-c7", "c4-d5", "c4-e6"}));
  EXPECT_EQ(after_first(m, "a4xc4@b5"), (Moves{"c4xb5", "c4xc5@b5", "c4xc5@d5", "c4xd5"}));
  EXPECT_TRUE(after_first(m, "a4xc4").empty());
  EXPECT_EQ(format_position(apply_move(p, "a4xc4@b5,c4xc5@d5", kX)), "5/5/2wb1/5/5/5/5 b");
  EXPECT_EQ(outcome_after_move(apply_move(p, "a4xc4@b2,c4-c7", kX), kX),
            RefOutcome::MoverWonHomeRow);
}

TEST(ReferenceX, WinningSidewaysStepEndsTheTurn) {
  // 4x4, White a3, Black d3 (its last piece). All 9 turns, each wins:
  //  forward a4 b4 (Black's home row); sideways b3 / c3 then forward to rank 4 (3 each);
  //  a3xd3 (sideways over b3 c3) takes the last piece: a whole turn by itself.
  const RefPosition p = parse_position("4/w2b/4/4 w");
  EXPECT_EQ(legal_moves(p, kX),
            (Moves{"a3-a4", "a3-b3,b3-a4", "a3-b3,b3-b4", "a3-b3,b3-c4", "a3-b4", "a3-c3,c3-b4",
                   "a3-c3,c3-c4", "a3-c3,c3-d4", "a3xd3"}));
  EXPECT_EQ(outcome_after_move(apply_move(p, "a3xd3", kX), kX), RefOutcome::MoverWonCapturedAll);
  EXPECT_EQ(outcome_after_move(apply_move(p, "a3-c3,c3-d4", kX), kX), RefOutcome::MoverWonHomeRow);
  EXPECT_EQ(perft(p, kX, 1), 9u);
  EXPECT_EQ(perft(p, kX, 2), 0u);  // every turn ends the game
}

TEST(ReferenceX, SplitSideHasNoBackwardMovesOnlyReconnectingTurns) {
  // Set-up only (Ordo X never leaves a player split). 5x5, White a1 and e1, Black c5. No
  // backward moves; each step must leave White connected, so the first step must reconnect:
  // a1-d1 or e1-b1 (sideways, so a forward step follows). After a1-d1 (d1 e1): d1 -> d2 e2,
  // e1 -> e2 d2, ordo d1:e1 up 1-4 and up-left 1-3 = 11; mirrored after e1-b1 = 11.
  const Moves m = x_moves_of("2b2/5/5/5/w3w w");
  EXPECT_EQ(m.size(), 22u);
  EXPECT_EQ(first_steps(m), (Moves{"a1-d1", "e1-b1"}));
  EXPECT_TRUE(one_step(m).empty());
  EXPECT_EQ(after_first(m, "a1-d1"),
            (Moves{"d1-d2", "d1-e2", "d1:e1-a4", "d1:e1-b3", "d1:e1-c2", "d1:e1-d2", "d1:e1-d3",
                   "d1:e1-d4", "d1:e1-d5", "e1-d2", "e1-e2"}));
  EXPECT_EQ(after_first(m, "e1-b1"),
            (Moves{"a1-a2", "a1-b2", "a1:b1-a2", "a1:b1-a3", "a1:b1-a4", "a1:b1-a5", "a1:b1-b2",
                   "a1:b1-c3", "a1:b1-d4", "b1-a2", "b1-b2"}));
  // White a2 and e2 around Black c2: nothing reconnects (a2xc2 would take Black's last piece
  // but leaves White split, so it is no move). No legal turn: White loses.
  const RefPosition q = parse_position("5/5/5/w1b1w/5 w");
  EXPECT_TRUE(legal_moves(q, kX).empty());
  EXPECT_EQ(outcome_after_move(q, kX), RefOutcome::SideToMoveLosesNoMoves);
  EXPECT_EQ(perft(q, kX, 1), 0u);
}

// Left-right mirror, and the colour flip (ranks reversed, colours and side to move swapped).
RefPosition mirrored(const RefPosition& p) {
  RefPosition q = p;
  for (int r = 0; r < p.height; ++r)
    for (int f = 0; f < p.width; ++f)
      q.cells[r * p.width + f] = p.cells[r * p.width + (p.width - 1 - f)];
  return q;
}
RefPosition colour_flipped(const RefPosition& p) {
  RefPosition q = p;
  auto swap = [](char c) { return c == 'w' ? 'b' : c == 'b' ? 'w' : c; };
  for (int r = 0; r < p.height; ++r)
    for (int f = 0; f < p.width; ++f)
      q.cells[r * p.width + f] = swap(p.cells[(p.height - 1 - r) * p.width + f]);
  q.to_move = swap(p.to_move);
  return q;
}

TEST(ReferenceX, SymmetricPositionsCountTheSame) {
  // Not hand values: the counts of a position, its mirror image and its colour flip must agree.
  for (const char* fen : {"5/5/1bbb1/w1b2/2b2/1bb2/5 w", "5/5/ww2b/5 w", "3/bbb/wbb/w2 w",
                          "2b2/5/5/5/w3w w", "b2/3/3/1w1/1w1/3 w", "4b/bbbbb/5/2w2/5 w"}) {
    const RefPosition p = parse_position(fen);
    for (int depth = 1; depth <= 3; ++depth) {
      const std::uint64_t n = perft(p, kX, depth);
      EXPECT_EQ(perft(mirrored(p), kX, depth), n) << fen << " depth " << depth;
      EXPECT_EQ(perft(colour_flipped(p), kX, depth), n) << fen << " depth " << depth;
    }
  }
}

TEST(ReferenceX, StartPositions) {
  // 10x8. One-step (forward) turns, by hand = 60:
  //  singletons 36: rank 2 as in Classic (0 2 4 4 2 | 2 4 4 2 0 = 24, all forward); rank 3:
  //   a3 a4 b4, b3 b4 a4, e3 e4 f4, and mirrored = 12; rank 1 is blocked forward.
  //  horizontal ordos straight forward 4 (c2:d2, g2:h2 by 1 or 2, as in Classic);
  //  horizontal ordos diagonally 4: b2:c2 to c3 d3, d2:e2 to c3 d3, mirrored (farther splits;
  //   rank-3 pairs float away);
  //  vertical ordos up in single file 16: a2:a3 1-2, b2:b3 1, c1:c2 1-2, d1:d2 1-2, e2:e3 1,
  //   mirrored (farther splits the group or ends on Black's pieces); diagonally: none.
  // Sideways first steps, by hand = 32: singletons 16 (c1 b1 a1, d1 e1 f1, b3 c3 d3, e3 d3
  //  c3, mirrored); horizontal ordos in single file 16 (c1:d1 two each way, a3:b3 two right,
  //  e3:f3 two each way, mirrored); vertical ordos are all blocked sideways.
  // Follow-ups checked by hand: after c1-b1, 60 (c2 becomes a bridge: -3, c1:c2 gone: -2, new
  //  b1:b3 up 1-2, b2:b3 up 2 / to c3 / to d4: +5); after c1-a1, 57 (the same -5, new a1:a3
  //  up 1-2).
  // perft(1) = 2062 is the sum over the 32 first steps: a regression value (spot-checked as
  // above and by mirror symmetry).
  const RefPosition s10 = start_position(10, 8);
  const Moves m10 = legal_moves(s10, kX);
  EXPECT_EQ(one_step(m10).size(), 60u);
  EXPECT_EQ(first_steps(m10).size(), 32u);
  EXPECT_EQ(after_first(m10, "c1-b1").size(), 60u);
  EXPECT_EQ(after_first(m10, "c1-a1").size(), 57u);
  EXPECT_EQ(after_first(m10, "h1-i1").size(), 60u);  // mirror images
  EXPECT_EQ(after_first(m10, "h1-j1").size(), 57u);
  EXPECT_TRUE(has(m10, "a2:a3-a4"));   // a3 a4 -> a4 a5 in single file
  EXPECT_FALSE(has(m10, "a2:a3-a5"));  // would end on Black's a6
  EXPECT_EQ(m10.size(), 2062u);
  RefPosition s10b = s10;
  s10b.to_move = 'b';
  EXPECT_EQ(perft(s10b, kX, 1), 2062u);

  // 8x8. One-step turns by hand = 52: singletons 28 (rank 2: 24; d3 d4 e4, e3 e4 d4);
  //  horizontal straight 4 (b2:c2, f2:g2 by 1-2), diagonal 4 (a2:b2 and c2:d2 to b3 c3,
  //  mirrored); vertical up 12 (a2:a3 1, b1:b2 1-2, c1:c2 1-2, d2:d3 1, mirrored), diagonal 4
  //  (a2:a3 to b3 b4 or c4 c5, mirrored). Sideways first steps = 24: singletons 14 (b1 1,
  //  c1 2, a3 2, d3 2, mirrored), ordos 10 (b1:c1 left 1 right 2, d3:e3 2 each way, mirrored).
  //  After b1-a1: 48 (b2 becomes a bridge: -3, a2:b2 diagonal strands a1: -1, b1:b2 gone: -2,
  //  new a1:a3 up 1-2: +2). perft(1) = 1308: regression value.
  const RefPosition s8 = start_position(8, 8);
  const Moves m8 = legal_moves(s8, kX);
  EXPECT_EQ(one_step(m8).size(), 52u);
  EXPECT_EQ(first_steps(m8).size(), 24u);
  EXPECT_EQ(after_first(m8, "b1-a1").size(), 48u);
  EXPECT_EQ(after_first(m8, "g1-h1").size(), 48u);
  EXPECT_EQ(m8.size(), 1308u);
}

}  // namespace
