// Claiming the win from a player who left (issue 59): in a live game between two people
// that each side has moved in, once one player has had the game open nowhere for
// ServiceOptions::claim_after_leaving_ms (30 s by default), the other may take the win,
// rated as any win; the state says how soon (claim_win_in_ms). Not before each side has
// moved (abort instead), not while the opponent is there, not by correspondence.

#include "account_fixture.h"
#include "server/common/api_error.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;

class ClaimWin : public AccountFixture {
 protected:
  static constexpr std::int64_t kGraceMs = 30'000;  // ServiceOptions' default

  json game(const json& body = {{"mode", "network"}, {"clock", {{"initial_ms", 300'000}}}}) {
    if (!alice_) alice_ = account_id("Alice"), bob_ = account_id("Bob");
    return rated_game(alice_, bob_, body);
  }
  json state_for(const json& g, const char* seat) {
    return games_->state(id_of(g), g["tokens"][seat].get<std::string>());
  }
  // The answer's error code, or "" when the claim was taken.
  std::string claim_refusal(const json& g, const char* seat) {
    try {
      games_->claim_win(id_of(g), token(g, seat));
    } catch (const ApiError& e) {
      return e.code() + ": " + e.message();
    }
    return "";
  }
  std::int64_t alice_ = 0, bob_ = 0;
  json ratings() {
    return body_of(
        send(request("GET", "/api/ratings?game=ordo&rules=classic&size=10x8")))["ratings"];
  }
};

TEST_F(ClaimWin, ThePlayerWhoStayedTakesTheWinOnceTheOtherHasBeenGoneLongEnough) {
  const json g = game();
  const std::string id = id_of(g);
  std::optional<GameService::Watch> white = games_->watch(id, g["tokens"]["white"]);
  std::optional<GameService::Watch> black = games_->watch(id, g["tokens"]["black"]);
  play_first_legal(g);
  play_first_legal(g);
  EXPECT_TRUE(state_for(g, "white")["claim_win_in_ms"].is_null()) << "Black is there";
  EXPECT_EQ(claim_refusal(g, "white").substr(0, 16), "opponent_present");

  black.reset();  // Bob closes the page
  EXPECT_EQ(state_for(g, "white")["claim_win_in_ms"], kGraceMs);
  EXPECT_TRUE(state_for(g, "black")["claim_win_in_ms"].is_null()) << "Alice is there";
  EXPECT_TRUE(games_->state(id, "")["claim_win_in_ms"].is_null()) << "a spectator claims nothing";
  now_ += 10'000;
  EXPECT_EQ(state_for(g, "white")["claim_win_in_ms"], kGraceMs - 10'000);
  EXPECT_EQ(claim_refusal(g, "white"),
            "too_early: your opponent left 10 s ago; the win may be claimed in 20 s");
  EXPECT_EQ(claim_refusal(g, "black").substr(0, 16), "opponent_present");

  now_ += 20'000;
  EXPECT_EQ(state_for(g, "white")["claim_win_in_ms"], 0);
  const json won = games_->claim_win(id, token(g, "white"));
  EXPECT_EQ(won["result"]["winner"], "white") << won["result"];
  EXPECT_EQ(won["result"]["reason"], "White wins: Black left the game");
  EXPECT_TRUE(won["result"]["by_players"]);
  EXPECT_EQ(storage_->game(id)->reason, "abandoned");
  EXPECT_TRUE(won["claim_win_in_ms"].is_null());
  EXPECT_EQ(ratings().size(), 2u) << "a claimed win is rated as any win";
  EXPECT_EQ(claim_refusal(g, "white").substr(0, 9), "game_over");

  white.reset();  // before its storage goes
  open();         // read back, as after a restart
  const json reread = games_->state(id, "");
  EXPECT_EQ(reread["result"]["reason"], "White wins: Black left the game");
  EXPECT_EQ(reread["result"]["winner"], "white");
}

TEST_F(ClaimWin, AReturningOpponentStartsTheCountAgain) {
  const json g = game();
  const std::string id = id_of(g);
  GameService::Watch white = games_->watch(id, g["tokens"]["white"]);
  std::optional<GameService::Watch> black = games_->watch(id, g["tokens"]["black"]);
  play_first_legal(g);
  play_first_legal(g);
  black.reset();
  EXPECT_EQ(state_for(g, "white")["claim_win_in_ms"], kGraceMs);
  now_ += 25'000;
  black = games_->watch(id, g["tokens"]["black"]);  // back, from any device
  EXPECT_TRUE(state_for(g, "white")["claim_win_in_ms"].is_null());
  black.reset();
  now_ += 10'000;
  EXPECT_EQ(state_for(g, "white")["claim_win_in_ms"], kGraceMs);
  EXPECT_EQ(claim_refusal(g, "white").substr(0, 9), "too_early");
}

TEST_F(ClaimWin, NoClaimBeforeEachSideMovedNorByCorrespondence) {
  const json fresh = game();
  GameService::Watch white = games_->watch(id_of(fresh), fresh["tokens"]["white"]);
  play_first_legal(fresh);
  now_ += kGraceMs;
  EXPECT_TRUE(state_for(fresh, "white")["claim_win_in_ms"].is_null());
  EXPECT_EQ(claim_refusal(fresh, "white").substr(0, 13), "abort_instead");

  const json slow = game({{"mode", "network"}, {"days_per_move", 2}});
  GameService::Watch alice = games_->watch(id_of(slow), slow["tokens"]["white"]);
  play_first_legal(slow);
  play_first_legal(slow);
  now_ += kGraceMs;
  EXPECT_TRUE(state_for(slow, "white")["claim_win_in_ms"].is_null());
  EXPECT_EQ(claim_refusal(slow, "white").substr(0, 11), "not_allowed");
}

}  // namespace
}  // namespace ordo::server
