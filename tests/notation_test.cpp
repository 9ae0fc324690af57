// Move notation (docs/rules.md section 6) and position strings (section 7), Classic rules.
// Positions are written by hand; the diagram beside each shows the squares that matter.
#include "ordo/notation.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <set>
#include <string>

#include "ordo/game.h"
#include "ordo/movegen.h"
#include "ordo/position.h"

namespace ordo {
namespace {

Position classic(std::string_view text) {
  return Position::parse(text, Variant::Classic);
}

std::string formatted(const Position& pos, std::string_view text) {
  return format_move(pos, parse_move(pos, text));
}

// The message of the MoveError that parsing `text` throws, and checks that `pos` is
// unchanged by the attempt.
std::string rejection(const Position& pos, std::string_view text) {
  const Position before = pos;
  std::string message;
  try {
    const Move m = parse_move(pos, text);
    ADD_FAILURE() << "'" << text << "' was accepted as " << format_move(pos, m);
  } catch (const MoveError& e) {
    message = e.what();
  }
  EXPECT_EQ(pos, before) << text;
  EXPECT_EQ(pos.to_string(), before.to_string()) << text;
  EXPECT_EQ(pos.hash(), before.hash()) << text;
  return message;
}

// Checks that a message contains every one of the key words.
void expect_mentions(const std::string& message, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words) {
    EXPECT_NE(message.find(w), std::string::npos) << "'" << message << "' lacks '" << w << "'";
  }
}

std::string position_error(std::string_view text) {
  try {
    Position::parse(text, Variant::Classic);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  ADD_FAILURE() << "'" << text << "' was accepted";
  return "";
}

// White c2 d2, Black e6 e7 (8x8).
//   7 . . . . b . . .
//   6 . . . . b . . .
//   2 . . w w . . . .
// Legal here, among others: c2-c3 (touches d2), and the ordo c2:d2 forward to any of
// ranks 3-8 (the c and d files are empty).
constexpr std::string_view kPair = "8/4b3/4b3/8/8/8/2ww4/8 w";

// White d5 e5, Black e6 e7: e5 may capture e6.
constexpr std::string_view kCapture = "8/4b3/4b3/3ww3/8/8/8/8 w";

// White d2 d3 d4 (a vertical ordo), Black f3 f4.
constexpr std::string_view kVertical = "8/8/8/8/3w1b2/3w1b2/3w4/8 w";

// White c2 d2 e2 (a horizontal ordo), Black d6 d7.
constexpr std::string_view kHorizontal = "8/3b4/3b4/8/8/8/2www3/8 w";

// ---------------------------------------------------------------------------------------
// Formatting.

TEST(Notation, SingletonIsFromDashTo) {
  const Position pos = classic(kPair);
  EXPECT_EQ(formatted(pos, "c2-c3"), "c2-c3");
  EXPECT_EQ(formatted(pos, "d2-c3"), "d2-c3");  // diagonally forward, still next to c2
}

TEST(Notation, CaptureIsFromXTo) {
  const Position pos = classic(kCapture);
  EXPECT_EQ(formatted(pos, "e5xe6"), "e5xe6");
}

TEST(Notation, OrdoNamesBothEndsLowerFileFirstThenWhereThatEndGoes) {
  // "a2:d2-a3 (the ordo a2...d2 moves so that a2 lands on a3). Output names the end with
  // the lower file, or on a file the lower rank, first."
  const Position h = classic(kHorizontal);
  MoveList list;
  generate_legal(h, list);
  std::set<std::string> ordos;
  for (const Move& m : list) {
    if (m.first().is_ordo()) ordos.insert(format_move(h, m));
  }
  EXPECT_EQ(ordos,
            (std::set<std::string>{"c2:e2-c3", "c2:e2-c4", "c2:e2-c5", "c2:d2-c3", "d2:e2-d3"}));
  const Position v = classic(kVertical);
  EXPECT_EQ(formatted(v, "d2:d4-a2"), "d2:d4-a2");
}

TEST(Notation, OrdoInputAcceptsEitherEndFirst) {
  const Position h = classic(kHorizontal);
  // e2:c2-e3: e2 lands on e3, so c2 lands on c3 - the same move as c2:e2-c3.
  EXPECT_EQ(parse_move(h, "e2:c2-e3"), parse_move(h, "c2:e2-c3"));
  EXPECT_EQ(formatted(h, "e2:c2-e5"), "c2:e2-c5");
  EXPECT_EQ(formatted(h, "d2:c2-d3"), "c2:d2-c3");
  const Position v = classic(kVertical);
  // d4:d2-e4: d4 lands on e4, so d2 lands on e2.
  EXPECT_EQ(parse_move(v, "d4:d2-e4"), parse_move(v, "d2:d4-e2"));
  EXPECT_EQ(formatted(v, "d4:d2-a4"), "d2:d4-a2");
  EXPECT_EQ(formatted(v, "d3:d2-c3"), "d2:d3-c2");
}

TEST(Notation, BlackMovesAndTenFileSquares) {
  // Black d6 e6 on 8x8, and a 10x8 board where file j exists.
  const Position black = classic("8/8/3bb3/8/8/8/3ww3/8 b");
  EXPECT_EQ(formatted(black, "d6:e6-d3"), "d6:e6-d3");
  EXPECT_EQ(formatted(black, "e6:d6-e4"), "d6:e6-d4");
  const Position wide = classic("10/9b/9b/10/10/10/8ww/10 w");
  EXPECT_EQ(formatted(wide, "j2-j3"), "j2-j3");
  EXPECT_EQ(formatted(wide, "j2:i2-j4"), "i2:j2-i4");
}

TEST(Notation, EveryGeneratedMoveParsesBackToItself) {
  for (std::string_view text : {kPair, kCapture, kVertical, kHorizontal}) {
    const Position pos = classic(text);
    MoveList list;
    generate_legal(pos, list);
    for (const Move& m : list) EXPECT_EQ(parse_move(pos, format_move(pos, m)), m) << text;
  }
  const Position start = Position::start(Variant::Classic);
  MoveList list;
  generate_legal(start, list);
  for (const Move& m : list) EXPECT_EQ(parse_move(start, format_move(start, m)), m);
}

// ---------------------------------------------------------------------------------------
// The forms of two public sites.

TEST(Notation, SiteFormMove) {
  const Position pos = classic(kPair);
  EXPECT_EQ(parse_move(pos, "Move C 2 C 3"), parse_move(pos, "c2-c3"));
}

TEST(Notation, SiteFormCapture) {
  const Position pos = classic(kCapture);
  EXPECT_EQ(parse_move(pos, "Capture E 5 E 6"), parse_move(pos, "e5xe6"));
}

TEST(Notation, SiteFormOrdo) {
  // "Ordo C 2 D 2 C 4": the ordo c2-d2, c2 lands on c4 (two squares forward; c3 d3 c4 d4
  // are empty and the pair moves together, so White stays one group).
  const Position pos = classic(kPair);
  EXPECT_EQ(formatted(pos, "Ordo C 2 D 2 C 4"), "c2:d2-c4");
}

TEST(Notation, SiteFormsAreCheckedLikeOurs) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "Move C 2 C 4"), {"split"});  // c4 does not touch d2
  EXPECT_FALSE(rejection(pos, "Move C 2").empty());
  EXPECT_FALSE(rejection(pos, "Capture C 2 C 3").empty());  // nothing on c3
}

