// Player pages: an account's ratings, its games (filtered by rule set and result) and its
// rating history, readable by anyone.
#include <cmath>

#include "account_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;
using testing::Browser;

class PlayerPage : public AccountFixture {
 protected:
  // A game from Alice's challenge with `setup`, Bob accepting: {game, alice's token, bob's}.
  std::array<std::string, 3> game(const Browser& alice, const Browser& bob, json setup) {
    setup["color"] = "white";
    const json posted = body_of(send(from(alice, request("POST", "/api/challenges", setup))));
    const json seat = body_of(send(
        from(bob, request("POST", "/api/challenges/" +
                                      posted["challenge"]["id"].get<std::string>() + "/accept"))));
    return {seat["game"], posted["token"], seat["token"]};
  }
  HttpResponse get(const std::string& path) { return send(request("GET", path)); }
};

TEST_F(PlayerPage, ShowsRatingsGamesAndHistory) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const auto rated = game(alice, bob, {{"rated", true}, {"size", "8x8"}});
  each_side_moves(rated[0], rated[1], rated[2]);
  now_ += 1000;
  games_->resign(rated[0], {{"token", rated[2]}});  // Bob resigns: Alice wins
  now_ += 1000;
  const auto casual = game(alice, bob, {{"rules", "x"}});

  const HttpResponse page = get("/api/players/alice");  // any case; a guest may read it
  ASSERT_EQ(page.status, 200) << page.body;
  const json p = body_of(page);
  EXPECT_EQ(p["account"]["name"], "Alice");
  ASSERT_EQ(p["ratings"].size(), 1u);
  EXPECT_EQ(p["ratings"][0]["rules"], "classic");
  EXPECT_EQ(p["ratings"][0]["size"], "8x8");
  EXPECT_GT(p["ratings"][0]["rating"].get<double>(), 1500);
  EXPECT_LT(p["ratings"][0]["deviation"].get<double>(), 350);
  EXPECT_EQ(p["ratings"][0]["provisional"], true) << "one rated game: still above 110";
  ASSERT_EQ(p["games"].size(), 2u);
  EXPECT_EQ(p["games"][0]["id"], casual[0]);  // the latest first
  EXPECT_EQ(p["games"][1]["outcome"], "win");
  // What the rated game did to each seat, rounded; the casual game changed nothing.
  const json changes = p["games"][1]["rating_changes"];
  EXPECT_EQ(changes["white"]["before"], 1500);
  EXPECT_EQ(changes["black"]["before"], 1500);
  EXPECT_EQ(changes["white"]["after"], std::lround(p["ratings"][0]["rating"].get<double>()));
  EXPECT_LT(changes["black"]["after"].get<int>(), 1500);
  EXPECT_TRUE(p["games"][0]["rating_changes"].is_null());

  const json wins = body_of(get("/api/players/Alice?result=win"))["games"];
  ASSERT_EQ(wins.size(), 1u);
  EXPECT_EQ(wins[0]["id"], rated[0]);
  const json bobs_losses = body_of(get("/api/players/Bob?result=loss"))["games"];
  ASSERT_EQ(bobs_losses.size(), 1u);
  EXPECT_EQ(bobs_losses[0]["seat"], "black");
  const json x_games = body_of(get("/api/players/Alice?rules=x"))["games"];
  ASSERT_EQ(x_games.size(), 1u);
  EXPECT_EQ(x_games[0]["outcome"], "ongoing");
  EXPECT_EQ(get("/api/players/Alice?result=maybe").status, 400);
  EXPECT_EQ(get("/api/players/Nobody").status, 404);
  // Issue 59: a NUL in the name (sent as a%00b) is quoted whole in the error.
  const HttpResponse nul = get(std::string("/api/players/a\0b", 16));
  EXPECT_EQ(nul.status, 404);
  EXPECT_EQ(body_of(nul)["error"], "no player is named '" + std::string("a\0b", 3) + "'");

  const json history = body_of(get("/api/players/Alice/history"));
  ASSERT_EQ(history["points"].size(), 1u);
  EXPECT_EQ(history["points"][0]["game_id"], rated[0]);
  EXPECT_EQ(history["points"][0]["rating"], p["ratings"][0]["rating"]);
  EXPECT_EQ(history["points"][0]["before"], 1500.0);  // where the chart starts
  EXPECT_EQ(body_of(get("/api/players/Bob/history"))["points"][0]["rules"], "classic");
}

}  // namespace
}  // namespace ordo::server
