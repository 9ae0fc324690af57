// Matches to a score on the server (docs/api.md, "Matches"): a game made with "match_to"
// is the first of a match; when a game of it ends and the match goes on, the next game
// follows at once with the same seats and tokens, begun by whom the game's rule names,
// until a side reaches the target. Each state says where the match stands, and the match's
// record holds every game with every roll.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "mughrabieh/record.h"
#include "server/common/api_error.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

class MatchServiceTest : public testing::ServiceFixture {
 protected:
  MatchServiceTest() { open(); }

  json create(json body) {
    body["game"] = "mughrabieh";
    return service().create(body);
  }

  std::string error_of(const json& body) {
    try {
      service().create(body);
    } catch (const ApiError& e) {
      return e.code() + ": " + e.what();
    }
    return "";
  }

  // Plays the first legal turn for whoever is to move (the token holds both seats) until
  // the game ends.
  json play_out(const std::string& id, const std::string& token) {
    json state = service().state(id, token);
    for (int turn = 0; turn < 1000 && state["result"]["score"] == "*"; ++turn)
      state = play(id, token, state["legal"][0]);
    EXPECT_NE(state["result"]["score"], "*") << "game " << id << " did not end";
    return state;
  }

  static int points_of(const json& state, const char* seat) {
    return state["result"]["winner"] == seat ? state["result"]["points"].get<int>() : 0;
  }
};

TEST_F(MatchServiceTest, EachGameFollowsTheLastWithItsScoreUntilASideReachesTheTarget) {
  const json created = create({{"mode", "local"}, {"match_to", 31}});
  const std::string token = created["tokens"]["white"];
  const std::string first = created["id"];
  const json& opening = created["state"]["match"];
  EXPECT_EQ(opening, json({{"to", 31},
                           {"game", 1},
                           {"before", {{"white", 0}, {"black", 0}}},
                           {"score", {{"white", 0}, {"black", 0}}},
                           {"starter", "white"},
                           {"first", first},
                           {"previous", nullptr},
                           {"next", nullptr},
                           {"over", false},
                           {"winner", nullptr},
                           {"next_starter", nullptr},
                           {"rated", false},
                           {"lost_on_time", false}}));
  std::string id = first;
  int white = 0, black = 0;
  std::vector<std::string> ids;
  for (int game = 1; game <= 40; ++game) {
    ids.push_back(id);
    const json ended = play_out(id, token);
    const json& match = ended["match"];
    ASSERT_EQ(match["game"], game);
    EXPECT_EQ(match["before"], json({{"white", white}, {"black", black}}));
    white += points_of(ended, "white");
    black += points_of(ended, "black");
    EXPECT_EQ(match["score"], json({{"white", white}, {"black", black}}));
    EXPECT_EQ(match["first"], first);
    EXPECT_EQ(match["previous"], game == 1 ? json(nullptr) : json(ids[ids.size() - 2]));
    EXPECT_EQ(ended["rematch"], nullptr);  // the next game is no rematch
    if (white >= 31 || black >= 31) {
      EXPECT_EQ(match["over"], true);
      EXPECT_EQ(match["winner"], white >= 31 ? "white" : "black");
      EXPECT_EQ(match["next"], nullptr);
      break;
    }
    EXPECT_EQ(match["over"], false);
    EXPECT_EQ(match["next_starter"], ended["result"]["winner"]);
    ASSERT_TRUE(match["next"].is_string()) << match.dump();
    // The next game: the same seats and token, a new seed, begun by the winner.
    id = match["next"];
    const json next = service().state(id, token);
    EXPECT_EQ(next["you"], json({"white", "black"}));
    EXPECT_EQ(next["players"], ended["players"]);
    EXPECT_NE(next["dice"]["commitment"], ended["dice"]["commitment"]);
    EXPECT_EQ(next["match"]["game"], game + 1);
    EXPECT_EQ(next["match"]["before"], match["score"]);
    EXPECT_EQ(next["match"]["starter"], ended["result"]["winner"]);
    EXPECT_EQ(next["moves"][0]["by"], ended["result"]["winner"]);  // the starter rolls first
    EXPECT_EQ(next["result"]["score"], "*");
  }
  ASSERT_TRUE(white >= 31 || black >= 31) << "no side reached 31 in 40 games";
  EXPECT_GE(ids.size(), 2u);  // 15 points at most a game

  // The match's record is every game's record, read back by the rules as one match.
  const std::string records = service().match_record(ids[ids.size() / 2]);
  const mughrabieh::MatchRecord read = mughrabieh::read_match_record(records);
  EXPECT_EQ(read.match.target(), 31);
  EXPECT_EQ(read.match.games().size(), ids.size());
  EXPECT_EQ(read.match.score(mughrabieh::Side::White), white);
  EXPECT_EQ(read.match.score(mughrabieh::Side::Black), black);
  EXPECT_FALSE(read.unfinished.has_value());
  EXPECT_NE(service().record(ids.back()).find("[MatchGame \"" + std::to_string(ids.size())),
            std::string::npos);

  // A rematch of the finished match is a new match, from 0-0, begun by White.
  const json rematch = service().rematch(ids.back(), {{"token", token}, {"action", "offer"}});
  ASSERT_TRUE(rematch["rematch"].is_string()) << rematch.dump();
  const json fresh = service().state(rematch["rematch"], token);
  EXPECT_EQ(fresh["match"]["game"], 1);
  EXPECT_EQ(fresh["match"]["before"], json({{"white", 0}, {"black", 0}}));
  EXPECT_EQ(fresh["match"]["first"], rematch["rematch"]);
  EXPECT_EQ(fresh["match"]["starter"], "white");
  // ... and the old match's record stops at its own last game.
  EXPECT_EQ(mughrabieh::read_match_record(service().match_record(first)).match.games().size(),
            ids.size());
}

