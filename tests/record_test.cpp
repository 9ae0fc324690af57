// Game records (core/record.h): write/read round trips over seeded random games, records
// written by hand and worked out from docs/rules.md, custom starts and options, results by the
// rules and from outside them, and every kind of malformed record.
#include "ordo/record.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "ordo/game.h"
#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "support/random_positions.h"

namespace ordo {
namespace {

// The moves of a game in our notation, in order.
std::vector<std::string> move_texts(const Game& game) {
  std::vector<std::string> out;
  Position pos = game.start_position();
  for (const Move& m : game.moves()) {
    out.push_back(format_move(pos, m));
    pos.make(m);
  }
  return out;
}

// read_record must throw a RecordError whose message contains every one of `words`.
void expect_rejected(const std::string& text, std::initializer_list<std::string> words) {
  SCOPED_TRACE("record:\n" + text);
  try {
    read_record(text);
    ADD_FAILURE() << "the record was accepted";
  } catch (const RecordError& e) {
    const std::string what = e.what();
    for (const std::string& w : words) {
      EXPECT_NE(what.find(w), std::string::npos)
          << "message \"" << what << "\" does not name '" << w << "'";
    }
  } catch (const std::exception& e) {
    ADD_FAILURE() << "threw something other than RecordError: " << e.what();
  }
}

// Reads a record that must be valid; fails the test (and returns a dummy) otherwise.
Record read_ok(const std::string& text) {
  try {
    return read_record(text);
  } catch (const std::exception& e) {
    ADD_FAILURE() << "rejected: " << e.what() << "\nrecord:\n" << text;
    return Record{Game(Position::start(Variant::Classic)), Variant::Classic, {}};
  }
}

// ---------------------------------------------------------------------------------------
// Round trips over random games

void check_round_trip(const Record& record) {
  const std::string text = write_record(record);
  SCOPED_TRACE("written record:\n" + text);
  std::optional<Record> read_back;
  try {
    read_back.emplace(read_record(text));
  } catch (const std::exception& e) {
    FAIL() << "the written record does not read back: " << e.what();
  }
  const Record& back = *read_back;
  EXPECT_EQ(back.variant, record.variant);
  EXPECT_EQ(back.game.start_position(), record.game.start_position());
  EXPECT_EQ(back.game.start_position().to_string(), record.game.start_position().to_string());
  EXPECT_EQ(back.game.moves(), record.game.moves());
  EXPECT_EQ(move_texts(back.game), move_texts(record.game));
  EXPECT_EQ(back.game.position(), record.game.position());
  EXPECT_EQ(back.game.result(), record.game.result());
  EXPECT_EQ(back.game.options(), record.game.options());
  EXPECT_EQ(back.tags, record.tags);
  EXPECT_EQ(write_record(back), text);
}

// Plays uniformly random legal moves until the game ends or `stop_at` moves are played.
void play_random(Game& game, std::mt19937_64& rng, int stop_at) {
  MoveList list;
  while (!game.result().over() && static_cast<int>(game.moves().size()) < stop_at) {
    game.legal_moves(list);
    ASSERT_FALSE(list.empty()) << "an ongoing game with no legal move: "
                               << game.position().to_string();
    game.play(list[rng() % list.size()]);
  }
}

// Players, date and a few more tags, some with characters that need escaping.
std::map<std::string, std::string> random_tags(std::mt19937_64& rng, int index) {
  std::map<std::string, std::string> tags{
      {"White", "Ada " + std::to_string(index)},
      {"Black", index % 3 == 0 ? "Ben \"the bishop\" O\\Brien" : "Ben"},
      {"Date", "2026.11." + std::to_string(10 + index % 20)},
  };
  if (rng() % 2) tags["Event"] = "Club night {round} [" + std::to_string(index) + "]";
  if (rng() % 2) tags["Round"] = std::to_string(1 + index % 9);
  if (rng() % 3 == 0) tags["Annotator"] = "Cy; 1-0 *";
  if (rng() % 4 == 0) tags["Site"] = "";
  return tags;
}

// A result from outside the rules for a game the rules have not ended, or none.
void maybe_end_by_players(Game& game, std::mt19937_64& rng) {
  if (game.result().over()) return;
  switch (rng() % 6) {
    case 0:
      game.set_result({Outcome::WhiteWins, Termination::Resignation});
      break;
    case 1:
      game.set_result({Outcome::BlackWins, Termination::Resignation});
      break;
    case 2:
      game.set_result({Outcome::Draw, Termination::Agreement});
      break;
    case 3:
      game.set_result({Outcome::BlackWins, Termination::Timeout});
      break;
    case 4:
      game.set_result({Outcome::WhiteWins, Termination::Unspecified});
      break;
    default:
      break;  // unfinished: "*"
  }
}

TEST(RecordRoundTrip, RandomGamesFromBothStarts) {
  std::mt19937_64 rng(20261122);
  int finished_by_rules = 0, stopped = 0;
  std::set<Termination> seen;
  for (int i = 0; i < 240; ++i) {
    SCOPED_TRACE("game " + std::to_string(i));
    const int width = i % 2 ? 8 : 10;
    GameOptions options;
    options.repetition_draw = i % 5 != 4;
    if (i % 7 == 3) options.move_limit = 1 + static_cast<int>(rng() % 80);
    Game game(Position::start(Variant::Classic, width, 8), options);
    const bool to_the_end = i % 3 != 0;
    play_random(game, rng, to_the_end ? 3000 : static_cast<int>(rng() % 60));
    if (::testing::Test::HasFatalFailure()) return;
    (game.result().over() ? finished_by_rules : stopped) += 1;
    maybe_end_by_players(game, rng);
    seen.insert(game.result().termination);
    check_round_trip(Record{game, Variant::Classic, random_tags(rng, i)});
    if (::testing::Test::HasFailure()) return;
  }
  // The sample has games ended by the rules, by the players, and unfinished ones.
  EXPECT_GT(finished_by_rules, 100);
  EXPECT_GT(stopped, 40);
  for (Termination t :
       {Termination::None, Termination::HomeRow, Termination::MoveLimit, Termination::Resignation,
        Termination::Agreement, Termination::Timeout, Termination::Unspecified}) {
    EXPECT_TRUE(seen.count(t)) << "no random game ended by " << termination_name(t);
  }
}

TEST(RecordRoundTrip, OrdoXGamesWithTwoStepTurns) {
  std::mt19937_64 rng(77);
  int two_step_turns = 0;
  for (int i = 0; i < 16; ++i) {
    SCOPED_TRACE("game " + std::to_string(i));
    Game game(Position::start(Variant::X, i % 2 ? 8 : 10, 8));
    play_random(game, rng, 3000);
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_TRUE(game.result().over());
    for (const Move& m : game.moves()) two_step_turns += m.step_count == 2;
    check_round_trip(Record{game, Variant::X, random_tags(rng, i)});
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(two_step_turns, 0);
}

TEST(RecordRoundTrip, RandomGamesFromCustomStarts) {
  std::mt19937_64 rng(77);
  for (int i = 0; i < 150; ++i) {
    SCOPED_TRACE("game " + std::to_string(i));
    const Position start = i % 2 ? testing::random_placement(rng, Variant::Classic)
                                 : testing::random_game_position(rng, Variant::Classic, 30);
    GameOptions options;
    options.repetition_draw = i % 4 != 0;
    if (i % 5 == 0) options.move_limit = 1 + static_cast<int>(rng() % 40);
    Game game(start, options);
    play_random(game, rng, i % 3 ? 3000 : static_cast<int>(rng() % 20));
    if (::testing::Test::HasFatalFailure()) return;
    maybe_end_by_players(game, rng);
    check_round_trip(Record{game, Variant::Classic, random_tags(rng, i)});
    if (::testing::Test::HasFailure()) return;
  }
}

// ---------------------------------------------------------------------------------------
// A record written by hand, worked out move by move from docs/rules.md section 4.

// 1. d2-d3        d3 touches c2, e2, e3.
// 1... f6-f5      f5 touches e6.
// 2. e3-e4        e4 touches d3.
// 2... a6-a5      a5 touches b6.
// 3. f3-f4        f4 touches e4.
// 3... j6-j5      j5 touches i6.
// 4. f4xf5        takes f5; f5 touches e4. (4... f7xf5 would take it back but split
//                 Black: f7 is the only link between e7 and g7.)
// 4... g7-g6      g6 touches f7 and h7; g8 still touches f7 and h7.
// 5. e2:f2-e3     the ordo e2-f2 slides forward into the empty e3, f3; e3 touches d3, e4.
// 5... c7:d7-c6   the ordo c7-d7 slides down to c6, d6; c6 touches b6, d6 touches e6.
const std::string kHandWritten =
    "[Game \"Ordo\"]\n"
    "[Rules \"classic\"]\n"
    "[Size \"10x8\"]\n"
    "[Event \"Club night\"]\n"
    "[Date \"2026.11.22\"]\n"
    "[White \"Ada\"]\n"
    "[Black \"Ben\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "1. d2-d3 f6-f5 2. e3-e4 a6-a5 3. f3-f4 j6-j5 4. f4xf5 g7-g6 5. e2:f2-e3\n"  // wrapped
    "c7:d7-c6 *\n";                                                              // before 80

const std::vector<std::string> kHandWrittenMoves = {
    "d2-d3", "f6-f5", "e3-e4", "a6-a5", "f3-f4", "j6-j5", "f4xf5", "g7-g6", "e2:f2-e3", "c7:d7-c6"};

// Rank 8 c8 d8 g8 h8; rank 7 without c7 d7 g7; rank 6 b6 c6 d6 e6 g6 i6; rank 5 a5, the
// White f5, j5; rank 4 e4; rank 3 a3 b3 d3 e3 f3 i3 j3; rank 2 without d2 e2 f2; rank 1 as
// at the start. White to move.
const std::string kHandWrittenFinal =
    "2bb2bb2/bb2bb1bbb/1bbbb1b1b1/b4w3b/4w5/ww1www2ww/www3wwww/2ww2ww2 w";

TEST(RecordRead, HandWrittenGame) {
  const Record r = read_ok(kHandWritten);
  EXPECT_EQ(r.variant, Variant::Classic);
  EXPECT_EQ(r.tags.at("White"), "Ada");
  EXPECT_EQ(r.tags.at("Black"), "Ben");
  EXPECT_EQ(r.tags.at("Date"), "2026.11.22");
  EXPECT_EQ(r.tags.at("Event"), "Club night");
  EXPECT_EQ(r.tags.size(), 4u)
      << "structural tags (Game, Rules, Size, Result) are not kept in tags";
  EXPECT_EQ(r.game.start_position(), Position::start(Variant::Classic, 10, 8));
  EXPECT_EQ(move_texts(r.game), kHandWrittenMoves);
  EXPECT_EQ(r.game.position().to_string(), kHandWrittenFinal);
  EXPECT_EQ(r.game.position().side_to_move(), Color::White);
  EXPECT_EQ(r.game.result(), Result{});
  EXPECT_EQ(r.game.options(), GameOptions{});
  // Written in the writer's own layout, so it writes back unchanged.
  EXPECT_EQ(write_record(r), kHandWritten);
}

TEST(RecordRead, CommentsGluedNumbersAndLooseLayout) {
  // The same game with comments, move numbers glued to moves, the ordo named from its
  // other end, tags in another order, no Game/Rules/Size/Result tags, and CRLF line ends.
  const std::string text =
      "[Black \"Ben\"]\r\n"
      "[White \"Ada\"]\r\n"
      "[Date \"2026.11.22\"]\r\n"
      "[Event \"Club night\"]\r\n"
      "\r\n"
      "{A quiet opening.} 1.d2-d3 f6-f5 2.e3-e4{threatens nothing}a6-a5\r\n"
      "3.f3-f4 {a comment\r\nover two lines} j6-j5 4.f4xf5 g7-g6\r\n"
      "5.f2:e2-f3 {the same ordo, upper end first} 5...c7:d7-c6 { } *\r\n";
  const Record r = read_ok(text);
  EXPECT_EQ(move_texts(r.game), kHandWrittenMoves);
  EXPECT_EQ(r.game.position().to_string(), kHandWrittenFinal);
  EXPECT_EQ(r.tags.at("White"), "Ada");
  EXPECT_EQ(r.tags.at("Black"), "Ben");
  EXPECT_EQ(write_record(r), kHandWritten);
}

// ---------------------------------------------------------------------------------------
// Custom starts and options

// White c7 d7; Black h4 h5; Black to move. Black cannot reach rank 1 this turn (h4 cannot
// leave h5 behind; h4:h5 is a vertical ordo, which moves only sideways). 1... h5-g4 (g4
// touches h4), then 2. c7-c8 puts a piece on Black's home row, still touching d7.
const std::string kHomeRowStart = "10/2ww6/10/7b2/7b2/10/10/10 b";

std::string home_row_record(const std::string& moves, const std::string& result,
                            const std::string& extra_tags = "") {
  return "[Game \"Ordo\"]\n[Rules \"classic\"]\n[Size \"10x8\"]\n[Result \"" + result + "\"]\n" +
         extra_tags + "[Position \"" + kHomeRowStart + "\"]\n\n" + moves + " " + result + "\n";
}

TEST(RecordRead, PositionTagBlackToMove) {
  const std::string text =
      "[Game \"Ordo\"]\n"
      "[Rules \"classic\"]\n"
      "[Size \"10x8\"]\n"
      "[Date \"????.??.??\"]\n"
      "[White \"?\"]\n"
      "[Black \"?\"]\n"
      "[Result \"*\"]\n"
      "[Position \"10/2ww6/10/7b2/7b2/10/10/10 b\"]\n"
      "\n"
      "1... h5-g4 *\n";
  const Record r = read_ok(text);
  EXPECT_EQ(r.game.start_position().to_string(), kHomeRowStart);
  EXPECT_EQ(r.game.start_position().side_to_move(), Color::Black);
  EXPECT_EQ(move_texts(r.game), std::vector<std::string>{"h5-g4"});
  EXPECT_EQ(r.game.position().to_string(), "10/2ww6/10/10/6bb2/10/10/10 w");
  EXPECT_EQ(r.game.result(), Result{});
  EXPECT_EQ(write_record(r), text);

  // Without a Size tag the size comes from the position; a matching Size is fine too.
  EXPECT_EQ(read_ok("[Position \"" + kHomeRowStart + "\"]\n\n1... h5-g4 *").game.position(),
            r.game.position());
  EXPECT_EQ(read_ok("[Size \"10x8\"]\n[Position \"" + kHomeRowStart + "\"]\n\n1...h5-g4 *")
                .game.position(),
            r.game.position());
  // A Black-to-move start numbers Black's first move 1 and White's next one 2.
  expect_rejected("[Position \"" + kHomeRowStart + "\"]\n\n2... h5-g4 *", {"move number 2", "1"});
  expect_rejected("[Position \"" + kHomeRowStart + "\"]\n\n1... h5-g4 1. c7-c6 *",
                  {"move number 1", "2"});
}

TEST(RecordRead, PositionTagOnOtherBoards) {
  // A 5x4 board: White a1 b1, Black d4 e4, White to move. 1. a1-a2 (touches b1).
  const std::string text =
      "[Game \"Ordo\"]\n"
      "[Rules \"classic\"]\n"
      "[Size \"5x4\"]\n"
      "[Date \"????.??.??\"]\n"
      "[White \"?\"]\n"
      "[Black \"?\"]\n"
      "[Result \"*\"]\n"
      "[Position \"3bb/5/5/ww3 w\"]\n"
      "\n"
      "1. a1-a2 *\n";
  const Record r = read_ok(text);
  EXPECT_EQ(r.game.position().geometry().size_name(), "5x4");
  EXPECT_EQ(r.game.position().to_string(), "3bb/5/w4/1w3 b");
  EXPECT_EQ(write_record(r), text);
}

TEST(RecordRead, EightByEight) {
  // 8x8 start: White b1 c1 f1 g1, a2-h2, a3 d3 e3 h3; Black mirrored.
  // 1. c2-c4 (c4 touches d3) f7-f5 (f5 touches e6) 2. e3-e4 (e4 touches d3)
  // 2... e6-e5 (stops before e4; e5 touches d6 and f5).
  const std::string text =
      "[Game \"Ordo\"]\n"
      "[Rules \"classic\"]\n"
      "[Size \"8x8\"]\n"
      "[Date \"????.??.??\"]\n"
      "[White \"?\"]\n"
      "[Black \"?\"]\n"
      "[Result \"*\"]\n"
      "\n"
      "1. c2-c4 f7-f5 2. e3-e4 e6-e5 *\n";
  const Record r = read_ok(text);
  EXPECT_EQ(r.game.start_position(), Position::start(Variant::Classic, 8, 8));
  EXPECT_EQ(r.game.start_position().to_string(),
            "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w");
  EXPECT_EQ(move_texts(r.game), (std::vector<std::string>{"c2-c4", "f7-f5", "e3-e4", "e6-e5"}));
  EXPECT_EQ(r.game.position().to_string(),
            "1bb2bb1/bbbbb1bb/b2b3b/4bb2/2w1w3/w2w3w/ww1wwwww/1ww2ww1 w");
  EXPECT_EQ(write_record(r), text);
  // On 8x8 there is no file i or j.
  expect_rejected("[Size \"8x8\"]\n\n1. i2-i3 *", {"move 1", "White", "i2"});
}

TEST(RecordRead, RulesTag) {
  EXPECT_EQ(read_ok("[Rules \"classic\"]\n\n*").variant, Variant::Classic);
  EXPECT_EQ(read_ok("\n*").variant, Variant::Classic);  // classic unless said otherwise
  const Record x = read_ok("[Rules \"x\"]\n\n*");
  EXPECT_EQ(x.variant, Variant::X);
  EXPECT_EQ(x.game.start_position().variant(), Variant::X);
  EXPECT_NE(write_record(x).find("[Rules \"x\"]\n"), std::string::npos);
}

// A lone White e3 and a lone Black e6 shuffle sideways; after 2... f6-e6 the start stands
// again (second time), after 4... f6-e6 a third time: a draw by the house rule 4.6.
const std::string kShuffleStart = "10/10/4b5/10/10/4w5/10/10 w";
const std::string kShuffle8 = "1. e3-f3 e6-f6 2. f3-e3 f6-e6 3. e3-f3 e6-f6 4. f3-e3 f6-e6";

std::string shuffle_record(const std::string& tags, const std::string& moves,
                           const std::string& result) {
  return "[Position \"" + kShuffleStart + "\"]\n" + tags + "\n" + moves + " " + result + "\n";
}

TEST(RecordRead, RepetitionOnByDefault) {
  const Record r = read_ok(shuffle_record("", kShuffle8, "1/2-1/2"));
  EXPECT_EQ(r.game.result(), (Result{Outcome::Draw, Termination::Repetition}));
  EXPECT_EQ(r.game.occurrences_of_current(), 3);
  EXPECT_TRUE(r.game.options().repetition_draw);
  EXPECT_EQ(read_ok(shuffle_record("[Repetition \"on\"]\n", kShuffle8, "1/2-1/2")).game.result(),
            (Result{Outcome::Draw, Termination::Repetition}));
  EXPECT_EQ(
      read_ok(shuffle_record("[Termination \"repetition\"]\n", kShuffle8, "1/2-1/2")).game.result(),
      (Result{Outcome::Draw, Termination::Repetition}));
  // The rules ended the game: an unfinished or decisive claim is wrong, and so is a move.
  expect_rejected(shuffle_record("", kShuffle8, "*"), {"*", "rules"});
  expect_rejected(shuffle_record("", kShuffle8, "1-0"), {"1-0", "rules"});
  expect_rejected(shuffle_record("[Termination \"agreement\"]\n", kShuffle8, "1/2-1/2"),
                  {"Termination", "agreement"});
  expect_rejected(shuffle_record("", kShuffle8 + " 5. e3-f3", "1/2-1/2"),
                  {"move 5", "White", "over"});
  // Seven moves: the start has stood twice only.
  const Record seven =
      read_ok(shuffle_record("", "1. e3-f3 e6-f6 2. f3-e3 f6-e6 3. e3-f3 e6-f6 4. f3-e3", "*"));
  EXPECT_EQ(seven.game.result(), Result{});
}

TEST(RecordRead, RepetitionOff) {
  const std::string text =
      "[Game \"Ordo\"]\n"
      "[Rules \"classic\"]\n"
      "[Size \"10x8\"]\n"
      "[Date \"????.??.??\"]\n"
      "[White \"?\"]\n"
      "[Black \"?\"]\n"
      "[Result \"*\"]\n"
      "[Position \"10/10/4b5/10/10/4w5/10/10 w\"]\n"
      "[Repetition \"off\"]\n"
      "\n" +
      kShuffle8 + " *\n";
  const Record r = read_ok(text);
  EXPECT_FALSE(r.game.options().repetition_draw);
  EXPECT_EQ(r.game.options().move_limit, 0);
  EXPECT_EQ(r.game.result(), Result{});
  EXPECT_EQ(r.game.occurrences_of_current(), 3);
  EXPECT_EQ(r.game.position().to_string(), kShuffleStart);
  EXPECT_EQ(write_record(r), text);
  // The game goes on: a ninth move is fine.
  EXPECT_EQ(read_ok(shuffle_record("[Repetition \"off\"]\n", kShuffle8 + " 5. e3-d3", "*"))
                .game.moves()
                .size(),
            9u);
  // A draw is still possible, but only from outside the rules.
  EXPECT_EQ(read_ok(shuffle_record("[Repetition \"off\"]\n", kShuffle8, "1/2-1/2")).game.result(),
            (Result{Outcome::Draw, Termination::Unspecified}));
  expect_rejected(
      shuffle_record("[Repetition \"off\"]\n[Termination \"repetition\"]\n", kShuffle8, "1/2-1/2"),
      {"Termination", "repetition"});
}

TEST(RecordRead, MoveLimit) {
  const std::string six = "1. e3-f3 e6-f6 2. f3-e3 f6-e6 3. e3-f3 e6-f6";
  const std::string text =
      "[Game \"Ordo\"]\n"
      "[Rules \"classic\"]\n"
      "[Size \"10x8\"]\n"
      "[Date \"????.??.??\"]\n"
      "[White \"?\"]\n"
      "[Black \"?\"]\n"
      "[Result \"1/2-1/2\"]\n"
      "[Termination \"move limit\"]\n"
      "[Position \"10/10/4b5/10/10/4w5/10/10 w\"]\n"
      "[Repetition \"off\"]\n"
      "[MoveLimit \"6\"]\n"
      "\n" +
      six + " 1/2-1/2\n";
  const Record r = read_ok(text);
  EXPECT_EQ(r.game.options(), (GameOptions{false, 6}));
  EXPECT_EQ(r.game.result(), (Result{Outcome::Draw, Termination::MoveLimit}));
  EXPECT_EQ(write_record(r), text);
  // Five moves: not yet.
  EXPECT_EQ(
      read_ok(shuffle_record("[MoveLimit \"6\"]\n", "1. e3-f3 e6-f6 2. f3-e3 f6-e6 3. e3-f3", "*"))
          .game.result(),
      Result{});
  expect_rejected(shuffle_record("[MoveLimit \"6\"]\n", six, "*"), {"*", "rules"});
  expect_rejected(shuffle_record("[MoveLimit \"6\"]\n", six + " 4. f3-e3", "1/2-1/2"),
                  {"move 4", "White", "over"});
  // With repetition on and a limit of 10, the third occurrence at move 8 comes first.
  EXPECT_EQ(read_ok(shuffle_record("[MoveLimit \"10\"]\n", kShuffle8, "1/2-1/2")).game.result(),
            (Result{Outcome::Draw, Termination::Repetition}));
  // A limit of 1 on the standard start: one move and the game is drawn.
  EXPECT_EQ(read_ok("[MoveLimit \"1\"]\n\n1. d2-d3 1/2-1/2").game.result(),
            (Result{Outcome::Draw, Termination::MoveLimit}));
}

// ---------------------------------------------------------------------------------------
// Results by the rules

TEST(RecordResult, HomeRowWin) {
  const std::string text =
      "[Game \"Ordo\"]\n"
      "[Rules \"classic\"]\n"
      "[Size \"10x8\"]\n"
      "[Date \"????.??.??\"]\n"
      "[White \"?\"]\n"
      "[Black \"?\"]\n"
      "[Result \"1-0\"]\n"
      "[Termination \"home row\"]\n"
      "[Position \"10/2ww6/10/7b2/7b2/10/10/10 b\"]\n"
      "\n"
      "1... h5-g4 2. c7-c8 1-0\n";
  const Record r = read_ok(text);
  EXPECT_EQ(r.game.result(), (Result{Outcome::WhiteWins, Termination::HomeRow}));
  EXPECT_EQ(r.game.position().to_string(), "2w7/3w6/10/10/6bb2/10/10/10 b");
  EXPECT_EQ(write_record(r), text);
  // The Termination tag may be left out; the rules supply it.
  EXPECT_EQ(read_ok(home_row_record("1... h5-g4 2. c7-c8", "1-0")).game.result(),
            (Result{Outcome::WhiteWins, Termination::HomeRow}));
  // The ordo c7:d7 reaching rank 8 wins the same way.
  EXPECT_EQ(read_ok(home_row_record("1... h5-g4 2. c7:d7-c8", "1-0")).game.position().to_string(),
            "2ww6/10/10/10/6bb2/10/10/10 b");
}

TEST(RecordResult, WrongClaimsAboutAGameTheRulesEnded) {
  const std::string moves = "1... h5-g4 2. c7-c8";
  expect_rejected(home_row_record(moves, "0-1"), {"0-1", "rules", "White wins"});
  expect_rejected(home_row_record(moves, "1/2-1/2"), {"1/2-1/2", "rules"});
  expect_rejected(home_row_record(moves, "*"), {"*", "rules"});
  // Right winner, wrong reason.
  expect_rejected(home_row_record(moves, "1-0", "[Termination \"resignation\"]\n"),
                  {"Termination", "resignation"});
  expect_rejected(home_row_record(moves, "1-0", "[Termination \"all pieces captured\"]\n"),
                  {"Termination", "all pieces captured"});
  // Nothing may follow the winning move.
  expect_rejected(home_row_record(moves + " g4-g3", "1-0"), {"move 2", "Black", "over"});
}

TEST(RecordResult, LastPieceCaptured) {
  // White e4 alone; Black d6 e6. 1. e4-e5 (stops before e6) d6xe5 (diagonally forward for
  // Black; e5 touches e6): White has no pieces left.
  const std::string start = "10/10/3bb5/10/4w5/10/10/10 w";
  const Record r = read_ok("[Position \"" + start +
                           "\"]\n[Termination \"all pieces captured\"]\n\n1. e4-e5 d6xe5 0-1");
  EXPECT_EQ(r.game.result(), (Result{Outcome::BlackWins, Termination::CapturedAll}));
  EXPECT_EQ(r.game.position().to_string(), "10/10/4b5/4b5/10/10/10/10 w");
  expect_rejected("[Position \"" + start + "\"]\n\n1. e4-e5 d6xe5 1-0", {"1-0", "rules"});
  expect_rejected("[Position \"" + start + "\"]\n\n1. e4-e5 d6xe5 *", {"*", "rules"});
}

TEST(RecordResult, ReconnectionTurn) {
  // Black c6 d5 e6 hang together through d5; White c4 d4. 1. d4xd5 (d5 touches c4) splits
  // Black into c6 and e6. Black must reconnect and may go backward: c6-d7 touches e6.
  const std::string start = "10/10/2b1b5/3b6/2ww6/10/10/10 w";
  const Record r = read_ok("[Position \"" + start + "\"]\n\n1. d4xd5 c6-d7 *");
  EXPECT_EQ(r.game.position().to_string(), "10/3b6/4b5/3w6/2w7/10/10/10 w");
  EXPECT_EQ(r.game.result(), Result{});
  // c6-c5 leaves Black split (c5 touches neither e6 nor another Black piece).
  expect_rejected("[Position \"" + start + "\"]\n\n1. d4xd5 c6-c5 *",
                  {"move 1", "Black", "reconnect"});
  // Backward moves exist only in a reconnection turn.
  expect_rejected(home_row_record("1... h5-h6", "*"), {"move 1", "Black", "backward"});
}

// ---------------------------------------------------------------------------------------
// Results from outside the rules

const std::string kTwoMoves = "1. d2-d3 f6-f5";

TEST(RecordResult, DecidedByThePlayers) {
  const Record resigned =
      read_ok("[Result \"1-0\"]\n[Termination \"resignation\"]\n\n" + kTwoMoves + " 1-0");
  EXPECT_EQ(resigned.game.result(), (Result{Outcome::WhiteWins, Termination::Resignation}));
  EXPECT_EQ(resigned.game.moves().size(), 2u);

  const Record agreed = read_ok("[Termination \"agreement\"]\n\n" + kTwoMoves + " 1/2-1/2");
  EXPECT_EQ(agreed.game.result(), (Result{Outcome::Draw, Termination::Agreement}));

  const Record timed_out = read_ok("[Termination \"time forfeit\"]\n\n" + kTwoMoves + " 0-1");
  EXPECT_EQ(timed_out.game.result(), (Result{Outcome::BlackWins, Termination::Timeout}));

  const Record plain = read_ok("\n" + kTwoMoves + " 0-1");
  EXPECT_EQ(plain.game.result(), (Result{Outcome::BlackWins, Termination::Unspecified}));

  const Record unfinished = read_ok("[Result \"*\"]\n\n" + kTwoMoves + " *");
  EXPECT_EQ(unfinished.game.result(), Result{});
  EXPECT_FALSE(unfinished.game.result().over());

  // A game with no moves at all, resigned at once.
  EXPECT_EQ(read_ok("[Termination \"resignation\"]\n\n0-1").game.result(),
            (Result{Outcome::BlackWins, Termination::Resignation}));

  // Each of them writes back and reads again to the same result.
  for (const Record* r : {&resigned, &agreed, &timed_out, &plain, &unfinished}) {
    const Record back = read_ok(write_record(*r));
    EXPECT_EQ(back.game.result(), r->game.result());
    EXPECT_EQ(write_record(back), write_record(*r));
  }
  const std::string resigned_text = write_record(resigned);
  EXPECT_NE(resigned_text.find("[Result \"1-0\"]\n[Termination \"resignation\"]\n"),
            std::string::npos)
      << resigned_text;
  EXPECT_EQ(write_record(unfinished).find("Termination"), std::string::npos);
}

TEST(RecordResult, TerminationsThatDoNotFit) {
  expect_rejected("[Termination \"agreement\"]\n\n" + kTwoMoves + " 1-0", {"agreement", "1-0"});
  expect_rejected("[Termination \"resignation\"]\n\n" + kTwoMoves + " 1/2-1/2",
                  {"resignation", "1/2-1/2"});
  expect_rejected("[Termination \"resignation\"]\n\n" + kTwoMoves + " *", {"Termination"});
  expect_rejected("[Termination \"home row\"]\n\n" + kTwoMoves + " 1-0", {"home row"});
  expect_rejected("[Termination \"repetition\"]\n\n" + kTwoMoves + " 1/2-1/2", {"repetition"});
  expect_rejected("[Termination \"bored\"]\n\n" + kTwoMoves + " 1-0", {"Termination", "bored"});
}

// ---------------------------------------------------------------------------------------
// Malformed records

TEST(RecordErrors, IllegalMoves) {
  // After 1. c2-c4 d7-d5, c4xd5 would leave the capturing piece with no White neighbour.
  expect_rejected("1. c2-c4 d7-d5 2. c4xd5 *", {"move 2", "White", "c4xd5", "split"});
  // d7-d4 leaves d4 touching only White pieces.
  expect_rejected("1. c2-c4 d7-d4 *", {"move 1", "Black", "d7-d4", "split"});
  // f7 is Black's only link between e7 and g7 (rank 8 is empty on e and f).
  expect_rejected("1. d2-d3 f6-f5 2. e3-e4 a6-a5 3. f3-f4 j6-j5 4. f4xf5 f7xf5 *",
                  {"move 4", "Black", "f7xf5", "split"});
  // a3 stands in the way of a2.
  expect_rejected("1. a2-a4 *", {"move 1", "White", "blocked", "a3"});
  // Black to move, but c4 is White's.
  expect_rejected("1. c2-c4 c4-c5 *", {"move 1", "Black", "c4", "White piece"});
  // A capture needs the 'x'; a quiet move must not have it.
  expect_rejected("[Position \"10/10/3bb5/10/4w5/10/10/10 w\"]\n\n1. e4-e5 d6-e5 *",
                  {"move 1", "Black", "d6xe5"});
  expect_rejected("1. c2xc4 *", {"move 1", "White", "nothing to capture"});
  // Not a square, off the board, garbage.
  expect_rejected("1. c2-c9 *", {"move 1", "White", "c9"});
  expect_rejected("1. c2-c4 d7-d5 2. hello *", {"move 2", "White", "hello"});
  // A two-step turn is Ordo X only.
  expect_rejected("1. e3-d3,d3-d5 *", {"move 1", "White", "Ordo X"});
}

TEST(RecordErrors, MoveNumbers) {
  expect_rejected("1. c2-c4 d7-d5 3. d2-d3 *", {"move number 3", "2"});
  expect_rejected("2. c2-c4 *", {"move number 2", "1"});
  expect_rejected("1. c2-c4 d7-d5 2. d2-d3 1. h7-h5 *", {"move number 1", "2"});
  expect_rejected("1.c2-c4 d7-d5 3.d2-d3 *", {"move number 3", "2"});
}

TEST(RecordErrors, HeaderTags) {
  expect_rejected("[Rules \"chess\"]\n\n*", {"Rules", "chess"});
  expect_rejected("[Rules \"Classic X\"]\n\n*", {"Rules", "Classic X"});
  expect_rejected("[Size \"10by8\"]\n\n*", {"Size", "10by8"});
  expect_rejected("[Size \"10x\"]\n\n*", {"Size", "10x"});
  expect_rejected("[Size \"x8\"]\n\n*", {"Size", "x8"});
  expect_rejected("[Size \"10x8x2\"]\n\n*", {"Size", "10x8x2"});
  expect_rejected("[Size \"9x8\"]\n\n*", {"Size", "9x8"});  // no start position for 9x8
  expect_rejected("[Size \"8x8\"]\n[Position \"" + kShuffleStart + "\"]\n\n*",
                  {"Size", "8x8", "Position", "10x8"});
  expect_rejected("[Size \"10x8\"]\n[Position \"8/8/8/8/8/3w4/8/8 w\"]\n\n*",
                  {"Size", "10x8", "8x8"});
  expect_rejected("[Position \"10/10/10/10/10/10/10/4w5 q\"]\n\n*", {"Position", "q"});
  expect_rejected("[Position \"10/9/10/10/10/10/10/4w5 w\"]\n\n*", {"Position", "rank 7"});
  expect_rejected("[Position \"10/10/10/10/10/10/10/10 w\"]\n\n*", {"Position", "no pieces"});
  expect_rejected("[Position \"10/10/4x5/10/10/10/10/4w5 w\"]\n\n*", {"Position", "'x'"});
  expect_rejected("[Position \"\"]\n\n*", {"Position"});
  expect_rejected("[Game \"Chess\"]\n\n*", {"Game", "Chess", "Ordo"});
  expect_rejected("[Repetition \"maybe\"]\n\n*", {"Repetition", "maybe"});
  expect_rejected("[Repetition \"Off\"]\n\n*", {"Repetition", "Off"});
  for (const std::string bad : {"0", "-5", "ten", "12abc", "", "99999999999"}) {
    expect_rejected("[MoveLimit \"" + bad + "\"]\n\n*", {"MoveLimit"});
  }
}

TEST(RecordErrors, TagSyntax) {
  expect_rejected("[Game \"Ordo\"]\n[White \"Ada]\n\n*", {"line 2", "White", "closing quote"});
  expect_rejected("[White Ada]\n\n*", {"White", "quoted"});
  expect_rejected("[White \"Ada\"]\n[Black \"Ben\"]\n[White \"Cy\"]\n\n*",
                  {"line 3", "White", "twice"});
  expect_rejected("[White \"Ada\" junk]\n\n*", {"White"});
  expect_rejected("[ \"Ada\"]\n\n*", {"name"});
}

TEST(RecordErrors, Movetext) {
  expect_rejected("[White \"Ada\"]\n\n1. c2-c4 d7-d5", {"result", "d7-d5"});
  expect_rejected("[White \"Ada\"]\n", {"result"});
  expect_rejected("", {"result"});
  expect_rejected("1. c2-c4 1-0 d7-d5 1-0", {"result", "1-0", "before the end"});
  expect_rejected("1. c2-c4 * d7-d5 *", {"result", "*"});
  expect_rejected("1. c2-c4 {unfinished d7-d5 *", {"comment"});
  expect_rejected("1. c2-c4 d7-d5 * {a comment that never ends", {"comment"});
  expect_rejected("[Result \"1-0\"]\n\n1. c2-c4 *", {"Result", "1-0", "*"});
  expect_rejected("[Result \"0-1\"]\n[Termination \"resignation\"]\n\n1. c2-c4 1-0",
                  {"Result", "0-1", "1-0"});
}

}  // namespace
}  // namespace ordo
