// Game analysis (src/analysis) and the analyze / solve / tune commands' output and error
// paths, run through run_cli with string streams.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <sstream>

#include "analysis/game_analysis.h"
#include "cli/app.h"
#include "engine/any_game.h"
#include "ordo/ai/solver.h"
#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/record.h"
#include "support/cli_run.h"

namespace ordo {
namespace {

using ordo::testing::CliRun;

CliRun run(const std::vector<std::string>& args) {
  return ordo::testing::run_cli_capturing(args);
}

std::string temp_path(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "ordo_analyze_" + info->name() + "_" + name;
}

// A short Classic game on the 8x8 board, written to a record file.
std::string write_short_record(const std::string& path, int* move_count) {
  Game game(Position::start(Variant::Classic, 8, 8));
  for (const char* m : {"c2-c4", "c7-c5", "d3-d4", "e6-e5", "c4xc5"}) game.play(m);
  *move_count = static_cast<int>(game.moves().size());
  std::ofstream(path) << write_record(Record{game, Variant::Classic, {}});
  return path;
}

TEST(MoveJudgement, ThresholdsAndForcedResults) {
  EXPECT_EQ(judge_move(50, -49), MoveMark::None);     // drop 99
  EXPECT_EQ(judge_move(50, -50), MoveMark::Mistake);  // drop 100
  EXPECT_EQ(judge_move(50, -249), MoveMark::Mistake);
  EXPECT_EQ(judge_move(50, -250), MoveMark::Blunder);  // drop 300
  EXPECT_EQ(judge_move(-100, 200), MoveMark::None);    // better than the search thought
  const int win_in_1 = kMateScore - 1, win_in_2 = kMateScore - 3, loss = -(kMateScore - 2);
  EXPECT_EQ(judge_move(win_in_1, win_in_2), MoveMark::None);  // still a forced win
  EXPECT_EQ(judge_move(win_in_1, 900), MoveMark::Blunder);    // the win thrown away
  EXPECT_EQ(judge_move(0, loss), MoveMark::Blunder);          // walked into a forced loss
  EXPECT_EQ(score_drop(win_in_1, 900), comparable_score(win_in_1) - 900);
  EXPECT_GT(comparable_score(win_in_1), comparable_score(win_in_2));
}

TEST(GameAnalysis, OneEntryPerMoveWithConsistentScores) {
  const std::unique_ptr<games::AnyGame> game = games::make_game({"ordo", {{"size", "8x8"}}});
  games::play_moves(*game, {"c2-c4", "c7-c5", "d3-d4", "e6-e5", "c4xc5"});
  GameAnalyzer analyzer(*game, {.depth = 2}, 4);
  int calls = 0;
  const GameAnalysis a = analyzer.analyze_game(*game, [&](int done, int total) {
    ++calls;
    EXPECT_EQ(done, calls);
    EXPECT_EQ(total, 6);  // five moves and the final position
  });
  EXPECT_EQ(calls, 6);
  ASSERT_EQ(a.plies.size(), 5u);
  for (const PlyAnalysis& p : a.plies) {
    EXPECT_EQ(p.played, game->moves()[static_cast<std::size_t>(p.ply)]);
    EXPECT_EQ(p.mover, p.ply % 2 ? games::Side::Second : games::Side::First);
    ASSERT_TRUE(p.before.best_move);
    EXPECT_EQ(p.score_before, p.before.score);
    EXPECT_EQ(p.drop, score_drop(p.score_before, p.score_after));
    EXPECT_EQ(p.mark, judge_move(p.score_before, p.score_after));
    if (p.played == *p.before.best_move) {
      EXPECT_EQ(p.drop, 0);
    }
  }
  // The score after move i is the next position's score seen from the other side.
  for (std::size_t i = 0; i + 1 < a.plies.size(); ++i) {
    if (a.plies[i].played == *a.plies[i].before.best_move) continue;
    EXPECT_EQ(a.plies[i].score_after, -a.plies[i + 1].score_before);
  }
  EXPECT_TRUE(a.final_position.best_move);
}

bool opponent_wins_at_once(Solver& solver, const Game& game) {
  return !game.result().over() && solver.solve(game, {.max_turns = 1}).status == SolveStatus::Win;
}

// Whether the side to move has a move that wins or leaves the opponent no win at once.
bool has_safe_move(Solver& solver, const Game& game) {
  MoveList moves;
  game.legal_moves(moves);
  for (const Move& m : moves) {
    Game next = game;
    next.play(m);
    if (!opponent_wins_at_once(solver, next)) return true;
  }
  return false;
}

// Seeded random games on a small board: whenever the mover had a safe move but played one
// after which the opponent wins at once (both proven by the solver, not by the search), the
// analysis must call it a blunder; a move equal to the engine's best is never marked.
TEST(GameAnalysis, MarksMovesThatHandTheOpponentAWin) {
  std::mt19937_64 rng(3);
  Solver solver(1);
  int blunders_checked = 0;
  const std::string start = "bbbbbb/bb2bb/6/ww2ww/wwwwww w";
  for (int g = 0; g < 20 && blunders_checked < 2; ++g) {
    Game game(Position::parse(start, Variant::Classic));
    const std::unique_ptr<games::AnyGame> any = games::make_game({"ordo", {{"position", start}}});
    MoveList moves;
    for (int i = 0; i < 16 && !game.result().over(); ++i) {
      game.legal_moves(moves);
      const Move move = moves[rng() % moves.size()];
      any->play(format_move(game.position(), move));
      game.play(move);
    }
    // Depth 1 sees a win at once of the opponent (quiescence looks for one first).
    GameAnalyzer analyzer(*any, {.depth = 1}, 1);
    const GameAnalysis a = analyzer.analyze_game(*any);
    Game replay(game.start_position(), game.options());
    for (const PlyAnalysis& p : a.plies) {
      const bool safe = has_safe_move(solver, replay);
      replay.play(p.played);
      if (safe && opponent_wins_at_once(solver, replay)) {
        EXPECT_EQ(p.mark, MoveMark::Blunder) << "ply " << p.ply + 1;
        ++blunders_checked;
      }
      if (p.played == *p.before.best_move) {
        EXPECT_EQ(p.mark, MoveMark::None);
      }
    }
  }
  EXPECT_GE(blunders_checked, 1) << "the sample must contain such a blunder";
}

TEST(AnalyzeCommand, RecordGivesOneLinePerMove) {
  int moves = 0;
  const std::string path = write_short_record(temp_path("game.ordo"), &moves);
  const CliRun r = run({"analyze", "--record", path, "--depth", "1"});
  EXPECT_EQ(r.code, 0) << r.err;
  const std::regex ply_line(R"(^\d+ +(White|Black) .*)");
  int ply_lines = 0;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) ply_lines += std::regex_match(line, ply_line);
  EXPECT_EQ(ply_lines, moves);
  EXPECT_NE(r.out.find("White: "), std::string::npos);
  EXPECT_TRUE(r.err.empty()) << "no progress bar when standard error is not a terminal";
  std::remove(path.c_str());
}

TEST(AnalyzeCommand, RecordAsJsonAndForcedProgress) {
  int moves = 0;
  const std::string path = write_short_record(temp_path("game.ordo"), &moves);
  const CliRun r = run({"analyze", "--record", path, "--depth", "1", "--json", "--progress"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["plies"].size(), static_cast<std::size_t>(moves));
  EXPECT_EQ(j["plies"][0]["played"], "c2-c4");
  EXPECT_TRUE(j["plies"][0]["score_before"].contains("cp"));
  EXPECT_NE(r.err.find("analysing ["), std::string::npos);
  EXPECT_NE(r.err.find(std::to_string(moves + 1) + "/" + std::to_string(moves + 1)),
            std::string::npos);
  std::remove(path.c_str());
}

TEST(AnalyzeCommand, PositionGivesBestLineAndScore) {
  const CliRun r = run({"analyze", "--position", "5b/6/1ww3/6/6 w", "--depth", "2"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("score #1 for White"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bestmove b3:c3-b5"), std::string::npos) << r.out;
  const CliRun j = run({"analyze", "--moves", "c2-c4", "--depth", "1", "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  EXPECT_EQ(nlohmann::json::parse(j.out)["side_to_move"], "Black");
}

TEST(AnalyzeCommand, ErrorsSayWhatIsWrong) {
  const CliRun missing = run({"analyze", "--record", temp_path("missing.ordo")});
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.err.find("cannot read record file"), std::string::npos) << missing.err;
  EXPECT_TRUE(missing.out.empty());

  // A directory reads as an empty stream; it is refused as what it is.
  const CliRun directory = run({"analyze", "--record", ::testing::TempDir()});
  EXPECT_EQ(directory.code, 1);
  EXPECT_NE(directory.err.find("it is a directory"), std::string::npos) << directory.err;

  // A file that never ends is read only up to the limit of a record.
  const CliRun endless = run({"analyze", "--record", "/dev/zero"});
  EXPECT_EQ(endless.code, 1);
  EXPECT_NE(endless.err.find("'/dev/zero': it is larger than 1048576 bytes"), std::string::npos)
      << endless.err;

  const std::string bad = temp_path("bad.ordo");
  std::ofstream(bad) << "[Rules \"classic\"]\n\n1. c2-c9 *\n";
  const CliRun broken = run({"analyze", "--record", bad});
  EXPECT_EQ(broken.code, 1);
  EXPECT_NE(broken.err.find("record file '" + bad + "'"), std::string::npos) << broken.err;
  std::remove(bad.c_str());

  const CliRun position = run({"analyze", "--position", "3/x2/3 w", "--depth", "1"});
  EXPECT_EQ(position.code, 1);
  EXPECT_NE(position.err.find("--position"), std::string::npos) << position.err;

  const CliRun both = run({"analyze", "--record", bad, "--moves", "c2-c4"});
  EXPECT_EQ(both.code, 1);
  EXPECT_NE(both.err.find("cannot be combined"), std::string::npos) << both.err;
}

TEST(SolveCommand, WinLineAndNoWinAndJson) {
  const CliRun win = run({"solve", "3", "--position", "bbbbbb/6/6/6/2ww2 w"});
  EXPECT_EQ(win.code, 0) << win.err;
  EXPECT_NE(win.out.find("White wins in 2 turns: c1:d1-c4 "), std::string::npos) << win.out;
  const CliRun none = run({"solve", "2", "--position", "6/6/bbbbbb/6/wwwwww w", "--rules", "x"});
  EXPECT_EQ(none.code, 0) << none.err;
  EXPECT_NE(none.out.find("No forced win for White within 2 turns."), std::string::npos);
  const CliRun json = run({"solve", "2", "--position", "5b/6/1ww3/6/6 w", "--json"});
  ASSERT_EQ(json.code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["status"], "win");
  EXPECT_EQ(j["win_in"], 1);
  EXPECT_EQ(j["line"][0], "b3:c3-b5");
}

TEST(SolveCommand, ErrorsSayWhatIsWrong) {
  for (const char* n : {"0", "31", "abc"}) {
    const CliRun r = run({"solve", n});
    EXPECT_EQ(r.code, 2) << n;
    EXPECT_NE(r.err.find("TURNS"), std::string::npos) << r.err;
  }
  const CliRun position = run({"solve", "2", "--position", "bbb/3 w"});
  EXPECT_EQ(position.code, 1);
  EXPECT_NE(position.err.find("--position"), std::string::npos) << position.err;
  const CliRun over = run({"solve", "2", "--position", "w2/3/3 b"});
  EXPECT_EQ(over.code, 1);
  EXPECT_NE(over.err.find("nothing to solve"), std::string::npos) << over.err;
}

}  // namespace
}  // namespace ordo
