// Correspondence games (days per move) made in the lobby, and the "my games" view: the
// deadline is stored and outlasts a restart, a move after it is refused, and the games
// where it is your turn come first.
#include "account_fixture.h"
#include "server/common/api_error.h"
#include "server/games/request_fields.h"
#include "server/players/my_games.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;
using testing::Browser;

struct Seats {
  std::string game, white_token, black_token;
};

class Correspondence : public AccountFixture {
 protected:
  // A game between `white` and `black` from a challenge of `white` with `setup`.
  Seats game_between(const Browser& white, const Browser& black, json setup) {
    setup["color"] = "white";
    const HttpResponse posted = send(from(white, request("POST", "/api/challenges", setup)));
    EXPECT_EQ(posted.status, 201) << posted.body;
    const json challenge = body_of(posted);
    const HttpResponse accepted = send(from(
        black, request("POST", "/api/challenges/" +
                                   challenge["challenge"]["id"].get<std::string>() + "/accept")));
    EXPECT_EQ(accepted.status, 200) << accepted.body;
    const json seat = body_of(accepted);
    return {seat["game"], challenge["token"], seat["token"]};
  }
  json play(const std::string& id, const std::string& token, const std::string& move) {
    return games_->play(id, {{"token", token}, {"move", move}});
  }
  // The seat plays its first legal move.
  json play_legal(const std::string& id, const std::string& token) {
    return play(id, token, games_->state(id, "")["legal"][0].get<std::string>());
  }
  std::string refusal(const std::string& id, const std::string& token, const std::string& move) {
    try {
      play(id, token, move);
    } catch (const ApiError& e) {
      return e.code();
    }
    return "";
  }
  json my_games(const Browser& b) {
    const HttpResponse response = send(from(b, request("GET", "/api/my/games")));
    EXPECT_EQ(response.status, 200) << response.body;
    return body_of(response);
  }
};

TEST_F(Correspondence, TheDeadlineOutlastsARestartAndEndsTheGameWhenItPasses) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const std::int64_t start = now_;
  const Seats g =
      game_between(alice, bob, {{"days_per_move", 2}, {"size", "8x8"}, {"rated", true}});
  json state = games_->state(g.game, "");
  EXPECT_EQ(state["clock"]["days_per_move"], 2);
  // Days per move run from the start: White's first move is timed too.
  EXPECT_EQ(state["clock"]["running"], "white");
  EXPECT_EQ(state["clock"]["deadline_ms"], start + 2 * kDayMs);

  now_ += kDayMs + 5;
  play(g.game, g.white_token, "c2-c3");
  play_legal(g.game, g.black_token);  // each side has moved: the game is rated
  state = play_legal(g.game, g.white_token);
  // Each move has the whole days again (nothing carries over).
  EXPECT_EQ(state["clock"]["deadline_ms"], now_ + 2 * kDayMs);
  const std::int64_t deadline = now_ + 2 * kDayMs;

  now_ += kDayMs;
  open();  // a restart does not give Black the time the server was down
  state = games_->state(g.game, "");
  EXPECT_EQ(state["result"]["score"], "*");
  EXPECT_EQ(state["clock"]["deadline_ms"], deadline);

  now_ = deadline + 1;
  open();  // the deadline passed while the server was down: the game ends at start
  state = games_->state(g.game, "");
  ASSERT_EQ(state["result"]["score"], "1-0");
  EXPECT_EQ(state["result"]["winner"], "white");
  EXPECT_EQ(state["clock"]["deadline_ms"], nullptr);
  // The rated game moved both ratings, once.
  ASSERT_TRUE(state["rating_changes"].is_object());
  EXPECT_GT(state["rating_changes"]["white"]["change"].get<double>(), 0);
  open();
  EXPECT_EQ(games_->state(g.game, "")["rating_changes"], state["rating_changes"]);
}

TEST_F(Correspondence, TheTimerEndsAGameWhoseDeadlinePassed) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const Seats g = game_between(alice, bob, {{"days_per_move", 1}});
  play_legal(g.game, g.white_token);
  play_legal(g.game, g.black_token);
  now_ += kDayMs - 1;
  EXPECT_EQ(games_->check_clocks(), 0);
  now_ += 1;
  EXPECT_EQ(games_->check_clocks(), 1);
  EXPECT_EQ(games_->state(g.game, "")["result"]["winner"], "black");
}

TEST_F(Correspondence, ADeadlinePassedBeforeAFirstMoveAbortsTheGame) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const Seats g = game_between(alice, bob, {{"days_per_move", 1}, {"rated", true}});
  play_legal(g.game, g.white_token);
  now_ += kDayMs;  // Black never moved: nobody loses, nothing is rated
  EXPECT_EQ(games_->check_clocks(), 1);
  const json state = games_->state(g.game, "");
  EXPECT_EQ(state["result"]["score"], "aborted");
  EXPECT_TRUE(state["rating_changes"].is_object() && state["rating_changes"].empty()) << state;
}

