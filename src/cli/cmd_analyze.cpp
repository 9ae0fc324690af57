// `analyze`: the best line and score of a position (--game, --position, --moves), or of a
// whole record of any game (--record FILE) move by move, with mistakes and blunders marked
// (src/analysis/move_judgement.h has the thresholds). Text by default, --json for tools.
// Every game goes through the registry (analysis/game_analysis.h).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iomanip>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/game_analysis.h"
#include "cli/cli_game.h"
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "search/search.h"
#include "util/progress_bar.h"
#include "util/report_format.h"
#include "util/text_file.h"

namespace ordo::cli {

namespace {

using games::AnyGame;
using games::Side;

struct AnalyzeOptions {
  CommonOptions common;
  std::string record_file;
  games::GoLimits limits;
  std::size_t hash_mib = 64;
  bool json = false;
  bool progress = false;
};

// "+35", "-120", or "#3" / "#-2" for a forced win / loss in that many turns.
// The moves a position's text lists, where the engine ranks them (--json lists them all).
constexpr std::size_t kRankedShown = 5;

std::string score_text(int score) {
  if (const auto mate = mate_in_turns(score)) return "#" + std::to_string(*mate);
  return (score > 0 ? "+" : "") + std::to_string(score);
}

nlohmann::json score_json(int score) {
  nlohmann::json j;
  if (const auto mate = mate_in_turns(score)) {
    j["mate"] = *mate;
  } else {
    j["cp"] = score;
  }
  return j;
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

// A record of one game; far larger than any game's moves and tags.
constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 20;

std::unique_ptr<AnyGame> read_record_file(const std::string& path) {
  const std::string text = read_text_file(path, "record file", kMaxRecordBytes);
  try {
    return games::read_any_record(text).game;
  } catch (const games::GameError& e) {
    throw std::invalid_argument("record file '" + path + "': " + e.what());
  }
}

// Position mode.
int report_position(const AnyGame& game, const AnalyzeOptions& options, const Streams& io) {
  if (game.result().over()) {
    io.err << "nothing to analyse: " << game.result().description << '\n';
    return 1;
  }
  GameAnalyzer analyzer(game, options.limits, options.hash_mib);
  const PositionAnalysis a = analyzer.analyze_position(game);
  const std::string mover = game.side_name(game.side_to_move());
  const std::string best = a.best_move.value_or("-");
  if (options.json) {
    nlohmann::json j;
    j["game"] = std::string(game.game_name());
    j["position"] = game.position();
    j["side_to_move"] = mover;
    j["best_move"] = best;
    j["score"] = score_json(a.score);
    j["depth"] = a.depth;
    j["nodes"] = a.nodes;
    j["pv"] = a.pv;
    if (!a.ranked.empty()) {
      nlohmann::json ranked = nlohmann::json::array();
      for (const games::RankedMove& r : a.ranked)
        ranked.push_back({{"move", r.move}, {"score", score_json(r.score)}});
      j["ranked"] = ranked;
    }
    io.out << j.dump() << '\n';
    return 0;
  }
  io.out << "position " << game.position() << " (" << mover << " to move, " << game.rules_name()
         << ")\n"
         << "score " << score_text(a.score) << " for " << mover << ", depth " << a.depth
         << ", nodes " << grouped(a.nodes) << '\n'
         << "best line " << joined(a.pv) << '\n';
  if (!a.ranked.empty()) {
    const std::size_t shown = std::min(a.ranked.size(), kRankedShown);
    io.out << "the " << shown << " best of " << a.ranked.size() << " moves:\n";
    for (std::size_t i = 0; i < shown; ++i)
      io.out << "  " << std::left << std::setw(24) << a.ranked[i].move << std::right << std::setw(7)
             << score_text(a.ranked[i].score) << '\n';
  }
  io.out << "bestmove " << best << '\n';
  return 0;
}

struct MarkCounts {
  int mistakes[2] = {0, 0};
  int blunders[2] = {0, 0};
};

MarkCounts count_marks(const GameAnalysis& analysis) {
  MarkCounts c;
  for (const PlyAnalysis& p : analysis.plies) {
    if (p.mark == MoveMark::Mistake) ++c.mistakes[games::index(p.mover)];
    if (p.mark == MoveMark::Blunder) ++c.blunders[games::index(p.mover)];
  }
  return c;
}

void print_game_text(const AnyGame& game, const GameAnalysis& analysis, std::ostream& out) {
  out << "Scores are the mover's: before = the best move's, after = the move played's.\n";
  out << std::left << std::setw(5) << "ply" << std::setw(7) << "side" << std::setw(16) << "played"
      << std::setw(16) << "best" << std::right << std::setw(8) << "before" << std::setw(8)
      << "after" << std::setw(7) << "drop"
      << "  mark\n";
  for (const PlyAnalysis& p : analysis.plies) {
    out << std::left << std::setw(5) << p.ply + 1 << std::setw(7) << game.side_name(p.mover)
        << std::setw(16) << p.played + std::string(mark_symbol(p.mark)) << std::setw(16)
        << p.before.best_move.value_or("-") << std::right << std::setw(8)
        << score_text(p.score_before) << std::setw(8) << score_text(p.score_after) << std::setw(7)
        << p.drop << "  " << mark_name(p.mark) << '\n';
  }
  const MarkCounts c = count_marks(analysis);
  for (const Side side : {Side::First, Side::Second})
    out << game.side_name(side) << ": " << c.mistakes[games::index(side)] << " mistakes, "
        << c.blunders[games::index(side)] << " blunders\n";
  if (analysis.result.over()) {
    out << "result " << analysis.result.token << " (" << analysis.result.description << ")\n";
  } else if (analysis.final_position.best_move) {
    out << "game in progress; " << game.side_name(game.side_to_move()) << " to move, best "
        << *analysis.final_position.best_move << ", score "
        << score_text(analysis.final_position.score) << '\n';
  }
}

void print_game_json(const AnyGame& game, const GameAnalysis& analysis, std::ostream& out) {
  nlohmann::json plies = nlohmann::json::array();
  for (const PlyAnalysis& p : analysis.plies) {
    nlohmann::json j;
    j["ply"] = p.ply + 1;
    j["mover"] = game.side_name(p.mover);
    j["played"] = p.played;
    j["best"] = p.before.best_move.value_or("");
    j["score_before"] = score_json(p.score_before);
    j["score_after"] = score_json(p.score_after);
    j["drop"] = p.drop;
    j["mark"] = std::string(mark_name(p.mark));
    j["depth"] = p.before.depth;
    j["pv"] = p.before.pv;
    plies.push_back(j);
  }
  nlohmann::json j;
  j["game"] = std::string(game.game_name());
  j["start_position"] = game.start_position();
  j["rules"] = game.rules_name();
  j["result"] = analysis.result.token;
  j["plies"] = plies;
  const MarkCounts c = count_marks(analysis);
  for (const Side side : {Side::First, Side::Second}) {
    j["summary"][game.side_name(side)] = {{"mistakes", c.mistakes[games::index(side)]},
                                          {"blunders", c.blunders[games::index(side)]}};
  }
  out << j.dump() << '\n';
}

// Record mode.
int report_game(const AnalyzeOptions& options, const Streams& io) {
  const std::unique_ptr<AnyGame> game = read_record_file(options.record_file);
  GameAnalyzer analyzer(*game, options.limits, options.hash_mib);
  const bool show_progress = options.progress || is_terminal_stderr(io.err);
  ProgressBar bar(io.err, "analysing");
  const GameAnalysis analysis = analyzer.analyze_game(*game, [&](int done, int total) {
    if (show_progress) bar.update(done, total);
  });
  bar.finish();
  if (options.json) {
    print_game_json(*game, analysis, io.out);
  } else {
    print_game_text(*game, analysis, io.out);
  }
  return 0;
}

int run_analyze(const AnalyzeOptions& options, const Streams& io) {
  if (!options.record_file.empty()) {
    if (!options.common.position.empty() || !options.common.moves.empty())
      throw std::invalid_argument("--record cannot be combined with --position or --moves");
    return report_game(options, io);
  }
  return report_position(*make_cli_game(options.common), options, io);
}

}  // namespace

void add_analyze_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<AnalyzeOptions>();
  CLI::App* command = app.add_subcommand(
      "analyze",
      "Best line and score of a position, or of a record move by move with mistakes (score "
      "drop >= 100) and blunders (>= 300, or a forced win thrown away) marked");
  add_common_options(*command, options->common);
  command->add_option("--record", options->record_file,
                      "Analyse this game record move by move (its tags set the game and rules)");
  command->add_option("--depth", options->limits.depth, "Search each position this deep")
      ->check(CLI::Range(1, 64));
  command->add_option("--nodes", options->limits.nodes, "About this many nodes per position");
  command->add_option("--movetime", options->limits.movetime_ms, "Milliseconds per position")
      ->check(CLI::PositiveNumber);
  command->add_option("--hash", options->hash_mib, "Transposition table size in MiB")
      ->check(CLI::Range(1, 4096));
  command->add_flag("--json", options->json, "One JSON object instead of text");
  command->add_flag("--progress", options->progress,
                    "Draw the progress bar on standard error even when it is not a terminal");
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_analyze(*options, io); };
  });
}

}  // namespace ordo::cli