// ---------------------------------------------------------------------------------------
// Strict parsing: the reason is named, and the position is unchanged.

TEST(NotationRejects, UnknownSquare) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "c2-cq"), {"cq", "not a square"});
  expect_mentions(rejection(pos, "qq-c3"), {"qq", "not a square"});
}

TEST(NotationRejects, SquareOffTheBoard) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "c2-i2"), {"i2", "off", "board"});
  expect_mentions(rejection(pos, "c2-c9"), {"c9", "off", "board"});
  expect_mentions(rejection(pos, "c0-c3"), {"c0"});
}

TEST(NotationRejects, NotYourPiece) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "e6-e5"), {"e6", "Black", "White"});
}

TEST(NotationRejects, EmptyFromSquare) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "a1-a2"), {"no piece", "a1"});
}

TEST(NotationRejects, BlockedPath) {
  const Position pos = classic(kVertical);
  // d3 east: e3 is empty, f3 holds a Black piece - it cannot be passed to reach g3.
  expect_mentions(rejection(pos, "d3-g3"), {"blocked", "f3"});
  // d2 north: its own piece on d3 is in the way of d4.
  expect_mentions(rejection(pos, "d2-d4"), {"blocked", "d3"});
  // The ordo d2:d4 three files east: f3 and f4 are in the way.
  expect_mentions(rejection(pos, "d2:d4-g2"), {"blocked"});
}

