// Opening books for the match runner: the reader refuses what the rules refuse and says
// where, and a match plays each book opening in turn, twice, with colours swapped.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/app.h"
#include "match/match.h"
#include "match/openings.h"
#include "support/match_config.h"

namespace ordo::match {
namespace {

const MatchRules kClassic8x8{"ordo", {{"size", "8x8"}, {"repetition", "on"}, {"move-limit", "60"}}};

std::vector<Opening> read_book(const std::string& text) {
  std::istringstream in(text);
  return read_openings(in, kClassic8x8, "book.txt");
}

MatchConfig classic_8x8_match(const std::string& first, const std::string& second, int games) {
  return testing::match_between(kClassic8x8, first, second, games);
}

// The message of the std::invalid_argument that reading `text` throws.
std::string book_error(const std::string& text) {
  try {
    read_book(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error for: " << text;
  return {};
}

TEST(OpeningBook, ReadsOneOpeningALineAndSkipsCommentsAndBlankLines) {
  const std::vector<Opening> book = read_book(
      "# two openings\n"
      "c2-c3 a7-b6\n"
      "\n"
      "   # indented comment\n"
      "  b2:c2-b4\t a6-c6  h3-g3\r\n");
  ASSERT_EQ(book.size(), 2u);
  EXPECT_EQ(book[0].moves, (std::vector<std::string>{"c2-c3", "a7-b6"}));
  EXPECT_EQ(book[1].moves, (std::vector<std::string>{"b2:c2-b4", "a6-c6", "h3-g3"}));
}

TEST(OpeningBook, ABadMoveIsRefusedWithItsLineNumberAndPlace) {
  const std::string error = book_error("c2-c3\n# fine so far\nc2-c3 a7-b6 zz9\n");
  EXPECT_NE(error.find("book.txt line 3, move 3: 'zz9'"), std::string::npos) << error;
  // An illegal move (a Black piece moved on White's turn) is refused the same way.
  const std::string illegal = book_error("a7-b6\n");
  EXPECT_NE(illegal.find("book.txt line 1, move 1: 'a7-b6'"), std::string::npos) << illegal;
}

TEST(OpeningBook, AnEmptyBookIsRefused) {
  EXPECT_NE(book_error("").find("no openings"), std::string::npos);
  EXPECT_NE(book_error("# only a comment\n\n").find("no openings"), std::string::npos);
}

TEST(OpeningBook, AnOpeningThatEndsTheGameIsRefused) {
  // The moves of a finished game (a short match's), offered as an opening.
  MatchConfig config = classic_8x8_match("kind=ab,depth=2,hash=1", "kind=uct,nodes=1", 1);
  config.seed = 3;
  const MatchResult result = run_match(config);
  ASSERT_EQ(result.games.size(), 1u);
  const games::AnyGame& finished = *result.games[0].played.game;
  ASSERT_TRUE(finished.result().over());
  const std::vector<std::string> moves = finished.moves();
  std::string all_but_last;
  for (std::size_t i = 0; i + 1 < moves.size(); ++i) all_but_last += moves[i] + ' ';
  const std::string all = all_but_last + moves.back();
  EXPECT_NE(book_error(all).find("book.txt line 1: the opening ends the game"), std::string::npos);
  EXPECT_EQ(read_book(all_but_last).size(), 1u);  // one move short of the end is a position
  EXPECT_NE(book_error(all + " c2-c3").find("the game is over before 'c2-c3'"), std::string::npos);
}

TEST(OpeningBook, AMatchPlaysTheBookInTurnEachOpeningTwice) {
  MatchConfig config =
      classic_8x8_match("name=A,kind=ab,depth=1,hash=1", "name=B,kind=uct,nodes=20", 6);
  config.book = read_book("c2-c3\nb2:c2-b4 a6-c6\n");
  const MatchResult result = run_match(config);
  ASSERT_EQ(result.games.size(), 6u);
  // Games 0, 1 and 4, 5 open with the first line, games 2 and 3 with the second.
  const std::vector<int> line_of_game = {0, 0, 1, 1, 0, 0};
  for (const GameReport& g : result.games) {
    const std::vector<std::string> moves = g.played.game->moves();
    const Opening& opening = config.book[static_cast<std::size_t>(line_of_game[g.index])];
    ASSERT_GT(moves.size(), opening.moves.size()) << "game " << g.index;
    EXPECT_EQ(std::vector<std::string>(moves.begin(), moves.begin() + opening.moves.size()),
              opening.moves)
        << "game " << g.index;
    EXPECT_EQ(g.played.tags.at("White"), g.index % 2 == 0 ? "A" : "B");
  }
}

int run_match_command(std::vector<std::string> args, std::string& out_text, std::string& err_text) {
  std::istringstream in;
  std::ostringstream out, err;
  args.insert(args.begin(), {"match", "--engine", "name=A,kind=ab,depth=1,hash=1", "--engine",
                             "name=B,kind=uct,nodes=20", "--size", "8x8", "--move-limit", "60"});
  const int status = cli::run_cli(args, in, out, err);
  out_text = out.str();
  err_text = err.str();
  return status;
}

TEST(MatchCommand, PlaysABookFileAndSaysSo) {
  const std::string path = ::testing::TempDir() + "match_book.txt";
  std::ofstream(path) << "# a book\nc2-c3 a7-b6\n";
  std::string out, err;
  ASSERT_EQ(run_match_command({"--games", "2", "--openings", path}, out, err), 0) << err;
  EXPECT_NE(out.find("1 openings from " + path), std::string::npos) << out;
}

TEST(MatchCommand, ABookFileIsCheckedBeforeTheMatch) {
  std::string out, err;
  EXPECT_NE(run_match_command({"--openings", "/nonexistent/book.txt"}, out, err), 0);
  EXPECT_NE(err.find("cannot read opening book '/nonexistent/book.txt': No such file"),
            std::string::npos)
      << err;
  // A directory opens as a stream; it must be refused by name, not read as an empty book.
  EXPECT_NE(run_match_command({"--openings", ::testing::TempDir()}, out, err), 0);
  EXPECT_NE(err.find("it is a directory"), std::string::npos) << err;

  const std::string path = ::testing::TempDir() + "match_bad_book.txt";
  std::ofstream(path) << "c2-c3\nc2-c9\n";
  EXPECT_NE(run_match_command({"--openings", path}, out, err), 0);
  EXPECT_NE(err.find("line 2, move 1: 'c2-c9'"), std::string::npos) << err;
  EXPECT_EQ(out.find("game 1/"), std::string::npos) << out;  // no game was played

  // Random openings' options do not mix with a book.
  EXPECT_NE(run_match_command({"--openings", path, "--opening-plies", "2"}, out, err), 0);
  EXPECT_NE(err.find("excludes"), std::string::npos) << err;
}

}  // namespace
}  // namespace ordo::match
