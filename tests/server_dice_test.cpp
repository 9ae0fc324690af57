// Games with dice on the server (docs/api.md, "Games with dice"): the server rolls at the
// start of every turn from the game's secret seed, and every roll can be checked against
// the commitment the state shows from the start. A client can neither roll nor change a
// roll: whatever it sends, every roll is the one the seed gives for its step.
#include "server/games/server_dice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <latch>
#include <random>
#include <thread>

#include "engine/any_game.h"
#include "server/common/api_error.h"
#include "server/common/fair_dice.h"
#include "server/games/analysis.h"
#include "server/storage/pg/pg_storage.h"
#include "server_service_fixture.h"
#include "support/wait_until.h"

namespace ordo::server {
namespace {

using nlohmann::json;

// Bytes 0, 1, ..., 31: the seed of the worked example below.
constexpr const char* kCountingSeed =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

// White's every die lands on Black's six points in a row: each of White's rolls passes.
constexpr const char* kWhiteBlocked = "24x15/7x2,6x2,5x2,4x3,3x3,2x3 w -";

// The worked example, computed apart from this code (Python's hmac and hashlib, by the
// steps of docs/api.md): SHA-256 of the seed, and the first twelve rolls.
TEST(FairDice, TheDerivationIsTheDocumentedOne) {
  EXPECT_EQ(dice_commitment(kCountingSeed),
            "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
  const std::vector<int> u = {23, 7, 1, 3, 20, 33, 7, 17, 32, 21, 16, 7};
  const std::vector<std::string> rolls = {"54", "32", "21", "22", "53", "65",
                                          "32", "51", "64", "53", "51", "32"};
  const auto outcomes = games::make_game({"mughrabieh", {}})->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 21u);
  for (std::size_t ply = 0; ply < u.size(); ++ply) {
    EXPECT_EQ(fair_index(kCountingSeed, ply, 36), u[ply]) << ply;
    EXPECT_EQ(derived_outcome(kCountingSeed, ply, outcomes), rolls[ply]) << ply;
  }
  const std::vector<int> weights = outcome_weights(outcomes);
  for (std::size_t i = 0; i < outcomes.size(); ++i)
    EXPECT_EQ(weights[i], outcomes[i].text[0] == outcomes[i].text[1] ? 1 : 2) << outcomes[i].text;
}

TEST(FairDice, SeedsAreNewAndWellFormed) {
  const std::string a = new_dice_seed(), b = new_dice_seed();
  EXPECT_TRUE(is_dice_seed(a));
  EXPECT_NE(a, b);
  EXPECT_FALSE(is_dice_seed("00"));
  EXPECT_THROW(fair_index("xyz", 0, 36), std::invalid_argument);
}

class DiceServiceTest : public testing::ServiceFixture {
 protected:
  DiceServiceTest() { open(); }

  template <typename Action>
  std::string error_code(Action&& action) {
    try {
      action();
    } catch (const ApiError& e) {
      return e.code();
    }
    return "";
  }

  json create(json body) {
    body["game"] = "mughrabieh";
    return service().create(body);
  }

  // The steps of a state's move list.
  static std::vector<std::string> steps_of(const json& state) {
    std::vector<std::string> steps;
    for (const json& move : state["moves"]) steps.push_back(move["move"]);
    return steps;
  }

  // Checks every roll of a finished game's state against its revealed seed.
  static DiceCheck check_state(const json& state) {
    auto start =
        games::make_game({"mughrabieh", {{"rules", state["rules"]}, {"position", state["start"]}}});
    return check_dice(*start, steps_of(state), state["dice"]["seed"].get<std::string>(),
                      state["dice"]["commitment"], state["dice"]["from_ply"]);
  }