TEST(NotationRejects, WouldSplitTheGroup) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "c2-c4"), {"split"});  // c4 does not touch d2
  expect_mentions(rejection(pos, "d2-g2"), {"split"});
}

TEST(NotationRejects, NotAStraightLine) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "c2-d4"), {"straight"});
}

TEST(NotationRejects, HorizontalOrdoMovingSideways) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "c2:d2-e2"), {"horizontal", "forward"});
  expect_mentions(rejection(pos, "c2:d2-d3"), {"horizontal"});  // diagonal
}

TEST(NotationRejects, VerticalOrdoMovingForward) {
  const Position pos = classic(kVertical);
  // d2 would land on d3: along its own file.
  expect_mentions(rejection(pos, "d2:d4-d3"), {"vertical", "sideways"});
  expect_mentions(rejection(pos, "d2:d3-d3"), {"vertical", "sideways"});
}

TEST(NotationRejects, DashWrittenForACapture) {
  const Position pos = classic(kCapture);
  expect_mentions(rejection(pos, "e5-e6"), {"e5xe6"});
}

TEST(NotationRejects, XWrittenForANonCapture) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "c2xc3"), {"nothing to capture", "c3"});
}

TEST(NotationRejects, OrdoWrittenAsACapture) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "c2:d2xc3"), {"ordo", "capture"});
}

TEST(NotationRejects, OrdoWithAGapOrAForeignPiece) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "c2:e2-c3"), {"e2"});  // e2 is empty
}

TEST(NotationRejects, BackwardMoveWhenNotSplit) {
  const Position pos = classic(kPair);
  expect_mentions(rejection(pos, "c2-c1"), {"backward"});
  expect_mentions(rejection(pos, "d2-c1"), {"backward"});
  const Position h = classic(kHorizontal);
  expect_mentions(rejection(h, "c2:e2-c1"), {"backward"});
}

TEST(NotationRejects, BackwardAllowedWhenSplit) {
  // White split into {c6 d6} and {c2 c3} (see classic_rules_test): the backward ordo
  // move is accepted, a backward singleton that does not reconnect is refused for that.
  const Position pos = classic("6bb/8/2ww4/8/8/2w5/2w5/8 w");
  EXPECT_EQ(formatted(pos, "d6:c6-d4"), "c6:d6-c4");
  expect_mentions(rejection(pos, "c6-c5"), {"reconnect"});
}

TEST(NotationRejects, GameOver) {
  // A White piece stands on d8: White has won; nothing can be played.
  const Position pos = classic("3w4/3w4/8/8/8/8/4bb2/8 b");
  expect_mentions(rejection(pos, "e2-e1"), {"over"});
  // In a game the move after the winning one is refused, and the game is unchanged.
  Game game(classic("8/2ww4/8/8/b7/b7/8/8 w"));
  game.play("c7-c8");
  const std::string before = game.position().to_string();
  try {
    game.play("a4-a3");
    ADD_FAILURE() << "a move after the end was accepted";
  } catch (const MoveError& e) {
    expect_mentions(e.what(), {"over"});
  }
  EXPECT_EQ(game.position().to_string(), before);
  EXPECT_EQ(game.moves().size(), 1u);
}