// Between two people on a clock: a resignation scores the game's points for the other
// side, and the next game is there for both players' tokens at once, with a fresh clock.
TEST_F(MatchServiceTest, AResignedGameScoresAndTheNextGameFollowsForBothPlayers) {
  const json created = create({{"mode", "network"},
                               {"match_to", 31},
                               {"clock", {{"initial_ms", 600000}, {"increment_ms", 0}}}});
  EXPECT_TRUE(created["state"]["clock"]["first_move_deadline_ms"].is_number());
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"], black = created["tokens"]["black"];
  json state = created["state"];
  for (int turn = 0; turn < 6 && state["result"]["score"] == "*"; ++turn)
    state = play(id, state["to_move"] == "white" ? white : black, state["legal"][0]);
  const json resigned = service().resign(id, {{"token", white}});
  ASSERT_EQ(resigned["result"]["winner"], "black");
  const int points = resigned["result"]["points"];
  EXPECT_GE(points, 1);
  EXPECT_EQ(resigned["match"]["score"], json({{"white", 0}, {"black", points}}));
  const std::string next = resigned["match"]["next"];
  EXPECT_EQ(service().state(next, white)["you"], json({"white"}));
  EXPECT_EQ(service().state(next, black)["you"], json({"black"}));
  EXPECT_EQ(service().state(next, "")["match"]["starter"], "black");
  // The match is under way: its next game cannot be aborted, nor has its first turn a
  // deadline that would abort it.
  EXPECT_EQ(service().state(next, "")["abortable"], false);
  EXPECT_TRUE(service().state(next, "")["clock"]["first_move_deadline_ms"].is_null());
  // Asking again for the next game makes no other.
  const std::size_t games = service().game_count();
  const json again = service().rematch(id, {{"token", black}, {"action", "offer"}});
  EXPECT_EQ(again["match"]["next"], next);
  EXPECT_EQ(service().game_count(), games);
  // A restart keeps the match as it was.
  open();
  EXPECT_EQ(service().state(id, "")["match"]["next"], next);
  EXPECT_EQ(service().state(next, "")["match"]["before"], json({{"white", 0}, {"black", points}}));
}

// A clock of total time is the match's: each game goes on with the time each seat had left
// when the game before ended; and a game lost on time loses the whole match.
TEST_F(MatchServiceTest, TheClockIsTheMatchsAndALossOnTimeLosesTheMatch) {
  const json created = create({{"mode", "network"},
                               {"match_to", 31},
                               {"clock", {{"initial_ms", 60000}, {"increment_ms", 0}}}});
  const std::string id = created["id"];
  const std::map<std::string, std::string> tokens = {{"white", created["tokens"]["white"]},
                                                     {"black", created["tokens"]["black"]}};
  json state = created["state"];
  for (int turn = 0; turn < 4; ++turn) {
    now_ += 3000 + 1000 * turn;
    state = play(id, tokens.at(state["to_move"]), state["legal"][0]);
  }
  const json ended = service().resign(id, {{"token", tokens.at("white")}});
  const json& left = ended["clock"];
  ASSERT_LT(left["white_ms"].get<std::int64_t>() + left["black_ms"].get<std::int64_t>(), 120000);
  const std::string next = ended["match"]["next"];
  json second = service().state(next, "");
  EXPECT_EQ(second["clock"]["white_ms"], left["white_ms"]);
  EXPECT_EQ(second["clock"]["black_ms"], left["black_ms"]);
  open();  // and so after a restart
  second = service().state(next, "");
  EXPECT_EQ(second["clock"]["white_ms"], left["white_ms"]);
  EXPECT_EQ(second["clock"]["black_ms"], left["black_ms"]);

  // Black begins game 2 (Black won game 1); its first turn is untimed, White's time then
  // runs out: White loses the game on time, and the match with it.
  state = play(next, tokens.at(second["to_move"]), second["legal"][0]);
  ASSERT_EQ(state["to_move"], "white") << state.dump();
  now_ += left["white_ms"].get<std::int64_t>() + 1;
  EXPECT_EQ(service().check_clocks(), 1);
  const json lost = service().state(next, "");
  EXPECT_EQ(lost["result"]["winner"], "black");
  EXPECT_EQ(lost["match"]["over"], true);
  EXPECT_EQ(lost["match"]["lost_on_time"], true);
  EXPECT_EQ(lost["match"]["winner"], "black");
  EXPECT_LT(lost["match"]["score"]["black"].get<int>(), 31);
  EXPECT_EQ(lost["match"]["next"], nullptr);
}

