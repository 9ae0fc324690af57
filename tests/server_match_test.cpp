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

// A match's records, imported, are stored as the server keeps a match it played: each game
// with its rolls and score, linked to the next; a match that goes on gets its next game.
TEST_F(MatchServiceTest, AMatchRecordImportedIsKeptAsTheMatchItWas) {
  const json created = create({{"mode", "local"}, {"match_to", 31}});
  const std::string token = created["tokens"]["white"];
  const json first = play_out(created["id"], token);
  const std::string second_id = first["match"]["next"];
  const json second = play_out(second_id, token);
  json third = service().state(second["match"]["next"], token);
  for (int turn = 0; turn < 5; ++turn) third = play(third["id"], token, third["legal"][0]);
  const std::string records = service().match_record(created["id"]);

  // All three games, the last unfinished: it is the one the answer opens, to play on.
  const json imported = service().import_record({{"record", records}});
  const json& state = imported["state"];
  EXPECT_EQ(state["match"]["game"], 3);
  EXPECT_EQ(state["match"]["before"], second["match"]["score"]);
  EXPECT_EQ(state["match"]["starter"], second["result"]["winner"]);
  // As many turns or more: the importing server's roll (below) may be one that cannot be
  // played, passed at once with the next roll made.
  EXPECT_GE(state["moves"].size(), third["moves"].size());
  EXPECT_EQ(state["result"]["score"], "*");
  const std::string copy = imported["id"];
  // Every game as it was played, roll by roll.
  const mughrabieh::MatchRecord read = mughrabieh::read_match_record(service().match_record(copy));
  EXPECT_EQ(read.match.games().size(), 2u);
  const auto again = games::read_any_records(service().match_record(copy));
  const auto original = games::read_any_records(records);
  ASSERT_EQ(again.size(), 3u);
  for (std::size_t g = 0; g < 2; ++g)
    EXPECT_EQ(again[g].game->moves(), original[g].game->moves()) << "game " << g + 1;
  // The unfinished game's last roll, made and not yet played, is the importing server's
  // own: only the server rolls (docs/api.md, import).
  std::vector<std::string> played = original[2].game->moves();
  played.pop_back();
  std::vector<std::string> kept = again[2].game->moves();
  ASSERT_GE(kept.size(), played.size() + 1);
  kept.resize(played.size());
  EXPECT_EQ(kept, played);
  ASSERT_TRUE(read.unfinished.has_value());
  const json previous = service().state(state["match"]["previous"], "");
  EXPECT_EQ(previous["match"]["next"], copy);
  EXPECT_EQ(previous["match"]["game"], 2);
  // The imported game is played on with the answer's token.
  const std::size_t turns = state["moves"].size();
  EXPECT_EQ(play(copy, imported["tokens"]["white"], state["legal"][0])["moves"][turns]["move"],
            state["legal"][0]);

  // The first two games only, the second finished: the match goes on, so its next game is
  // made, as when the second game ended in play.
  const std::string two_games =
      records.substr(0, records.rfind("[Game ", records.find("[MatchGame \"3\"]")));
  const json two = service().import_record({{"record", two_games}});
  EXPECT_EQ(two["state"]["match"]["game"], 2);
  ASSERT_TRUE(two["state"]["match"]["next"].is_string()) << two["state"]["match"].dump();
  EXPECT_EQ(service().state(two["state"]["match"]["next"], "")["match"]["game"], 3);
}

TEST_F(MatchServiceTest, AMatchRecordThatContradictsItselfIsRefusedWithItsReason) {
  const json created = create({{"mode", "local"}, {"match_to", 31}});
  const std::string token = created["tokens"]["white"];
  const json first = play_out(created["id"], token);
  play_out(first["match"]["next"], token);
  const std::string records = service().match_record(created["id"]);
  auto refusal = [&](const std::string& text) {
    const std::size_t games = service().game_count();
    try {
      service().import_record({{"record", text}});
    } catch (const ApiError& e) {
      EXPECT_EQ(e.status(), 422);
      EXPECT_EQ(service().game_count(), games);  // nothing of it is stored
      return std::string(e.what());
    }
    ADD_FAILURE() << "imported:\n" << text;
    return std::string();
  };
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = records;
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  const std::string score = "[MatchScore \"" +
                            std::to_string(first["match"]["score"]["white"].get<int>()) + "-" +
                            std::to_string(first["match"]["score"]["black"].get<int>()) + "\"]";
  EXPECT_NE(refusal(replaced(score, "[MatchScore \"0-0\"]")).find("game 2: MatchScore \"0-0\""),
            std::string::npos);
  EXPECT_NE(refusal(replaced("[MatchGame \"2\"]", "[MatchGame \"3\"]")).find("game 2: MatchGame"),
            std::string::npos);
  EXPECT_NE(refusal(replaced("[Match \"31\"]", "[Match \"0\"]")).find("Match \"0\""),
            std::string::npos);
  // A game after the end of a match to 1.
  std::string to_one = records;
  for (std::size_t at; (at = to_one.find("[Match \"31\"]")) != std::string::npos;)
    to_one.replace(at, std::string("[Match \"31\"]").size(), "[Match \"1\"]");
  EXPECT_NE(refusal(to_one).find("follows the end of the match"), std::string::npos);
  // A broken game names the game, its line and what is wrong.
  const auto games = games::read_any_records(records).size();
  const std::string broken = refusal(records + "\n[Game \"Mughrabieh\"]\n1. 99: 24/1 *\n");
  EXPECT_NE(broken.find("game " + std::to_string(games + 1) + " (line "), std::string::npos)
      << broken;
  EXPECT_NE(broken.find("the roll '99' must be two dice"), std::string::npos) << broken;
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