TEST(NotationRejects, GarbageAndTwoStepTurns) {
  const Position pos = classic(kPair);
  for (const char* text : {"", "   ", "c2", "c2-", "c2c3", "c2-c3-c4", "c2-c3!", "-c3",
                           "c2-c3,c3-c4", "c2xc3@e6", "Move", "Ordo C 2 D 2"}) {
    EXPECT_FALSE(rejection(pos, text).empty()) << "'" << text << "'";
  }
}

TEST(NotationRejects, GameUnchangedAfterARejectedMove) {
  Game game(classic(kPair));
  EXPECT_THROW(game.play("c2-c4"), MoveError);
  EXPECT_EQ(game.position().to_string(), kPair);
  EXPECT_TRUE(game.moves().empty());
  EXPECT_FALSE(game.result().over());
}

// ---------------------------------------------------------------------------------------
// Position strings (section 7).

TEST(PositionString, RoundTripsAndMultiDigitRuns) {
  for (std::string_view text :
       {kPair, kCapture, kVertical, kHorizontal, std::string_view{"16/15b/16/16/16/16/w15/16 w"},
        std::string_view{"5/1bb2/2ww1/5 b"}}) {
    EXPECT_EQ(classic(text).to_string(), text);
  }
  const Position wide = classic("16/15b/16/16/16/16/w15/16 w");
  EXPECT_EQ(wide.geometry().width(), 16);
  EXPECT_EQ(wide.piece_at(*parse_square(wide.geometry(), "p7")), 'b');
  EXPECT_EQ(wide.piece_at(*parse_square(wide.geometry(), "a2")), 'w');
}

TEST(PositionString, RanksFromTheTopDown) {
  // The first rank written is the highest one.
  const Position pos = classic("b2/3/w2 w");
  EXPECT_EQ(pos.piece_at(*parse_square(pos.geometry(), "a3")), 'b');
  EXPECT_EQ(pos.piece_at(*parse_square(pos.geometry(), "a1")), 'w');
  EXPECT_EQ(pos.side_to_move(), Color::White);
  EXPECT_EQ(classic("b2/3/w2 b").side_to_move(), Color::Black);
}

TEST(PositionStringRejects, RaggedRanks) {
  expect_mentions(position_error("8/3b4/8/3w3/8/8/8/8 w"), {"rank"});  // rank 5: 7 squares
  expect_mentions(position_error("8/3b4/8/3w5/8/8/8/8 w"), {"rank"});  // rank 5: 9 squares
}

TEST(PositionStringRejects, BadCharacters) {
  expect_mentions(position_error("8/3b4/8/3x4/8/8/8/8 w"), {"x"});
  expect_mentions(position_error("8/3b4/8/3W4/8/8/8/8 w"), {"W"});
  EXPECT_FALSE(position_error("8/3b4/8/3w4/8/8/8/8 w extra").empty());
}

TEST(PositionStringRejects, BadSideToMove) {
  expect_mentions(position_error("8/3b4/8/3w4/8/8/8/8 x"), {"side to move"});
  expect_mentions(position_error("8/3b4/8/3w4/8/8/8/8 W"), {"side to move"});
  EXPECT_FALSE(position_error("8/3b4/8/3w4/8/8/8/8").empty());
  EXPECT_FALSE(position_error("8/3b4/8/3w4/8/8/8/8 ").empty());
}

TEST(PositionStringRejects, BoardTooBigOrTooSmall) {
  // 17 files; 16x9 = 144 squares (over 128); 2 ranks; 2 files.
  expect_mentions(position_error("17/16b/17/17/17/17/w16/17 w"), {"16"});
  expect_mentions(position_error("16/15b/16/16/16/16/16/w15/16 w"), {"16x9"});
  EXPECT_FALSE(position_error("1b1/w2 w").empty());
  EXPECT_FALSE(position_error("b1/2/w1 w").empty());
}

TEST(PositionStringRejects, ZeroLengthRun) {
  expect_mentions(position_error("8/3b4/8/0w7/8/8/8/8 w"), {"run", "0"});
}

}  // namespace
}  // namespace ordo
