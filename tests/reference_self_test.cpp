// Self-tests of the reference generator on hand-made positions. Every expected value below
// was worked out by hand from RULES.md (sections 3, 4, 6, 7, 8), not copied from a run.
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

Moves moves_of(const std::string& fen) {
  return legal_moves(parse_position(fen), kC);
}
bool has(const Moves& m, const std::string& s) {
  return std::find(m.begin(), m.end(), s) != m.end();
}

const char* kStart10x8 = "2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2 w";
const char* kStart8x8 = "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w";

TEST(ReferenceParse, StartPositionsRoundTrip) {
  EXPECT_EQ(format_position(start_position(10, 8)), kStart10x8);  // string from RULES.md 7
  EXPECT_EQ(format_position(start_position(8, 8)), kStart8x8);    // RULES.md 2 lists
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
  EXPECT_THROW(legal_moves(p, RefVariant::X), std::logic_error);
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

}  // namespace
