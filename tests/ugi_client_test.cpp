// The engine as independent UGI clients see it: `ordo-engine ugi` run as a separate
// process by a strict client (support/strict_ugi_client.h) that checks every line against
// the protocol grammar, every move against the rules core and every answer's time against
// its limit. Times have a generous margin (kMarginMs), since the test machine is loaded;
// the faults they guard against cost seconds.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/any_game.h"
#include "engine/game_registry.h"
#include "support/strict_ugi_client.h"
#include "util/random.h"

namespace ordo {
namespace {

using testing::StrictUgiClient;
using Ms = std::chrono::milliseconds;

// Sanitizer builds search several times slower and look at the clock less often, so a go
// may end later there; the optimised build keeps the tight margin.
#ifdef ORDO_SANITIZED_TESTS
constexpr std::int64_t kMarginMs = 2000;
#else
constexpr std::int64_t kMarginMs = 500;
#endif

struct GamePlan {
  std::string title;
  games::GameSpec spec;  // the referee's game
  // setoption name/value, in the order sent: a game's rules before the game itself, as a
  // client with its options in an unordered map may send them.
  std::vector<std::pair<std::string, std::string>> options;
  std::int64_t movetime_ms = 0;  // or else a clock:
  std::int64_t clock_ms = 0;
  std::int64_t increment_ms = 0;
  int max_plies = 200;  // the client stops a game that has not ended by then
};

std::string position_command(const games::AnyGame& game) {
  std::string line = "position startpos";
  const std::vector<std::string> moves = game.moves();
  if (!moves.empty()) line += " moves";
  for (const std::string& move : moves) line += ' ' + move;
  return line;
}

// Plays one game of the engine against itself through the protocol.
void play_game(const GamePlan& plan) {
  SCOPED_TRACE(plan.title);
  StrictUgiClient client;
  client.handshake();
  for (const auto& [name, value] : plan.options) {
    client.send("setoption name " + name + " value " + value);
  }
  client.ready();
  client.send("uginewgame");
  const std::unique_ptr<games::AnyGame> game = games::make_game(plan.spec);
  std::int64_t clock[2] = {plan.clock_ms, plan.clock_ms};
  common::SplitMix64 dice(20261203);  // the client is the referee of a game with dice
  for (int ply = 0; ply < plan.max_plies && !game->result().over(); ++ply) {
    if (game->is_chance_node()) {  // a roll is no ply and asks the engine nothing
      game->play_random(dice.next());
      --ply;
      continue;
    }
    client.send(position_command(*game));
    const int mover = games::index(game->side_to_move());
    std::string go;
    std::int64_t allowed = plan.movetime_ms + kMarginMs;
    if (plan.movetime_ms > 0) {
      go = "movetime " + std::to_string(plan.movetime_ms);
    } else {
      go = "p1time " + std::to_string(clock[0]) + " p2time " + std::to_string(clock[1]) +
           " p1inc " + std::to_string(plan.increment_ms) + " p2inc " +
           std::to_string(plan.increment_ms);
      allowed = clock[mover];  // it spends a small share: losing on time is a fault
    }
    const StrictUgiClient::Answer answer = client.go(go, Ms(allowed + 30'000));
    ASSERT_FALSE(answer.move.empty() || answer.move == "(none)") << "ply " << ply;
    ASSERT_NO_THROW(game->play(answer.move)) << "ply " << ply << ": " << answer.move;
    EXPECT_LE(answer.elapsed.count(), allowed) << "ply " << ply << ": go " << go;
    clock[mover] += plan.increment_ms - answer.elapsed.count();
  }
  client.send(position_command(*game));
  client.send("query gameover");
  const auto over = client.until("response ", Ms(30'000));
  ASSERT_FALSE(over.empty());
  EXPECT_EQ(over.back(), game->result().over() ? "response true" : "response false");
  client.send("quit");
}

TEST(UgiStrictClient, PlaysWholeGamesOfEveryGameWithinTheirLimits) {
  const std::vector<GamePlan> plans = {
      {"Classic 8x8, level 4, movetime",
       {"ordo", {{"size", "8x8"}}},
       {{"Level", "4"}, {"Size", "8x8"}},
       40},
      {"Classic 10x8, level 10, clock", {"ordo", {}}, {{"Hash", "16"}}, 0, 4000, 40, 120},
      {"Ordo X 8x8, level 2, movetime",
       {"ordo", {{"rules", "x"}, {"size", "8x8"}}},
       {{"Size", "8x8"}, {"Level", "2"}, {"Rules", "x"}},
       40},
      {"Order and Chaos exact-five, level 6, clock",
       {"orderchaos", {{"rules", "exact-five"}}},
       {{"Rules", "exact-five"}, {"Level", "6"}, {"Game", "orderchaos"}},
       0,
       3000,
       20},
      {"Order and Chaos, level 10, movetime", {"orderchaos", {}}, {{"Game", "orderchaos"}}, 40},
      {"Mughrabieh ludii, level 3, movetime (the client rolls)",
       {"mughrabieh", {{"rules", "ludii"}}},
       {{"Rules", "ludii"}, {"Level", "3"}, {"Game", "mughrabieh"}},
       40,
       0,
       0,
       400},
  };
  for (const GamePlan& plan : plans) play_game(plan);
#ifndef ORDO_SANITIZED_TESTS
  // Not under the sanitizers: slowed about tenfold there, Mughrabieh's level 10 overran a
  // 6 s clock by up to 0.6 s a move, which its time control does not yet allow for; the
  // release build holds it to the clock.
  play_game({"Mughrabieh, level 10, clock",
             {"mughrabieh", {}},
             {{"Game", "mughrabieh"}},
             0,
             6000,
             20,
             400});
#endif
}

// Every rule set of every registered game that has an engine plays whole games through
// the protocol, with nothing written for the game here (the registry's options only).
TEST(UgiStrictClient, EveryRuleSetOfEveryRegisteredGamePlaysAWholeGame) {
  for (const games::GameEntry& entry : games::game_registry()) {
    if (entry.make_engine == nullptr) continue;
    for (const std::string& rules : entry.info.rule_sets) {
      GamePlan plan{entry.info.name + " " + rules + ", level 2, movetime",
                    {entry.info.name, {{"rules", rules}}},
                    {{"Game", entry.info.name}, {"Rules", rules}, {"Level", "2"}},
                    20};
      plan.max_plies = 120;
      play_game(plan);
    }
  }
}

// Issue 45, item 1: after the level's depth the choice among near-equal moves took as long
// as its node budget allowed (seconds at level 9), whatever the time limit.
TEST(UgiStrictClient, EveryLevelAnswersWithinItsTime) {
  struct Case {
    std::vector<std::pair<std::string, std::string>> options;
    std::string moves;
  };
  const std::vector<Case> cases = {
      {{}, "c2-c4 c7-c5"},
      {{{"Rules", "x"}}, "c2-c4 c7-c5"},
      {{{"Game", "orderchaos"}}, "Xc3 Od4"},
  };
  for (const Case& c : cases) {
    StrictUgiClient client;
    for (const auto& [name, value] : c.options) {
      client.send("setoption name " + name + " value " + value);
    }
    for (int level = 1; level <= 10; ++level) {
      SCOPED_TRACE(c.moves + ", level " + std::to_string(level));
      client.send("setoption name Level value " + std::to_string(level));
      client.ready();
      client.send("position startpos moves " + c.moves);
      const auto timed = client.go("movetime 100", Ms(60'000));
      EXPECT_LE(timed.elapsed.count(), 100 + kMarginMs);
      // A clock of one second, no increment: the engine must not lose on time.
      const auto clocked = client.go("p1time 1000 p2time 1000", Ms(60'000));
      EXPECT_LE(clocked.elapsed.count(), 1000);
    }
  }
}

// Issue 45, item 1, where it cost most: at level 9 the choice among near-equal moves after
// a 2 s search took another 0.5 to 1.2 s (Classic, measured on the loaded test machine).
TEST(UgiStrictClient, TheLevelsChoiceKeepsToTheMovetime) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"ordo", "c2-c4 c7-c5"},
      {"orderchaos", "Xc3 Od4"},
  };
  for (const auto& [game, moves] : cases) {
    SCOPED_TRACE(game);
    StrictUgiClient client;
    client.send("setoption name Game value " + game);
    client.send("setoption name Level value 9");
    client.send("setoption name Seed value 1");
    client.ready();
    client.send("position startpos moves " + moves);
    EXPECT_LE(client.go("movetime 2000", Ms(60'000)).elapsed.count(), 2000 + kMarginMs);
  }
}

// The process's resident memory in KiB (Linux).
std::int64_t resident_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.starts_with("VmRSS:")) return std::stoll(line.substr(6));
  }
  return -1;
}

// Issue 45, item 2: the table was made at the first search, on the client's clock.
TEST(UgiStrictClient, ReadyokComesWithTheHashTableMade) {
  StrictUgiClient client;
  client.handshake();  // answered without making a table
  const std::int64_t before = resident_kib(client.process().pid());
  client.send("setoption name Hash value 256");
  client.ready();
  const std::int64_t after = resident_kib(client.process().pid());
  EXPECT_GE(after - before, 200 * 1024) << before << " KiB, then " << after << " KiB";
}

// Issue 44, item 10: a search whose limits did not limit the side to move ran on after
// the end of input, and the program never ended.
TEST(UgiStrictClient, EndOfInputEndsEverySearchAndTheProgram) {
  for (const std::string& script : {std::string("position startpos moves c2-c4\ngo wtime 1"),
                                    std::string("go wtime 1"), std::string("go infinite")}) {
    SCOPED_TRACE(script);
    StrictUgiClient client;
    std::istringstream lines(script);
    for (std::string line; std::getline(lines, line);) client.send(line);
    client.process().close_input();
    const std::vector<std::string> out = client.until("bestmove ", Ms(30'000));
    ASSERT_FALSE(out.empty());
    EXPECT_TRUE(out.back().starts_with("bestmove ")) << out.back();
    EXPECT_FALSE(client.next(Ms(30'000))) << "more output after bestmove";
    // The output has ended; the exit follows at once (a generous bound, polled).
    bool exited = client.process().exited();
    for (int i = 0; i < 1000 && !exited; ++i) {
      std::this_thread::sleep_for(Ms(10));
      exited = client.process().exited();
    }
    EXPECT_TRUE(exited);
  }
}

}  // namespace
}  // namespace ordo
