// `stats`: plays many games of a game and rule set with chosen players and measures them
// (outcomes, Ludii's metrics, lengths, choice, the course of the games); `stats merge`
// adds up the shards of a run; `stats compare` sets runs side by side. A thin adapter
// over src/stats; docs/stats.md.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "engine/any_game.h"
#include "stats/stats_json.h"
#include "stats/stats_runner.h"
#include "stats/stats_svg.h"
#include "stats/stats_text.h"
#include "util/progress_bar.h"
#include "util/text_file.h"

namespace ordo::cli {

namespace {

// "ordo: classic, x; orderchaos: original, exact-five", for the help.
std::string rule_sets_help() {
  std::string help;
  for (const games::GameInfo& game : games::known_games()) {
    help += (help.empty() ? "" : "; ") + game.name + ":";
    for (const std::string& rules : game.rule_sets)
      help += (rules == game.rule_sets.front() ? " " : ", ") + rules;
  }
  return help;
}

struct StatsOptions {
  std::string game = games::known_games().front().name;
  std::string rules;                 // the game's default when empty
  std::string size;                  // the game's default when empty
  std::vector<std::string> options;  // more game options, KEY=VALUE
  std::uint64_t games = 1000;
  std::string first = "random";
  std::string second = "random";
  int threads = 1;
  std::uint64_t seed = 1;
  std::string shard = "1/1";
  int random_plies = 0;
  int eval_every = 0;
  std::uint64_t eval_nodes = 2000;
  int decisive_score = 400;
  int match_to = 0;
  bool progress = false;
  std::string json;
  std::string svg_dir;
};

struct MergeOptions {
  std::vector<std::string> inputs;
  std::string json;
  std::string svg_dir;
};

struct CompareOptions {
  std::vector<std::string> inputs;
  std::string svg;
};

games::GameSpec game_spec(const StatsOptions& o) {
  const games::GameInfo& info = games::game_info(o.game);
  games::GameSpec spec{o.game, {}};
  // Written out, so that a run with the defaults and one naming them are the same run.
  spec.options["rules"] = o.rules.empty() ? info.rule_sets.front() : o.rules;
  spec.options["size"] = o.size.empty() ? info.sizes.front() : o.size;
  for (const std::string& option : o.options) {
    const auto equals = option.find('=');
    if (equals == std::string::npos || equals == 0)
      throw std::invalid_argument("--option is KEY=VALUE, e.g. move-limit=300, not '" + option +
                                  "'");
    const std::string key = option.substr(0, equals);
    if (spec.options.count(key) != 0)
      throw std::invalid_argument("--option " + key + " is given twice (or also by --" + key + ")");
    spec.options[key] = option.substr(equals + 1);
  }
  return spec;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream file = open_output_file(path);
  file << text;
  if (!file.flush()) throw std::runtime_error("writing '" + path + "' failed");
}

void write_outputs(const stats::RunResult& run, const std::string& json, const std::string& svg_dir,
                   std::ostream& out) {
  if (!json.empty()) {
    write_file(json, stats::write_stats_json(run));
    out << "JSON written to " << json << '\n';
  }
  if (!svg_dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(svg_dir, error);
    if (error)
      throw std::invalid_argument("--svg-dir: cannot make '" + svg_dir + "': " + error.message());
    const std::filesystem::path dir(svg_dir);
    write_file((dir / "length.svg").string(), stats::length_histogram_svg(run));
    write_file((dir / "branching.svg").string(), stats::branching_profile_svg(run));
    write_file((dir / "pieces.svg").string(), stats::pieces_by_ply_svg(run));
    out << "Plots written to " << svg_dir << " (length.svg, branching.svg, pieces.svg)\n";
  }
}

int run_stats_command(const StatsOptions& o, const Streams& io) {
  stats::RunResult run;
  run.settings.game = game_spec(o);
  run.settings.first = stats::parse_player_choice(o.first);
  run.settings.second = stats::parse_player_choice(o.second);
  run.settings.games = o.games;
  run.settings.seed = o.seed;
  run.settings.random_plies = o.random_plies;
  run.settings.eval_every = o.eval_every;
  run.settings.eval_nodes = o.eval_nodes;
  run.settings.decisive_score = o.decisive_score;
  run.settings.match_to = o.match_to;
  const stats::Shard shard = stats::parse_shard(o.shard);
  run.shard_count = shard.count;
  run.shards_played = {shard.index};
  const auto game = games::make_game(run.settings.game);  // a bad option fails before any game
  run.facts = game->facts();
  if ((run.settings.first.is_engine() || run.settings.second.is_engine() || o.eval_every > 0) &&
      !games::has_engine(o.game)) {
    throw std::invalid_argument(std::string(game->game_title()) +
                                " has no engine to play or evaluate");
  }

  const char* const items = o.match_to > 0 ? "matches" : "games";
  ProgressBar bar(io.err, items);
  const bool show = o.progress || is_terminal_stderr(io.err);
  const auto started = std::chrono::steady_clock::now();
  const auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  stats::RunControl control{o.threads, shard, {}};
  if (show) {
    control.on_progress = [&](std::uint64_t done, std::uint64_t total) {
      bar.update(static_cast<int>(done), static_cast<int>(total),
                 time_left_text(seconds(), done, total));
    };
  }
  run.tally = stats::run_games(run.settings, control);
  bar.finish();
  const double spent = seconds();

  io.out << stats::summary_text(run);
  char speed[96];
  std::snprintf(speed, sizeof speed, "%.1f s, %.1f games/s on %d threads", spent,
                spent > 0 ? static_cast<double>(run.tally.games) / spent : 0.0, o.threads);
  io.out << run.tally.games << " games";
  if (o.match_to > 0) io.out << " in " << run.tally.matches.matches << " matches";
  io.out << " (shard " << shard.text() << "), " << speed << '\n';
  write_outputs(run, o.json, o.svg_dir, io.out);
  return 0;
}

std::vector<stats::RunResult> read_all(const std::vector<std::string>& paths) {
  std::vector<stats::RunResult> runs;
  for (const std::string& path : paths)
    runs.push_back(stats::read_stats_json(read_text_file(path, "stats file"), path));
  return runs;
}

int run_merge_command(const MergeOptions& o, const Streams& io) {
  const stats::RunResult merged = stats::merge_results(read_all(o.inputs), o.inputs);
  io.out << stats::summary_text(merged);
  write_outputs(merged, o.json, o.svg_dir, io.out);
  return 0;
}

int run_compare_command(const CompareOptions& o, const Streams& io) {
  const std::vector<stats::RunResult> runs = read_all(o.inputs);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const stats::Interval ci = stats::first_player_score_interval(runs[i].tally);
    char line[96];
    std::snprintf(line, sizeof line, "first player's score %.1f%% [%.1f%%, %.1f%%]",
                  100 * stats::first_player_score(runs[i].tally), 100 * ci.low, 100 * ci.high);
    io.out << o.inputs[i] << ": " << stats::run_title(runs[i]) << ": " << line << '\n';
  }
  if (!o.svg.empty()) {
    write_file(o.svg, stats::score_by_run_svg(runs));
    io.out << "Plot written to " << o.svg << '\n';
  }
  return 0;
}

void add_merge(CLI::App& stats_command, Action& chosen) {
  auto o = std::make_shared<MergeOptions>();
  CLI::App* command = stats_command.add_subcommand(
      "merge", "Add up the JSON files of a run's shards (--shard K/N) into the whole run");
  command->add_option("files", o->inputs, "The shards' JSON files")
      ->required()
      ->check(CLI::ExistingFile);
  command->add_option("--json", o->json, "Write the merged run's JSON to this file");
  command->add_option("--svg-dir", o->svg_dir, "Write the merged run's plots into this folder");
  command->callback(
      [o, &chosen] { chosen = [o](const Streams& io) { return run_merge_command(*o, io); }; });
}

void add_compare(CLI::App& stats_command, Action& chosen) {
  auto o = std::make_shared<CompareOptions>();
  CLI::App* command = stats_command.add_subcommand(
      "compare", "Set runs side by side: the first player's score of each, e.g. by level");
  command->add_option("files", o->inputs, "JSON files of runs, in the order to plot")
      ->required()
      ->check(CLI::ExistingFile);
  command->add_option("--svg", o->svg, "Write an SVG plot of the first player's score by run");
  command->callback(
      [o, &chosen] { chosen = [o](const Streams& io) { return run_compare_command(*o, io); }; });
}

}  // namespace