// A clock with a delay per move (as backgammon clocks): a turn played within it costs no
// time; the next game of the match keeps the delay.
TEST_F(MatchServiceTest, AClockMayHaveADelayPerMove) {
  const json created =
      create({{"mode", "network"},
              {"match_to", 31},
              {"clock", {{"initial_ms", 60000}, {"increment_ms", 0}, {"delay_ms", 8000}}}});
  EXPECT_EQ(created["state"]["clock"]["delay_ms"], 8000);
  const std::string id = created["id"];
  const std::map<std::string, std::string> tokens = {{"white", created["tokens"]["white"]},
                                                     {"black", created["tokens"]["black"]}};
  json state = created["state"];
  std::set<std::string> moved;
  while (moved.size() < 2) {  // within the delay: no time charged
    now_ += 7000;
    moved.insert(state["to_move"].get<std::string>());
    state = play(id, tokens.at(state["to_move"]), state["legal"][0]);
  }
  EXPECT_EQ(state["clock"]["white_ms"], 60000);
  EXPECT_EQ(state["clock"]["black_ms"], 60000);
  EXPECT_EQ(state["clock"]["delay_left_ms"], 8000);
  now_ += 3000;
  const std::string side = state["to_move"];
  EXPECT_EQ(service().state(id, "")["clock"]["delay_left_ms"], 5000);
  now_ += 10000;  // 13 s into the turn: 5 s charged
  EXPECT_EQ(service().state(id, "")["clock"][side + "_ms"], 55000);
  const json ended = service().resign(id, {{"token", tokens.at("white")}});
  EXPECT_EQ(service().state(ended["match"]["next"], "")["clock"]["delay_ms"], 8000);
  // A delay longer than a minute is refused.
  try {
    create({{"mode", "local"}, {"clock", {{"initial_ms", 60000}, {"delay_ms", 61000}}}});
    ADD_FAILURE() << "a delay of 61 s was taken";
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status(), 400);
  }
}

TEST_F(MatchServiceTest, AnAbortedGameEndsItsMatchWithNoWinner) {
  const json created = create({{"mode", "network"}, {"match_to", 11}});
  const json aborted = service().abort(created["id"], {{"token", created["tokens"]["white"]}});
  EXPECT_EQ(aborted["match"]["over"], true);
  EXPECT_EQ(aborted["match"]["winner"], nullptr);
  EXPECT_EQ(aborted["match"]["next"], nullptr);
}

TEST_F(MatchServiceTest, MatchRequestsThatCannotBePlayedAreRefused) {
  EXPECT_NE(error_of({{"mode", "local"}, {"game", "ordo"}, {"match_to", 31}}).find("no match"),
            std::string::npos);
  for (const json& bad : {json(0), json(100), json("31"), json(3.5)})
    EXPECT_EQ(error_of({{"mode", "local"}, {"game", "mughrabieh"}, {"match_to", bad}})
                  .rfind("bad_request", 0),
              0u)
        << bad;
  const std::string positioned = error_of({{"mode", "local"},
                                           {"game", "mughrabieh"},
                                           {"position", "24x14,20x1/24x15 w -"},
                                           {"match_to", 31}});
  EXPECT_NE(positioned.find("start position"), std::string::npos) << positioned;
  EXPECT_EQ(create({{"mode", "local"}})["state"]["match"], nullptr);
  EXPECT_THROW(service().match_record(create({{"mode", "local"}})["id"]), ApiError);
}

}  // namespace
}  // namespace ordo::server
