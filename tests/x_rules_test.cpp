// Ordo X, sentence by sentence (docs/rules.md section 5, and the notation of section 6). Each
// position is written by hand; expected turns were worked out from the rules text.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "ordo/game.h"
#include "ordo/movegen.h"
#include "ordo/movegen_x.h"
#include "ordo/notation.h"
#include "ordo/position.h"
#include "support/small_boards.h"

namespace ordo {
namespace {

using Turns = std::set<std::string>;

Position ordo_x(std::string_view text) {
  return Position::parse(text, Variant::X);
}

Turns legal(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  Turns out;
  for (const Move& m : list) out.insert(format_move(pos, m));
  EXPECT_EQ(out.size(), list.size()) << "two turns share a notation in " << pos.to_string();
  EXPECT_EQ(count_legal(pos), list.size()) << pos.to_string();
  return out;
}

std::string after(const Position& pos, std::string_view turn) {
  Position next = pos;
  next.make(parse_move(pos, turn));
  return next.to_string();
}

std::string rejection(const Position& pos, std::string_view turn) {
  try {
    parse_move(pos, turn);
  } catch (const MoveError& e) {
    return e.what();
  }
  return "accepted";
}

// 5.1 No backward moves, ever.
TEST(XMovement, NoBackwardMovesEvenWithRoomBehind) {
  // White d3, d4 in the middle of a 6x6 board; the squares behind are empty.
  const Position pos = ordo_x("5b/6/3w2/3w2/6/6 w");
  for (const std::string& t : legal(pos)) {
    const Move m = parse_move(pos, t);
    for (int i = 0; i < m.step_count; ++i) {
      EXPECT_GE(pos.geometry().rank_of(m.steps[i].to), pos.geometry().rank_of(m.steps[i].from))
          << t << " goes backward";
    }
  }
  EXPECT_NE(rejection(pos, "d3-d2").find("no backward"), std::string::npos);
  EXPECT_NE(rejection(pos, "d3:d4-d1").find("no backward"), std::string::npos);
}

// 5.2 A vertical ordo moving forward goes in single file: each piece steps into the square
// the one ahead of it leaves.
TEST(XOrdo, VerticalOrdoMovesForwardInSingleFile) {
  // White c2, c3; a Black piece far away on f6.
  const Position pos = ordo_x("5b/6/6/2w3/2w3/6 w");
  const Turns turns = legal(pos);
  // c2 lands on c3 (vacated by c3), c4, c5; with c5 the front piece reaches c6 and wins.
  EXPECT_TRUE(turns.count("c2:c3-c3"));
  EXPECT_TRUE(turns.count("c2:c3-c4"));
  EXPECT_TRUE(turns.count("c2:c3-c5"));
  EXPECT_EQ(after(pos, "c2:c3-c3"), "5b/6/2w3/2w3/6/6 b");
  EXPECT_FALSE(turns.count("c2:c3-c6")) << "would leave the board";
}

TEST(XOrdo, SingleFileStopsAtAnOccupiedSquareAndNeverCaptures) {
  // As above with a Black piece on c5: only one square forward is free for the front piece.
  const Position pos = ordo_x("6/2b3/6/2w3/2w3/6 w");
  const Turns turns = legal(pos);
  EXPECT_TRUE(turns.count("c2:c3-c3"));
  EXPECT_FALSE(turns.count("c2:c3-c4"));
  EXPECT_NE(rejection(pos, "c2:c3-c4").find("blocked at c5"), std::string::npos);
}

TEST(XOrdo, OrdosMoveDiagonallyForwardSideBySide) {
  // White c2, c3 (vertical) and Black f6. Diagonally up-right: c2 lands on d3 or e4; at
  // f5 the upper piece would land on f6's Black piece, and ordos never capture.
  const Position pos = ordo_x("5b/6/6/2w3/2w3/6 w");
  const Turns turns = legal(pos);
  EXPECT_TRUE(turns.count("c2:c3-d3"));
  EXPECT_TRUE(turns.count("c2:c3-e4"));
  EXPECT_FALSE(turns.count("c2:c3-f5"));
  EXPECT_TRUE(turns.count("c2:c3-b3"));
  EXPECT_TRUE(turns.count("c2:c3-a4"));
  // A horizontal ordo moves diagonally too: b2, c2 up-left lands b2 on a3.
  const Position row = ordo_x("5b/6/6/6/1ww3/6 w");
  EXPECT_TRUE(legal(row).count("b2:c2-a3"));
  EXPECT_TRUE(legal(row).count("b2:c2-c3"));
}

// 5.3 A sideways step must be followed by a forward step.
TEST(XTurn, SidewaysStepIsAlwaysFollowedByAForwardStep) {
  // White b2, c2: the horizontal ordo moves sideways in single file (c2 -> d2, b2 -> c2),
  // and then any forward step, by the same pieces or others.
  const Position pos = ordo_x("5b/6/6/6/1ww3/6 w");
  const Turns turns = legal(pos);
  EXPECT_TRUE(turns.count("b2:c2-c2,c2:d2-c3"));
  EXPECT_TRUE(turns.count("b2:c2-c2,d2-d3"));
  for (const std::string& t : turns) {
    const Move m = parse_move(pos, t);
    const Geometry& g = pos.geometry();
    const bool sideways_first = g.rank_of(m.first().to) == g.rank_of(m.first().from);
    EXPECT_EQ(m.step_count, sideways_first ? 2 : 1) << t;
    if (m.step_count == 2) {
      EXPECT_GT(g.rank_of(m.steps[1].to), g.rank_of(m.steps[1].from)) << t;
    }
  }
  EXPECT_NE(rejection(pos, "b2:c2-c2").find("must be followed by a forward step"),
            std::string::npos);
  EXPECT_NE(rejection(pos, "b2-b3,b3-b4").find("first step goes sideways"), std::string::npos);
}

TEST(XTurn, EachStepMustLeaveTheMoverConnected) {
  // White b2, c2: c2 sliding to e2 splits the pair even if a forward step could rejoin it.
  const Position pos = ordo_x("5b/6/6/6/1ww3/6 w");
  EXPECT_NE(rejection(pos, "c2-e2,b2-d3").find("first step"), std::string::npos);
  EXPECT_FALSE(legal(pos).count("c2-e2,b2-d3"));
}

// 5.4 A capture that splits the opponent removes all but one largest group.
TEST(XCapture, SmallerGroupsAreRemovedAtOnce) {
  // Black b4 c4 d4 e4 f4; White c3 d3 captures c4: Black falls into {b4} and {d4 e4 f4},
  // so b4 is removed with it.
  const Position pos = ordo_x("7/7/1bbbbb1/2ww3/7/7 w");
  ASSERT_TRUE(legal(pos).count("c3xc4"));
  EXPECT_EQ(after(pos, "c3xc4"), "7/7/2wbbb1/3w3/7/7 b");
  EXPECT_NE(rejection(pos, "c3xc4@d4").find("no choice"), std::string::npos);
}

TEST(XCapture, OnATieTheCapturerChoosesWhichGroupStays) {
  // Black b4 c4 d4; White c3 d3 captures c4 and Black falls into {b4} and {d4}: one turn
  // for each group that may stay.
  const Position pos = ordo_x("7/7/1bbb3/2ww3/7/7 w");
  const Turns turns = legal(pos);
  EXPECT_TRUE(turns.count("c3xc4@b4"));
  EXPECT_TRUE(turns.count("c3xc4@d4"));
  EXPECT_FALSE(turns.count("c3xc4"));
  EXPECT_EQ(after(pos, "c3xc4@b4"), "7/7/1bw4/3w3/7/7 b");
  EXPECT_EQ(after(pos, "c3xc4@d4"), "7/7/2wb3/3w3/7/7 b");
  EXPECT_NE(rejection(pos, "c3xc4").find("add '@'"), std::string::npos);
  EXPECT_NE(rejection(pos, "c3xc4@a1").find("not in one of the equal largest groups"),
            std::string::npos);
}

TEST(XCapture, InputMayNameAnySquareOfTheStayingGroup) {
  // Black b4 b5 c4 d4 d5: capturing c4 leaves {b4 b5} and {d4 d5}, a tie of two.
  const Position pos = ordo_x("7/1b1b3/1bbb3/2ww3/7/7 w");
  EXPECT_TRUE(legal(pos).count("c3xc4@b4"));
  EXPECT_TRUE(legal(pos).count("c3xc4@d4"));
  EXPECT_EQ(format_move(pos, parse_move(pos, "c3xc4@b5")), "c3xc4@b4");
  EXPECT_EQ(format_move(pos, parse_move(pos, "c3xc4@d5")), "c3xc4@d4");
}

// 5.5 A step that wins ends the turn, even a sideways one.
TEST(XEnd, SidewaysCaptureOfTheLastPieceEndsTheTurn) {
  // White c3 d3 d2, Black's last piece on e3: d3xe3 (sideways) wins at once.
  const Position pos = ordo_x("6/6/6/2wwb1/3w2/6 w");
  const Turns turns = legal(pos);
  ASSERT_TRUE(turns.count("d3xe3"));
  for (const std::string& t : turns) EXPECT_NE(t.rfind("d3xe3,", 0), 0u) << t;
  Game game(pos);
  game.play("d3xe3");
  EXPECT_EQ(game.result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(game.result().termination, Termination::CapturedAll);
}

TEST(XEnd, ForwardStepOfATwoStepTurnReachesTheHomeRow) {
  // White d5 e5 on a 6x6 board: the pair steps aside to e5 f5, then e5 goes up to e6
  // (still touching f5) and wins.
  const Position pos = ordo_x("6/3ww1/6/b5/6/6 w");
  ASSERT_TRUE(legal(pos).count("d5:e5-e5,e5-e6"));
  Game game(pos);
  game.play("d5:e5-e5,e5-e6");
  EXPECT_EQ(game.result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(game.result().termination, Termination::HomeRow);
}

TEST(XEnd, APlayerWithNoLegalTurnLoses) {
  // A set-up position with White split (a1 and f4) and no step that reconnects: a1 cannot
  // reach f4's neighbourhood (d4 holds a Black piece on the diagonal), and f4 can only
  // move away. Ordo X never allows backward moves.
  const Position pos = ordo_x("6/6/3b1w/6/6/w5 w");
  EXPECT_TRUE(legal(pos).empty());
  const Result r = judge_position(pos);
  EXPECT_EQ(r.outcome, Outcome::BlackWins);
}

TEST(XTurn, EveryLegalSidewaysStepHasAForwardContinuation) {
  // Rule 5.3's last sentence ("a sideways step after which no forward step is legal is
  // itself illegal") never has to act on a connected side: after any legal step the mover
  // is connected and, as in Classic (see classic_rules_test.cpp), a connected group always
  // has a one-square forward step that keeps it connected. Checked exhaustively on small
  // boards: every sideways step that keeps the mover connected either wins or is followed
  // by at least one forward step, and a connected side always has a turn.
  testing::for_each_small_position(Variant::X, [](const Position& pos) {
    const Color side = pos.side_to_move();
    if (pos.decided_winner() || !pos.pieces(side) || !pos.is_connected(side)) return;
    ASSERT_GT(count_legal(pos), 0u) << pos.to_string();
    const Geometry& g = pos.geometry();
    const ConnectionMap connection(g, pos.pieces(side), true);
    x::StepList sideways;
    x::StepCollector collect{g, sideways};
    x::steps(pos, connection, true, collect);
    for (const Step& step : sideways) {
      Position next = pos;
      next.play_step(step);
      ASSERT_TRUE(next.decided_winner() || x::count_forward(next) > 0) << pos.to_string();
    }
  });
}

TEST(XStart, BothBoardsStartAsInSection2AndAllFirstTurnsParseBack) {
  for (int width : {10, 8}) {
    const Position pos = Position::start(Variant::X, width, 8);
    MoveList list;
    generate_legal(pos, list);
    EXPECT_GT(list.size(), 1000u) << "Ordo X start positions have thousands of turns";
    for (const Move& m : list) ASSERT_EQ(parse_move(pos, format_move(pos, m)), m);
  }
}

// Found by fuzz_position: 50 White pieces on 10x9 have more turns than a move list holds.
// The position is refused when it is read, whichever side is to move, with the reason.
TEST(XPositionString, APositionWithMoreTurnsThanAMoveListHoldsIsRefusedWhenRead) {
  constexpr std::string_view kCrowded =
      "2bb2bbbb/4w5/www2ww1ww/wwww2w1ww/w3wwwwww/www1www2w/w2wwww1ww/w3wwwwww/2ww2ww2";
  for (const char* side : {" w", " b"}) {
    try {
      ordo_x(std::string(kCrowded) + side);
      ADD_FAILURE() << "accepted with" << side << " to move";
    } catch (const std::invalid_argument& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("White would have"), std::string::npos) << message;
      EXPECT_NE(message.find("at most 8192 turns"), std::string::npos) << message;
    }
  }
  // The same board for Classic Ordo, whose turns are single steps, is read.
  EXPECT_NO_THROW(Position::parse(std::string(kCrowded) + " w", Variant::Classic));
}

}  // namespace
}  // namespace ordo