void add_stats_command(CLI::App& app, Action& chosen) {
  auto o = std::make_shared<StatsOptions>();
  CLI::App* command = app.add_subcommand(
      "stats", "Play many games with chosen players and measure them (docs/stats.md)");
  command->require_subcommand(0, 1);
  command->add_option("--game", o->game, game_option_help())->check(CLI::IsMember(game_names()));
  command->add_option("--rules", o->rules,
                      "Rule set of the game (its first is the default): " + rule_sets_help());
  command->add_option("--size", o->size, "Ordo's board: 10x8 (default) or 8x8");
  command->add_option("--option", o->options,
                      "Another game option, KEY=VALUE, e.g. move-limit=300 or repetition=off");
  command->add_option("--games", o->games, "Games of the whole run (over all shards)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}));
  command->add_option("--first,--white", o->first,
                      "The first player: random, level:N (1..10), nodes:N or time:MS a move");
  command->add_option("--second,--black", o->second, "The second player, as --first");
  command->add_option("--threads", o->threads, "Games played at the same time")
      ->check(CLI::Range(1, 256));
  command->add_option("--seed", o->seed, "The run's seed: the same seed, the same games");
  command->add_option(
      "--shard", o->shard,
      "Play only shard K of N (games K, K+N, ...); merge the N files with 'stats merge'");
  command
      ->add_option("--random-plies", o->random_plies,
                   "Plies played uniformly at random before the players take over")
      ->check(CLI::Range(0, 1000));
  command
      ->add_option("--eval-every", o->eval_every,
                   "Evaluate the position every N plies with the engine at --eval-nodes "
                   "(for decisiveness and lead changes in games without an engine player)")
      ->check(CLI::Range(0, 1000));
  command->add_option("--eval-nodes", o->eval_nodes, "Nodes of each --eval-every evaluation")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
  command
      ->add_option("--decisive-score", o->decisive_score,
                   "The winner's evaluation from which a game counts as decided")
      ->check(CLI::Range(1, 1000000));
  command
      ->add_option("--match-to", o->match_to,
                   "Play matches to this many points instead of single games (games worth "
                   "points only): --games counts matches, every game of them is counted too")
      ->check(CLI::Range(1, 1000));
  command->add_flag("--progress", o->progress,
                    "Draw the progress bar on standard error even when it is not a terminal");
  command->add_option("--json", o->json, "Write the run as JSON to this file");
  command->add_option("--svg-dir", o->svg_dir, "Write SVG plots into this folder");
  add_merge(*command, chosen);
  add_compare(*command, chosen);
  command->callback([o, command, &chosen] {
    if (command->get_subcommands().empty())
      chosen = [o](const Streams& io) { return run_stats_command(*o, io); };
  });
}

}  // namespace ordo::cli