  // Creates a game with `body` and plays White's first turn (legal[0]) `after_ms` later.
  // Where that turn left Black's roll no move (66, then 55: Black's 19 is White's 6), so
  // that Black's turn passed at once, it tries again with a new game: a new seed.
  std::pair<json, json> first_turn_black_can_answer(const json& body, std::int64_t after_ms) {
    for (int attempt = 0; attempt < 50; ++attempt) {
      const json created = create(body);
      now_ += after_ms;
      const json after =
          play(created["id"], created["tokens"]["white"], created["state"]["legal"][0]);
      if (after["to_move"] == "black") return {created, after};
    }
    throw std::runtime_error("Black's first roll had no move in 50 games");
  }

  static int rolls_in(const json& state) {
    int rolls = 0;
    for (const json& move : state["moves"]) rolls += move["roll"].get<bool>() ? 1 : 0;
    return rolls;
  }
};

TEST_F(DiceServiceTest, ANewGameIsRolledAtOnceAndShowsTheCommitmentNotTheSeed) {
  const json created = create({{"mode", "local"}});
  const json& state = created["state"];
  EXPECT_EQ(state["about"]["chance"], true);
  ASSERT_EQ(state["moves"].size(), 1u);  // from the start every roll moves a piece
  EXPECT_EQ(state["moves"][0]["roll"], true);
  EXPECT_EQ(state["moves"][0]["by"], "white");
  const std::string roll = state["moves"][0]["move"];
  EXPECT_EQ(state["dice"]["roll"], roll);
  EXPECT_EQ(state["dice"]["values"], json({roll[0] - '0', roll[1] - '0'}));
  EXPECT_EQ(state["position"], "24x15/24x15 w " + roll);
  EXPECT_EQ(state["ply"], 1);
  EXPECT_EQ(state["to_move"], "white");
  EXPECT_EQ(state["dice"]["seed"], nullptr);
  EXPECT_EQ(state["dice"]["from_ply"], 0);
  EXPECT_EQ(state["dice"]["scheme"], kDiceScheme);
  EXPECT_EQ(state["dice"]["commitment"].get<std::string>().size(), 64u);
  EXPECT_EQ(state["pips"], json({{"white", 360}, {"black", 360}}));
  // Every whole turn is one of the sequences, and every sequence is a legal turn.
  const json& sequences = state["sequences"];
  ASSERT_FALSE(sequences.empty());
  for (const json& turn : state["legal"])
    EXPECT_NE(std::find(sequences.begin(), sequences.end(), turn), sequences.end()) << turn;
  const std::string id = created["id"], token = created["tokens"]["white"];
  const json after = service().play(id, {{"token", token}, {"move", sequences.back()}, {"ply", 1}});
  EXPECT_EQ(after["moves"][1]["roll"], false);
  EXPECT_EQ(after["moves"][2]["roll"], true);
  EXPECT_EQ(after["moves"][2]["by"], "black");
  // (Black's roll may pass, rarely: then White has rolled again.)
  EXPECT_EQ(after["to_move"], after["moves"].back()["by"]);
  EXPECT_EQ(after["dice"]["roll"], after["moves"].back()["move"]);
  EXPECT_LT(after["pips"]["white"], 360);

  // The seed, shown once the game is over, was in no state before.
  const json resigned = service().resign(id, {{"token", token}});
  const std::string seed = resigned["dice"]["seed"];
  EXPECT_EQ(dice_commitment(seed), state["dice"]["commitment"]);
  EXPECT_EQ(state.dump().find(seed), std::string::npos);
  EXPECT_EQ(after.dump().find(seed), std::string::npos);
  EXPECT_TRUE(check_state(resigned).ok()) << check_state(resigned).problem;
  EXPECT_EQ(resigned["dice"]["roll"], nullptr);
  // The record carries the dice tags, and the seed once over.
  const std::string record = service().record(id);
  EXPECT_NE(record.find("[DiceCommitment \"" + state["dice"]["commitment"].get<std::string>()),
            std::string::npos)
      << record;
  EXPECT_NE(record.find("[DiceSeed \"" + seed), std::string::npos) << record;
}

TEST_F(DiceServiceTest, AClientCannotRoll) {
  const json created = create({{"mode", "local"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  // A roll as a move, at the player's turn, is no legal turn.
  EXPECT_EQ(error_code([&] { play(id, token, "66"); }), "illegal_move");
  // A start whose roll is made is refused.
  EXPECT_EQ(error_code([&] {
              create({{"mode", "local"}, {"position", "24x15/24x15 w 66"}});
            }),
            "bad_request");
  // A record's roll that nobody played is made again by the server, at the same step.
  auto game = games::make_game({"mughrabieh", {}});
  game->play("66");
  const json imported = service().import_record({{"record", game->record({})}});
  EXPECT_EQ(imported["state"]["dice"]["from_ply"], 0);
  EXPECT_EQ(imported["state"]["moves"].size(), 1u);
  const json again = service().import_record({{"record", game->record({})}});
  // Two imports, two seeds: the roll is the seed's, not the record's.
  EXPECT_NE(imported["state"]["dice"]["commitment"], again["state"]["dice"]["commitment"]);
}

TEST_F(DiceServiceTest, TakebacksAreRefused) {
  const json local = create({{"mode", "local"}});
  const std::string id = local["id"], token = local["tokens"]["white"];
  play(id, token, local["state"]["legal"][0]);
  EXPECT_EQ(error_code([&] { service().undo(id, {{"token", token}}); }), "not_allowed");
  const json network = create({{"mode", "network"}});
  const std::string nid = network["id"], white = network["tokens"]["white"];
  const int ply = play(nid, white, network["state"]["legal"][0])["ply"];
  EXPECT_EQ(error_code([&] {
              service().takeback(nid, {{"token", white}, {"action", "offer"}});
            }),
            "not_allowed");
  EXPECT_EQ(service().state(nid, "")["ply"], ply);
}

TEST_F(DiceServiceTest, ARollThatMovesNothingPassesByItself) {
  const json created = create({{"mode", "local"}, {"position", kWhiteBlocked}});
  const json& state = created["state"];
  const json& moves = state["moves"];
  ASSERT_GE(moves.size(), 3u) << moves.dump();
  EXPECT_EQ(moves[0]["roll"], true);
  EXPECT_EQ(moves[1]["move"], "pass");
  EXPECT_EQ(moves[1]["by"], "white");
  EXPECT_EQ(moves[1]["roll"], false);
  EXPECT_EQ(moves[2]["roll"], true);
  EXPECT_EQ(moves[2]["by"], "black");
  // Black may pass too (its 6s are blocked by White's pieces); then the rolls and passes
  // go on by themselves until a roll that moves a piece, whose side is to move.
  for (std::size_t i = 0; i + 1 < moves.size(); i += 2) {
    EXPECT_EQ(moves[i]["roll"], true) << i;
    EXPECT_EQ(moves[i + 1]["move"], "pass") << i;
    EXPECT_EQ(moves[i + 1]["by"], moves[i]["by"]) << i;
  }
  EXPECT_EQ(moves.size() % 2, 1u);
  EXPECT_EQ(moves.back()["roll"], true);
  EXPECT_EQ(state["to_move"], moves.back()["by"]);
  EXPECT_FALSE(state["legal"].empty());
}

// A reload, a restart (a new service on the same storage) and a read never roll again.
TEST_F(DiceServiceTest, TheRollStaysAcrossReloadsAndRestarts) {
  const json created = create({{"mode", "network"}});
  const std::string id = created["id"];
  const json before = service().state(id, "");
  open();
  const json after = service().state(id, "");
  EXPECT_EQ(after["dice"]["roll"], before["dice"]["roll"]);
  EXPECT_EQ(after["ply"], before["ply"]);
  EXPECT_EQ(after["dice"]["commitment"], before["dice"]["commitment"]);
  EXPECT_EQ(service().state(id, "")["moves"], after["moves"]);
}

// The property: whatever a client sends (any legal order of the steps, a roll of its own,
// stale plies, fields of its own for the dice, refused takebacks, reloads), every roll is
// the one the game's committed seed gives for its step.
TEST_F(DiceServiceTest, NoRequestChangesARoll) {
  std::mt19937 random(20261204);
  for (int g = 0; g < 4; ++g) {
    SCOPED_TRACE(g);
    const json created = create({{"mode", "local"}});
    const std::string id = created["id"], token = created["tokens"]["white"];
    json state = created["state"];
    for (int turn = 0; turn < 40 && state["result"]["score"] == "*"; ++turn) {
      const json& sequences = state["sequences"];
      ASSERT_FALSE(sequences.empty());
      const std::string move = sequences[random() % sequences.size()];
      const int ply = state["ply"];
      switch (random() % 5) {
        case 0:
          EXPECT_NE(error_code([&] { play(id, token, "66"); }), "");
          break;
        case 1:
          EXPECT_EQ(error_code([&] {
                      service().play(id, {{"token", token}, {"move", move}, {"ply", ply - 1}});
                    }),
                    "stale");
          break;
        case 2:
          EXPECT_EQ(error_code([&] { service().undo(id, {{"token", token}}); }), "not_allowed");
          break;
        case 3:
          open();  // a restart
          break;
        default:
          break;
      }
      state = service().play(id, {{"token", token},
                                  {"move", move},
                                  {"ply", ply},
                                  {"roll", "66"},
                                  {"dice", {6, 6}},
                                  {"seed", kCountingSeed}});
    }
    if (state["result"]["score"] == "*") state = service().resign(id, {{"token", token}});
    const DiceCheck check = check_state(state);
    EXPECT_TRUE(check.ok()) << check.problem;
    EXPECT_EQ(check.rolls_checked, rolls_in(state));
    EXPECT_GE(check.rolls_checked, 2);
  }
}

TEST_F(DiceServiceTest, ATamperedRollOrSeedIsCaught) {
  const json created = create({{"mode", "local"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  json state = created["state"];
  for (int turn = 0; turn < 6; ++turn) state = play(id, token, state["legal"][0]);
  state = service().resign(id, {{"token", token}});
  ASSERT_TRUE(check_state(state).ok()) << check_state(state).problem;

  // Another roll at step 2.
  json tampered = state;
  const std::string real = tampered["moves"][2]["move"];
  tampered["moves"][2]["move"] = real == "11" ? "22" : "11";
  const DiceCheck roll = check_state(tampered);
  EXPECT_FALSE(roll.ok());
  EXPECT_NE(roll.problem.find("step 2"), std::string::npos) << roll.problem;

  // Another seed (one digit changed), and a seed made to fit a changed commitment.
  json seed = state;
  std::string text = seed["dice"]["seed"];
  text[0] = text[0] == '0' ? '1' : '0';
  seed["dice"]["seed"] = text;
  EXPECT_NE(check_state(seed).problem.find("commitment"), std::string::npos);
  seed["dice"]["commitment"] = dice_commitment(text);
  const DiceCheck other = check_state(seed);
  EXPECT_FALSE(other.ok());  // 1 - (1/18)^k: a real seed's rolls are not another's
  EXPECT_NE(other.problem.find("the seed gives"), std::string::npos) << other.problem;
}

// A clock starts with the first turn, not with the first roll (the first turn is not
// timed, as in every game), and a roll does not press it; a restart keeps it so.
TEST_F(DiceServiceTest, AClockStartsWithTheFirstTurnNotTheFirstRoll) {
  const auto [created, after] = first_turn_black_can_answer(
      {{"mode", "local"}, {"clock", {{"initial_ms", 60000}, {"increment_ms", 0}}}}, 5000);
  EXPECT_EQ(created["state"]["clock"]["running"], nullptr);
  const std::string id = created["id"];
  EXPECT_EQ(after["clock"]["running"], "black");
  EXPECT_EQ(after["clock"]["white_ms"], 60000);
  now_ += 7000;
  EXPECT_EQ(service().state(id, "")["clock"]["black_ms"], 53000);
  open();  // (on one server the time it was down is charged to nobody)
  const json reloaded = service().state(id, "");
  EXPECT_EQ(reloaded["clock"]["running"], "black");
  EXPECT_EQ(reloaded["clock"]["white_ms"], 60000);
}

// Correspondence: each turn has its days, counted from the turn's roll; a roll never
// starts a new deadline of its own.
TEST_F(DiceServiceTest, ACorrespondenceGameGivesEachTurnItsDays) {
  constexpr std::int64_t kDay = 24LL * 3600 * 1000;
  const json opening = {{"mode", "network"}, {"days_per_move", 3}};
  const auto [created, after] = first_turn_black_can_answer(opening, kDay);
  const json& made = created["state"]["clock"];
  EXPECT_EQ(made["deadline_ms"], made["server_time_ms"].get<std::int64_t>() + 3 * kDay);
  EXPECT_EQ(made["running"], "white");
  const std::string id = created["id"];
  EXPECT_EQ(after["clock"]["running"], "black");
  EXPECT_EQ(after["clock"]["deadline_ms"], now_ + 3 * kDay);
  // Black's roll is no move of Black's: its days passing abort the game, nobody loses.
  now_ += 3 * kDay + 1;
  EXPECT_EQ(service().state(id, "")["result"]["score"], "aborted");
  // Once each side has moved, a turn's days passing lose the game. (White's second roll
  // may have no move, which gives the turn straight back to Black: take another game.)
  std::string id2;
  json black_moved = json::object();
  for (int attempt = 0; attempt < 50 && black_moved.value("to_move", "") != "white"; ++attempt) {
    const json again = first_turn_black_can_answer(opening, 0).first;
    id2 = again["id"];
    black_moved = play(id2, again["tokens"]["black"], service().state(id2, "")["legal"][0]);
  }
  ASSERT_EQ(black_moved["to_move"], "white");
  now_ += 3 * kDay + 1;
  EXPECT_EQ(service().state(id2, "")["result"]["score"], "0-1");
}

// The engine that begins rolls too: its roll is made before it thinks, and the person's
// after its turn.
TEST_F(DiceServiceTest, TheEngineBeginsWithItsOwnRoll) {
  const json created = create({{"mode", "ai"}, {"ai", {{"level", 1}, {"color", "white"}}}});
  const std::string id = created["id"], token = created["tokens"]["black"];
  ASSERT_TRUE(service().wait_until_idle(std::chrono::seconds(60)));
  const json state = service().state(id, token);
  ASSERT_GE(state["moves"].size(), 3u) << state["moves"].dump();
  EXPECT_EQ(state["moves"][0]["roll"], true);
  EXPECT_EQ(state["moves"][1]["by"], "white");
  EXPECT_EQ(state["moves"][1]["roll"], false);
  EXPECT_EQ(state["to_move"], "black");
  EXPECT_EQ(state["moves"].back()["roll"], true);
  EXPECT_FALSE(state["sequences"].empty());
}

// Two instances on one PostgreSQL database: a turn stored without the roll after it (its
// write failed) is rolled by whichever instance comes first, the same roll on both, and
// exactly one is stored.
TEST_F(DiceServiceTest, TwoInstancesStoreOneRollPerTurn) {
  if (!database_.postgres()) GTEST_SKIP() << "PostgreSQL only";
  PgStorage other_storage(database_.url());
  GameService other(other_storage, base_options());
  const auto [created, before] = first_turn_black_can_answer({{"mode", "network"}}, 0);
  const std::string id = created["id"];
  ASSERT_EQ(before["ply"], 3);
  for (int round = 0; round < 5; ++round) {
    database_.execute("DELETE FROM moves WHERE game_id = '" + id + "' AND ply = 2");
    ASSERT_EQ(storage_->moves_of(id).size(), 2u);
    std::latch start(2);
    json seen_here, seen_there;
    std::thread there([&] {
      start.arrive_and_wait();
      seen_there = other.state(id, "");
    });
    start.arrive_and_wait();
    seen_here = service().state(id, "");
    there.join();
    EXPECT_EQ(storage_->moves_of(id).size(), 3u);
    EXPECT_EQ(service().state(id, "")["moves"], before["moves"]);
    EXPECT_EQ(other.state(id, "")["moves"], before["moves"]);
    EXPECT_EQ(storage_->moves_of(id).back().notation, before["dice"]["roll"]);
  }
}

TEST_F(DiceServiceTest, AWholeGameAgainstTheEngine) {
  const json created = create({{"mode", "ai"}, {"ai", {{"level", 1}, {"color", "black"}}}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  json state = created["state"];
  for (int turn = 0; turn < 300 && state["result"]["score"] == "*"; ++turn) {
    ASSERT_TRUE(service().wait_until_idle(std::chrono::seconds(60)));
    state = service().state(id, token);
    if (state["result"]["score"] != "*") break;
    ASSERT_EQ(state["to_move"], "white") << state["moves"].dump();
    ASSERT_FALSE(state["legal"].empty());
    state =
        service().play(id, {{"token", token}, {"move", state["legal"][0]}, {"ply", state["ply"]}});
  }
  ASSERT_TRUE(service().wait_until_idle(std::chrono::seconds(60)));
  state = service().state(id, token);
  ASSERT_NE(state["result"]["score"], "*") << "no end within 300 turns";
  EXPECT_NE(state["result"]["winner"], nullptr);
  EXPECT_GE(state["result"]["points"], 1);
  EXPECT_LE(state["result"]["points"], 15);
  int engine_turns = 0;
  for (const json& move : state["moves"])
    engine_turns += move["by"] == "black" && !move["roll"].get<bool>() ? 1 : 0;
  EXPECT_GT(engine_turns, 10);
  const DiceCheck check = check_state(state);
  EXPECT_TRUE(check.ok()) << check.problem;
  EXPECT_EQ(check.rolls_checked, rolls_in(state));
}

// Analysis of a game with dice: a position with its roll gets the engine's turn; at a
// chance node (the roll still to be made) there is nothing to search, and no error.
TEST(DiceAnalysis, ARolledPositionHasATurnAndAChanceNodeNone) {
  Analyzer analyzer;
  const json rolled = analyzer.analyze(
      {{"game", "mughrabieh"}, {"position", "24x15/24x15 w 52"}, {"movetime_ms", 50}});
  ASSERT_FALSE(rolled["pv"].empty());
  const auto legal =
      games::make_game({"mughrabieh", {{"position", "24x15/24x15 w 52"}}})->legal_moves();
  EXPECT_NE(std::find(legal.begin(), legal.end(), rolled["pv"][0]), legal.end());
  // The turns for the roll, best first: here both dice move the one piece allowed off the
  // start, whatever the order, so there is one turn.
  ASSERT_EQ(rolled["ranked"].size(), 1u);
  EXPECT_EQ(rolled["ranked"][0]["move"], rolled["pv"][0]);
  EXPECT_EQ(rolled["ranked"][0]["score"], rolled["score"]);
  const json open = analyzer.analyze({{"game", "mughrabieh"},
                                      {"position", "24x10,13x2,8,5,3/24x10,13x2,8,5,3 w 52"},
                                      {"movetime_ms", 50}});
  ASSERT_EQ(open["ranked"].size(), Analyzer::kRankedMoves);
  for (std::size_t i = 1; i < open["ranked"].size(); ++i)
    EXPECT_GE(open["ranked"][i - 1]["score"], open["ranked"][i]["score"]);
  const json chance = analyzer.analyze({{"game", "mughrabieh"}, {"movetime_ms", 50}});
  EXPECT_TRUE(chance["pv"].empty());
}

}  // namespace
}  // namespace ordo::server
