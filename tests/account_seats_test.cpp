// Issue 59, broken path 2: a registered player's seats belong to her account. Signed in
// on any device (the session cookie, and its CSRF token for changes), she reads and acts
// for the seats her account holds without the seat token; another account, a guest and a
// forged cross-site request do not; seat tokens keep working as before.
#include "account_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;
using testing::Browser;

class AccountSeatsTest : public AccountFixture {
 protected:
  // A lobby game between Alice (white) and Bob: {game, alice_token, bob_token}.
  json lobby_game(const Browser& alice, const Browser& bob) {
    const HttpResponse posted =
        send(from(alice, request("POST", "/api/challenges", {{"color", "white"}})));
    EXPECT_EQ(posted.status, 201) << posted.body;
    const std::string id = body_of(posted)["challenge"]["id"];
    const HttpResponse accepted =
        send(from(bob, request("POST", "/api/challenges/" + id + "/accept")));
    EXPECT_EQ(accepted.status, 200) << accepted.body;
    return json{{"game", body_of(accepted)["game"]},
                {"alice_token", body_of(posted)["token"]},
                {"bob_token", body_of(accepted)["token"]}};
  }
  HttpResponse game_post(const Browser& b, const std::string& game, const std::string& action,
                         const json& body) {
    return send(from(b, request("POST", "/api/games/" + game + "/" + action, body)));
  }
  json state_for(const Browser& b, const std::string& game) {
    return body_of(send(from(b, request("GET", "/api/games/" + game))));
  }
  Browser second_device(const std::string& name) {
    const HttpResponse answer = log_in(name, "correct horse", "198.51.100.7");
    EXPECT_EQ(answer.status, 200) << answer.body;
    return signed_in_by(answer, "198.51.100.7");
  }
};

TEST_F(AccountSeatsTest, TheAccountActsForItsSeatOnAnotherDevice) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const std::string game = lobby_game(alice, bob)["game"];
  const Browser phone = second_device("Alice");
  const json seen = state_for(phone, game);
  EXPECT_EQ(seen["you"], json::array({"white"}));
  const std::string move = seen["legal"][0];
  const HttpResponse played = game_post(phone, game, "moves", {{"move", move}, {"ply", 0}});
  ASSERT_EQ(played.status, 200) << played.body;
  EXPECT_EQ(body_of(played)["ply"], 1);
  // Bob, with no token either; then chat, a draw offer and a resignation from the phone.
  const std::string reply = state_for(bob, game)["legal"][0];
  ASSERT_EQ(game_post(bob, game, "moves", {{"move", reply}}).status, 200);
  const HttpResponse said = game_post(phone, game, "chat", {{"text", "hello"}});
  ASSERT_EQ(said.status, 200) << said.body;
  EXPECT_EQ(body_of(said)["chat"]["messages"].back()["text"], "hello");
  ASSERT_EQ(game_post(phone, game, "draw", {{"action", "offer"}}).status, 200);
  EXPECT_EQ(state_for(bob, game)["draw_offer"], "white");
  const HttpResponse resigned = game_post(phone, game, "resign", json::object());
  ASSERT_EQ(resigned.status, 200) << resigned.body;
  EXPECT_EQ(body_of(resigned)["result"]["winner"], "black");
}

TEST_F(AccountSeatsTest, TheSeatTokenStillWorksAndNamesItsSeatAlone) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const json made = lobby_game(alice, bob);
  const std::string game = made["game"];
  // A guest's browser with Alice's token: her seat, as before.
  EXPECT_EQ(games_->state(game, made["alice_token"].get<std::string>())["you"],
            json::array({"white"}));
  const HttpResponse by_token =
      game_post(Browser{}, game, "draw", {{"token", made["alice_token"]}, {"action", "offer"}});
  EXPECT_EQ(by_token.status, 200) << by_token.body;
  // Bob signed in with Alice's token in the body acts for white only (the token decides).
  const HttpResponse mixed =
      game_post(bob, game, "draw", {{"token", made["alice_token"]}, {"action", "accept"}});
  EXPECT_EQ(mixed.status, 403) << mixed.body;
  EXPECT_EQ(body_of(mixed)["code"], "not_your_seat");
}

TEST_F(AccountSeatsTest, OtherAccountsGuestsAndForgedRequestsHoldNoSeat) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob"), carol = signed_up("Carol");
  const std::string game = lobby_game(alice, bob)["game"];
  EXPECT_EQ(state_for(carol, game)["you"], json::array());
  EXPECT_EQ(state_for(Browser{}, game)["you"], json::array());
  const HttpResponse carols = game_post(carol, game, "resign", json::object());
  EXPECT_EQ(carols.status, 403);
  EXPECT_EQ(body_of(carols)["code"], "bad_token");
  EXPECT_EQ(game_post(Browser{}, game, "resign", json::object()).status, 403);
  // The cookie without the session's CSRF token (a page of another site) acts for nobody.
  Browser forged = alice;
  forged.csrf.clear();
  const HttpResponse csrf = game_post(forged, game, "resign", json::object());
  EXPECT_EQ(csrf.status, 403);
  EXPECT_EQ(body_of(csrf)["code"], "csrf");
  // After logging out, the old cookie holds nothing.
  ASSERT_EQ(send(from(alice, request("POST", "/api/logout", json::object()))).status, 200);
  EXPECT_EQ(state_for(alice, game)["you"], json::array());
  EXPECT_EQ(game_post(alice, game, "resign", json::object()).status, 403);
  EXPECT_EQ(state_for(bob, game)["result"]["score"], "*");
}

TEST_F(AccountSeatsTest, AGuestGameHasNoAccountSeats) {
  const Browser alice = signed_up("Alice");
  const HttpResponse made = send(from(alice, request("POST", "/api/games", {{"mode", "network"}})));
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string game = body_of(made)["id"];
  EXPECT_EQ(state_for(alice, game)["you"], json::array());
  EXPECT_EQ(game_post(alice, game, "resign", json::object()).status, 403);
}

}  // namespace
}  // namespace ordo::server
