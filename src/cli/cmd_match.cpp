// `match`: plays two players against each other (our engine, the UCT bot, or external UGI
// engines) with the game's rules core as the referee, and reports the score, Elo, LOS and
// SPRT. Ordo or Order and Chaos (--game). A thin adapter over src/match.
#include <signal.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "cli/signal_watcher.h"
#include "engine/any_game.h"
#include "match/elo_plot.h"
#include "match/match.h"
#include "match/player_spec.h"
#include "util/text_file.h"

namespace ordo::cli {

namespace {

using namespace ordo::match;

struct MatchOptions {
  std::vector<std::string> engines;
  std::string game = games::known_games().front().name;
  std::string rules;  // the game's default when empty
  std::string size;   // Ordo only; 10x8 when empty
  int games = 20;
  int concurrency = 1;
  std::uint64_t seed = 1;
  int opening_plies = 4;
  std::string openings;  // a book file; replaces the random openings
  int move_limit = 0;    // Ordo only; 0: the default of 300
  bool no_repetition = false;
  std::string tc;
  std::string sprt;
  std::string out;
  std::string plot;
  int match_to = 0;  // above 0: each game becomes a match to that many points
};

// "SECONDS" or "SECONDS+INCREMENT", e.g. "10+0.1".
TimeControl parse_tc(const std::string& text) {
  const auto plus = text.find('+');
  const auto ms = [&](const std::string& part) {
    std::size_t used = 0;
    double seconds = -1;
    try {
      seconds = std::stod(part, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != part.size() || !(seconds >= 0 && seconds <= 1e6)) {
      throw std::invalid_argument("--tc is SECONDS or SECONDS+INCREMENT (e.g. 10+0.1), not '" +
                                  text + "'");
    }
    return static_cast<std::int64_t>(seconds * 1000 + 0.5);
  };
  TimeControl tc{ms(text.substr(0, plus)),
                 plus == std::string::npos ? 0 : ms(text.substr(plus + 1))};
  if (tc.base_ms < 1) throw std::invalid_argument("--tc: the base time must be positive");
  return tc;
}

std::string percent(double fraction) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f%%", 100 * fraction);
  return buffer;
}

std::string fixed(double value, int decimals) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string interval(const EloEstimate& e) {
  if (!e.has_interval) return format_elo(e.elo) + " [no interval: all results alike]";
  return format_elo(e.elo) + " [" + format_elo(e.low) + ", " + format_elo(e.high) + "]";
}

std::string sprt_text(const SprtState& s) {
  std::string text =
      "LLR " + fixed(s.llr, 2) + " (" + fixed(s.lower, 2) + ", " + fixed(s.upper, 2) + ")";
  if (s.decision == SprtDecision::AcceptH0) text += " H0 accepted";
  if (s.decision == SprtDecision::AcceptH1) text += " H1 accepted";
  return text;
}

void print_progress(const GameReport& report, const MatchState& state, const MatchConfig& config,
                    std::ostream& out) {
  const games::AnyGame& game = *report.played.game;
  const auto& tags = report.played.tags;
  out << (config.points_target > 0 ? "match " : "game ") << report.index + 1 << '/' << config.games
      << ": " << tags.at(game.side_name(games::Side::First)) << " - "
      << tags.at(game.side_name(games::Side::Second)) << ' ';
  if (config.points_target > 0)
    out << report.match_score << " in " << report.match_games.size() << " games";
  else
    out << describe_game(report.played) << ", " << game.moves().size() << " turns";
  out << " | " << config.first.name << " +" << state.wdl.wins << " =" << state.wdl.draws << " -"
      << state.wdl.losses;
  if (!state.history.empty()) out << " Elo " << interval(state.history.back().estimate);
  if (state.sprt) out << ' ' << sprt_text(*state.sprt);
  out << '\n' << std::flush;
}

// "Ordo classic 10x8", "Order and Chaos original".
std::string game_words(const MatchRules& rules) {
  const auto game = games::make_game(rules);
  std::string words = std::string(game->game_title()) + ' ' + game->rules_name();
  if (games::game_info(rules.game).sizes.size() > 1) {
    const auto [width, height] = game->board_size();
    words += ' ' + std::to_string(width) + 'x' + std::to_string(height);
  }
  return words;
}

std::string openings_words(const MatchConfig& config, const MatchOptions& o) {
  if (config.points_target > 0)
    return "matches to " + std::to_string(config.points_target) + " points from the start";
  if (config.book.empty())
    return std::to_string(config.opening_plies) + " random plies per opening";
  return std::to_string(config.book.size()) + " openings from " + o.openings;
}

void print_summary(const MatchResult& result, const MatchConfig& config, const MatchOptions& o,
                   double seconds, std::ostream& out) {
  const MatchState& s = result.state;
  const std::string& a = config.first.name;
  out << "\nMatch " << a << " vs " << config.second.name << ": " << game_words(config.rules) << ", "
      << s.games_done << " of " << config.games
      << (config.points_target > 0 ? " matches, " : " games, ") << openings_words(config, o)
      << ", each opening twice with colours swapped; " << fixed(seconds, 1) << " s\n";
  out << a << ": " << s.wdl.wins << " wins, " << s.wdl.draws << " draws, " << s.wdl.losses
      << " losses; score " << percent(score(s.wdl)) << '\n';
  if (const auto e = elo_estimate(trinomial_samples(s.wdl))) {
    out << "Elo difference " << interval(*e) << " (95%, trinomial: games as samples)\n";
  }
  const auto pairs = pentanomial_samples(s.pairs);
  if (const auto e = elo_estimate(pairs)) {
    out << "Elo difference " << interval(*e) << " (95%, pentanomial: " << pairs.count
        << " opening pairs as samples)\n";
  }
  out << "LOS " << percent(likelihood_of_superiority(s.wdl)) << '\n';
  if (s.sprt) {
    out << "SPRT " << o.sprt << ": " << sprt_text(*s.sprt);
    if (s.sprt_decided_after > 0) out << " after " << s.sprt_decided_after << " games";
    out << '\n';
  }
  std::map<std::string, int> endings;
  for (const GameReport& g : result.games) {
    ++endings[g.played.game->result().termination];
  }
  out << "Endings:";
  for (const auto& [name, count] : endings) out << ' ' << name << ' ' << count << ';';
  out << '\n';
  for (const GameReport& g : result.games) {
    if (!g.played.reason.empty())
      out << "Forfeit in game " << g.index + 1 << ": " << g.played.reason << '\n';
  }
}

std::ofstream open_output(const std::string& path, const std::string& option) {
  std::ofstream file(path);
  if (!file) throw std::invalid_argument(option + ": cannot write '" + path + "'");
  return file;
}

// Writes each game's record as soon as every game before it is written too, so that the
// file grows during a long match (and survives an interrupted one) yet keeps the games in
// index order whatever the concurrency.
class RecordWriter {
 public:
  RecordWriter(std::ofstream& file, const std::string& path) : file_(file), path_(path) {}

