// Aborting (issue 59): until each side has moved a player may abort, and any other ending
// aborts instead, so a game nobody played moves no rating; White's untimed first turn
// ends after a minute in a game between two people on a clock; and at most
// kRatedGamesPerPairPerDay rated games between the same two accounts change ratings in a
// day. On both back ends (the fixture's database).

#include "account_fixture.h"
#include "server/common/api_error.h"
#include "server/storage/rating_update.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;

class GameAbort : public AccountFixture {
 protected:
  json game(std::int64_t white, std::int64_t black, const json& body = {{"mode", "network"}}) {
    return rated_game(white, black, body);
  }
  static bool aborted(const json& state) { return state["result"]["score"] == "aborted"; }
  json pool() {
    return body_of(
        send(request("GET", "/api/ratings?game=ordo&rules=classic&size=10x8")))["ratings"];
  }
};

TEST_F(GameAbort, EitherPlayerAbortsBeforeEachSideHasMovedAndNoRatingMoves) {
  const std::int64_t alice = account_id("Alice"), bob = account_id("Bob");
  const json g = game(alice, bob);
  EXPECT_TRUE(g["state"]["abortable"]);
  const json after_white = play_first_legal(g);
  EXPECT_TRUE(after_white["abortable"]) << "Black has not moved yet";
  const json state = games_->abort(id_of(g), token(g, "black"));
  EXPECT_TRUE(aborted(state)) << state["result"];
  EXPECT_TRUE(state["result"]["winner"].is_null());
  EXPECT_TRUE(state["legal"].empty());
  EXPECT_FALSE(state["abortable"]);
  EXPECT_EQ(storage_->game(id_of(g))->result, "aborted");
  EXPECT_TRUE(pool().empty());
  // Over: no move, no second abort, no resignation.
  json move = token(g, "black");
  move["move"] = after_white["legal"][0];
  EXPECT_THROW(games_->play(id_of(g), move), ApiError);
  EXPECT_THROW(games_->abort(id_of(g), token(g, "white")), ApiError);
  EXPECT_THROW(games_->resign(id_of(g), token(g, "white")), ApiError);
  // Read back from storage (another process, a restart), it is still aborted.
  open();
  const json reread = games_->state(id_of(g), "");
  EXPECT_TRUE(aborted(reread)) << reread["result"];
  EXPECT_TRUE(reread["legal"].empty());
}

TEST_F(GameAbort, OnceEachSideHasMovedAbortIsRefusedAndAResignationIsRated) {
  const std::int64_t alice = account_id("Alice"), bob = account_id("Bob");
  const json g = game(alice, bob);
  play_first_legal(g);
  const json both_moved = play_first_legal(g);
  EXPECT_FALSE(both_moved["abortable"]);
  try {
    games_->abort(id_of(g), token(g, "white"));
    ADD_FAILURE() << "an abort after each side moved was accepted";
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status(), 409);
    EXPECT_EQ(e.code(), "too_late_to_abort");
  }
  const json resigned = games_->resign(id_of(g), token(g, "white"));
  EXPECT_EQ(resigned["result"]["score"], "0-1");
  EXPECT_EQ(pool().size(), 2u);
}

TEST_F(GameAbort, ResigningOrAgreeingADrawBeforeEachSideMovedAbortsInstead) {
  const std::int64_t alice = account_id("Alice"), bob = account_id("Bob");
  // At ply 0: the farming of issue 59 (resign at once, 40 times) moves nothing now.
  for (int i = 0; i < 5; ++i) {
    const json g = game(alice, bob);
    EXPECT_TRUE(aborted(games_->resign(id_of(g), token(g, "black"))));
  }
  const json g = game(alice, bob);
  play_first_legal(g);
  games_->draw(id_of(g), {{"token", g["tokens"]["white"]}, {"action", "offer"}});
  const json agreed =
      games_->draw(id_of(g), {{"token", g["tokens"]["black"]}, {"action", "accept"}});
  EXPECT_TRUE(aborted(agreed)) << agreed["result"];
  EXPECT_TRUE(pool().empty());
}

TEST_F(GameAbort, AFirstMoveNeverMadeAbortsTheClockGameAfterAMinute) {
  const std::int64_t alice = account_id("Alice"), bob = account_id("Bob");
  const json g = game(alice, bob, {{"mode", "network"}, {"clock", {{"initial_ms", 300000}}}});
  const json fresh = g["state"];
  ASSERT_TRUE(fresh["clock"]["first_move_deadline_ms"].is_number()) << fresh["clock"];
  const std::int64_t due = fresh["clock"]["first_move_deadline_ms"].get<std::int64_t>();
  EXPECT_EQ(due, now_.load() + 60'000);
  now_ = due - 1;
  EXPECT_EQ(games_->check_clocks(), 0);
  EXPECT_FALSE(aborted(games_->state(id_of(g), "")));
  now_ = due;
  EXPECT_EQ(games_->check_clocks(), 1);
  EXPECT_TRUE(aborted(games_->state(id_of(g), "")));
  EXPECT_TRUE(pool().empty());
}

TEST_F(GameAbort, BlacksClockFallingBeforeItsFirstMoveAbortsAndWhitesFirstMoveEndsTheWindow) {
  const std::int64_t alice = account_id("Alice"), bob = account_id("Bob");
  const json g = game(alice, bob, {{"mode", "network"}, {"clock", {{"initial_ms", 30000}}}});
  const json moved = play_first_legal(g);
  EXPECT_TRUE(moved["clock"]["first_move_deadline_ms"].is_null());
  now_ += 30'000;  // Black's whole clock, and no move
  EXPECT_EQ(games_->check_clocks(), 1);
  const json state = games_->state(id_of(g), "");
  EXPECT_TRUE(aborted(state)) << state["result"];
  EXPECT_TRUE(pool().empty());
}

TEST_F(GameAbort, AGameAgainstTheEngineHasNoFirstMoveWindow) {
  const json g = games_->create({{"mode", "ai"}, {"clock", {{"initial_ms", 300000}}}});
  EXPECT_TRUE(g["state"]["clock"]["first_move_deadline_ms"].is_null());
}

TEST_F(GameAbort, OnlyAFewRatedGamesBetweenTheSameTwoAccountsCountInADay) {
  const std::int64_t alice = account_id("Alice"), bob = account_id("Bob"),
                     carol = account_id("Carol");
  auto finish = [&](std::int64_t white, std::int64_t black) {
    const json g = game(white, black);
    play_first_legal(g);
    play_first_legal(g);
    games_->resign(id_of(g), token(g, "black"));
    now_ += 60'000;
    return !storage_->rating_changes(id_of(g)).empty();
  };
  for (int i = 0; i < kRatedGamesPerPairPerDay; ++i)
    EXPECT_TRUE(finish(i % 2 ? bob : alice, i % 2 ? alice : bob)) << "game " << i;
  EXPECT_FALSE(finish(alice, bob)) << "one game too many in a day";
  EXPECT_FALSE(finish(bob, alice)) << "colours swapped are the same pair";
  EXPECT_TRUE(finish(alice, carol)) << "another pair counts";
  now_ += 24 * 3600 * 1000;
  EXPECT_TRUE(finish(alice, bob)) << "a day later it counts again";
}

}  // namespace
}  // namespace ordo::server