TEST_F(Correspondence, AMoveAfterTheDeadlineIsRefusedAndSaysSo) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const Seats g = game_between(alice, bob, {{"days_per_move", 3}});
  play(g.game, g.white_token, "c2-c3");
  play_legal(g.game, g.black_token);
  const std::string late = play_legal(g.game, g.white_token)["legal"][0];
  now_ += 3 * kDayMs + 1;  // no timer ran: the move itself finds the deadline passed
  EXPECT_EQ(refusal(g.game, g.black_token, late), "time_ran_out");
  const json state = games_->state(g.game, "");
  EXPECT_EQ(state["result"]["winner"], "white");
  EXPECT_EQ(state["ply"], 3);
}

TEST_F(Correspondence, BadDaysPerMoveAreRefused) {
  const Browser alice = signed_up("Alice");
  for (const json& setup :
       {json{{"days_per_move", 0}}, json{{"days_per_move", kMaxDaysPerMove + 1}},
        json{{"days_per_move", "2"}}, json{{"days_per_move", 1.5}},
        json{{"days_per_move", 2}, {"clock", {{"initial_ms", 60000}}}}}) {
    const HttpResponse r = send(from(alice, request("POST", "/api/challenges", setup)));
    EXPECT_EQ(r.status, 400) << setup.dump();
  }
  // Days per move are for games between two people over the network.
  const HttpResponse local =
      send(request("POST", "/api/games", {{"mode", "local"}, {"days_per_move", 2}}));
  EXPECT_EQ(local.status, 400);
  EXPECT_NE(body_of(local)["error"].get<std::string>().find("network"), std::string::npos);
}

TEST_F(Correspondence, MyGamesListsTheGamesWhereItIsYourTurnFirst) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob"), carol = signed_up("Carol");
  const Seats later = game_between(alice, bob, {{"days_per_move", 3}});
  now_ += 1000;
  const Seats waiting = game_between(alice, carol, {{"days_per_move", 2}});
  play(waiting.game, waiting.white_token, "c2-c3");  // now Carol's turn
  now_ += 1000;
  const Seats sooner = game_between(alice, bob, {{"days_per_move", 1}});
  now_ += 1000;
  const Seats over = game_between(alice, carol, {});
  games_->resign(over.game, {{"token", over.white_token}});

  const json mine = my_games(alice);
  EXPECT_EQ(mine["your_turn"], 2);
  ASSERT_EQ(mine["games"].size(), 3u);  // not the finished one
  // Alice's turn first, the nearest deadline first; then Carol's turn.
  EXPECT_EQ(mine["games"][0]["id"], sooner.game);
  EXPECT_EQ(mine["games"][1]["id"], later.game);
  EXPECT_EQ(mine["games"][2]["id"], waiting.game);
  EXPECT_TRUE(mine["games"][0]["your_turn"]);
  EXPECT_FALSE(mine["games"][2]["your_turn"]);
  EXPECT_EQ(mine["games"][2]["players"]["black"]["name"], "Carol");
  EXPECT_EQ(mine["games"][0]["days_per_move"], 1);

  const json carols = my_games(carol);
  EXPECT_EQ(carols["your_turn"], 1);
  ASSERT_EQ(carols["games"].size(), 1u);
  EXPECT_EQ(carols["games"][0]["you"], "black");
  EXPECT_EQ(my_games(bob)["your_turn"], 0);
  // A guest has no games of its own.
  EXPECT_EQ(send(request("GET", "/api/my/games")).status, 401);
}

TEST_F(Correspondence, AGameLostOnTimeStaysInMyGamesForAWeekWithItsResult) {
  // Issue 59: a timeout was told to nobody, and the game left My games at once.
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const Seats g = game_between(alice, bob, {{"days_per_move", 1}, {"rated", true}});
  play_legal(g.game, g.white_token);
  play_legal(g.game, g.black_token);
  play_legal(g.game, g.white_token);
  now_ += kDayMs;  // Bob's day passes
  EXPECT_EQ(games_->check_clocks(), 1);
  for (const auto& [who, outcome] : {std::pair{alice, "win"}, std::pair{bob, "loss"}}) {
    const json mine = my_games(who);
    EXPECT_TRUE(mine["games"].empty()) << mine;
    ASSERT_EQ(mine["finished"].size(), 1u) << mine;
    const json& finished = mine["finished"][0];
    EXPECT_EQ(finished["id"], g.game);
    EXPECT_EQ(finished["outcome"], outcome);
    EXPECT_EQ(finished["result"], "1-0");
    EXPECT_NE(finished["reason"].get<std::string>().find("time"), std::string::npos) << finished;
  }
  now_ += kMyFinishedGamesKeptMs + 1;  // a week later it has gone
  EXPECT_TRUE(my_games(alice)["finished"].empty());
}

}  // namespace
}  // namespace ordo::server