  void add(const GameReport& game) {
    ++finished_;
    if (!file_.is_open()) return;
    waiting_.emplace(game.index, game.records());
    while (!waiting_.empty() && waiting_.begin()->first == next_) {
      write(waiting_.begin()->second);
      waiting_.erase(waiting_.begin());
      ++next_;
    }
  }
  // The games left waiting for one that was never played (a match the SPRT stopped) or
  // that will not finish (an interrupted match).
  void finish() {
    for (const auto& [index, record] : waiting_) write(record);
    waiting_.clear();
  }
  int written() const { return written_; }
  int finished() const { return finished_; }

 private:
  void write(const std::string& record) {
    file_ << record << '\n';
    if (!file_.flush()) throw std::runtime_error("--out: writing '" + path_ + "' failed");
    ++written_;
  }
  std::ofstream& file_;
  std::string path_;
  std::map<int, std::string> waiting_;
  int next_ = 0;
  int written_ = 0;
  int finished_ = 0;
};

// On SIGINT or SIGTERM: every finished game goes to the file, also those that finished
// after a game still in play (they would otherwise wait for it), and the user is told.
void report_interruption(int signal_number, RecordWriter& writer, const std::string& path,
                         std::ostream& out) {
  try {
    writer.finish();
  } catch (const std::exception& e) {
    out << e.what() << '\n';  // and on: the user still learns why the match ended
  }
  out << "Interrupted by " << (signal_number == SIGINT ? "SIGINT" : "SIGTERM") << " after "
      << writer.finished() << " finished games";
  if (!path.empty()) {
    out << "; the records of all of them are in " << path << " (in round order, without the "
        << "games that were in play)";
  }
  out << std::endl;
}

int run_match_command(const MatchOptions& o, const Streams& io) {
  if (o.engines.size() != 2) {
    throw std::invalid_argument("give exactly two players with --engine (got " +
                                std::to_string(o.engines.size()) + ")");
  }
  MatchConfig config;
  config.rules = {o.game, {}};
  if (!o.rules.empty()) config.rules.options["rules"] = o.rules;
  if (!o.size.empty()) config.rules.options["size"] = o.size;
  if (games::game_info(o.game).endless) {
    config.rules.options["move-limit"] = std::to_string(o.move_limit > 0 ? o.move_limit : 300);
    config.rules.options["repetition"] = o.no_repetition ? "off" : "on";
  } else if (o.move_limit > 0 || o.no_repetition) {
    throw std::invalid_argument(
        "--move-limit and --no-repetition are house rules of endless "
        "games; " +
        games::game_info(o.game).title + " always ends");
  }
  games::make_game(config.rules);  // a clear error for a rule set or size of another game
  if (!o.tc.empty()) config.clock = parse_tc(o.tc);
  if (!o.sprt.empty()) config.sprt = parse_sprt(o.sprt);
  config.first = configure_player(parse_player_spec(o.engines[0]), config.clock.has_value());
  config.second = configure_player(parse_player_spec(o.engines[1]), config.clock.has_value());
  if (config.first.name == config.second.name) {
    config.first.name += "-1";
    config.second.name += "-2";
  }
  config.games = o.games;
  config.concurrency = o.concurrency;
  config.seed = o.seed;
  config.opening_plies = o.opening_plies;
  config.points_target = o.match_to;
  if (!o.openings.empty()) {
    std::istringstream book(read_text_file(o.openings, "opening book"));
    config.book = read_openings(book, config.rules, o.openings);
  }
  // Opened first, so a bad path fails before the match rather than after it.
  std::ofstream records, plot;
  if (!o.out.empty()) records = open_output(o.out, "--out");
  if (!o.plot.empty()) plot = open_output(o.plot, "--plot");

  RecordWriter writer(records, o.out);
  std::mutex output;      // the progress lines and the records, from game threads and the watcher
  SignalWatcher signals;  // before the game threads start
  signals.start([&](int signal_number) {
    const std::lock_guard lock(output);
    report_interruption(signal_number, writer, o.out, io.out);
    std::_Exit(128 + signal_number);  // the games in play are abandoned, not waited for
  });
  const auto started = std::chrono::steady_clock::now();
  const MatchResult result = run_match(config, [&](const GameReport& r, const MatchState& s) {
    const std::lock_guard lock(output);
    print_progress(r, s, config, io.out);
    writer.add(r);
  });
  signals.stop();
  writer.finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  print_summary(result, config, o, seconds, io.out);
  if (records.is_open()) {
    io.out << "Records of " << writer.written()
           << (config.points_target > 0 ? " matches written to " : " games written to ") << o.out
           << '\n';
  }
  if (plot.is_open()) {
    plot << elo_plot_svg(result.state.history,
                         "Elo of " + config.first.name + " vs " + config.second.name);
    if (!plot.flush()) throw std::runtime_error("--plot: writing '" + o.plot + "' failed");
    io.out << "Elo plot written to " << o.plot << '\n';
  }
  return 0;
}

}  // namespace

void add_match_command(CLI::App& app, Action& chosen) {
  auto o = std::make_shared<MatchOptions>();
  CLI::App* command = app.add_subcommand(
      "match", "Play two engines against each other, the rules core as referee, with statistics");
  command
      ->add_option("--engine", o->engines,
                   "A player, twice: kind=ab|uct|ugi with key=value settings, e.g. "
                   "\"name=A,kind=ab,depth=4\", \"kind=uct,movetime=500\", "
                   "\"name=E,kind=ugi,cmd=/path/engine ugi,movetime=100,option.Hash=64\"")
      ->required()
      ->take_all();
  command->add_option("--game", o->game, game_option_help())->check(CLI::IsMember(game_names()));
  command->add_option("--rules", o->rules,
                      "Rule set: classic (default) or x for Ordo; original (default) or "
                      "exact-five for Order and Chaos");
  command->add_option("--size", o->size, "Ordo's board: 10x8 (default) or 8x8");
  command->add_option("--games", o->games, "Games to play (pairs of openings, colours swapped)")
      ->check(CLI::Range(1, 1000000));
  command->add_option("--concurrency", o->concurrency, "Games played at the same time")
      ->check(CLI::Range(1, 256));
  auto* seed = command->add_option("--seed", o->seed, "Seed of the random openings");
  auto* plies =
      command->add_option("--opening-plies", o->opening_plies, "Random plies of each opening")
          ->check(CLI::Range(0, 40));
  command
      ->add_option("--openings", o->openings,
                   "A book instead of random openings: a file with one opening a line, its "
                   "moves from the start separated by spaces ('#' starts a comment line); used "
                   "in turn, each twice with colours swapped")
      ->excludes(seed)
      ->excludes(plies);
  command
      ->add_option("--move-limit", o->move_limit,
                   "Ordo: turns after which a game is a draw (default 300)")
      ->check(CLI::Range(1, 100000));
  command
      ->add_option("--match-to", o->match_to,
                   "Play each game as a match to this many points, for games whose wins score "
                   "points (Mughrabieh: usually 31); each match's games begin from the start")
      ->check(CLI::Range(1, 1000));
  command->add_flag("--no-repetition", o->no_repetition,
                    "Turn off the house rule that a third repetition draws");
  command->add_option("--tc", o->tc, "A clock per player: SECONDS[+INCREMENT], e.g. 10+0.1");
  command->add_option("--sprt", o->sprt,
                      "Stop early by the SPRT: elo0,elo1,alpha,beta, e.g. 0,10,0.05,0.05");
  command->add_option("--out", o->out, "Write the records of all games to this file");
  command->add_option("--plot", o->plot, "Write an SVG chart of the Elo estimate to this file");
  command->callback(
      [o, &chosen] { chosen = [o](const Streams& io) { return run_match_command(*o, io); }; });
}

}  // namespace ordo::cli
