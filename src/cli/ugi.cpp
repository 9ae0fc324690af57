// The UGI protocol loop: parses each command line and drives the engine facade.
#include "cli/ugi.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <istream>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace ordo::cli {

namespace {

constexpr int kMaxPerftDepth = 12;

// The `go` parameters that take a number.
const std::set<std::string, std::less<>> kValueKeys = {"p1time",    "p2time",   "p1inc", "p2inc",
                                                       "wtime",     "btime",    "winc",  "binc",
                                                       "movestogo", "movetime", "depth", "nodes"};

std::vector<std::string> split(const std::string& text) {
  std::istringstream words(text);
  std::vector<std::string> out;
  for (std::string word; words >> word;) out.push_back(word);
  return out;
}

std::string join(const std::vector<std::string>& words, std::size_t begin, std::size_t end) {
  std::string out;
  for (std::size_t i = begin; i < end; ++i) out += (i > begin ? " " : "") + words[i];
  return out;
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return text;
}

std::optional<std::int64_t> to_number(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// A whole number in [low, high], or an exception naming what was expected.
std::int64_t number_in(const std::string& what, const std::string& text, std::int64_t low,
                       std::int64_t high) {
  const auto value = to_number(text);
  if (!value || *value < low || *value > high) {
    throw std::invalid_argument(what + " needs a whole number from " + std::to_string(low) +
                                " to " + std::to_string(high) + ", got '" + text + "'");
  }
  return *value;
}

// p1time/p1inc/wtime/winc are the first player's (0), p2time/p2inc/btime/binc the second's.
int player_index(const std::string& key) {
  return key.starts_with("p2") || key.starts_with("b") ? 1 : 0;
}

std::string info_line(const games::SearchInfo& info) {
  std::string line = "info depth " + std::to_string(info.depth) + " score ";
  line += info.mate ? "mate " + std::to_string(*info.mate) : "cp " + std::to_string(info.score);
  line += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nodes_per_second) +
          " time " + std::to_string(info.elapsed_ms) + " pv";
  for (const std::string& move : info.pv) line += ' ' + move;
  return line;
}

std::string_view result_word(games::Outcome outcome) {
  switch (outcome) {
    case games::Outcome::FirstWins:
      return "p1win";
    case games::Outcome::SecondWins:
      return "p2win";
    case games::Outcome::Draw:
      return "draw";
    case games::Outcome::Ongoing:
      break;
  }
  return "none";
}

// "var a var b" of a combo option.
std::string vars(const std::vector<std::string>& values) {
  std::string out;
  for (const std::string& value : values) out += " var " + value;
  return out;
}

// The limits of `go`; throws std::invalid_argument for an unknown or malformed parameter.
games::GoLimits parse_go(const std::vector<std::string>& words) {
  games::GoLimits limits;
  bool limited = false;
  constexpr std::int64_t kMax = std::int64_t{1} << 48;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& key = words[i];
    if (key == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (!kValueKeys.contains(key)) throw std::invalid_argument("unknown parameter '" + key + "'");
    if (i + 1 >= words.size()) throw std::invalid_argument("'" + key + "' needs a value");
    const std::string& value = words[++i];
    if (key == "p1time" || key == "wtime" || key == "p2time" || key == "btime") {
      // Some interfaces send a negative time when the clock has run out: no time.
      const std::int64_t t = std::max<std::int64_t>(number_in(key, value, -kMax, kMax), 0);
      limits.time_left_ms[player_index(key)] = t;
    } else if (key == "p1inc" || key == "winc" || key == "p2inc" || key == "binc") {
      const std::int64_t t = number_in(key, value, 0, kMax);
      limits.increment_ms[player_index(key)] = t;
    } else if (key == "movestogo") {
      limits.moves_to_go = static_cast<int>(number_in(key, value, 0, 10000));
    } else if (key == "movetime") {
      limits.movetime_ms = number_in(key, value, 1, kMax);
    } else if (key == "depth") {
      limits.depth = static_cast<int>(number_in(key, value, 1, 64));
    } else {  // nodes
      limits.nodes = static_cast<std::uint64_t>(number_in(key, value, 1, kMax));
    }
    limited = limited || key != "movestogo";
  }
  // `go` with no limit at all searches until stop, as in UCI practice.
  if (!limited) limits.infinite = true;
  return limits;
}

}  // namespace

UgiSession::UgiSession(std::ostream& out) : out_(out) {
  start_game(spec_);
}

UgiSession::~UgiSession() {
  if (engine_) {
    engine_->stop();
    engine_->wait();
  }
}

void UgiSession::say(const std::string& line) {
  const std::lock_guard lock(out_mutex_);
  out_ << line << '\n' << std::flush;
}

void UgiSession::settle() {
  if (!engine_) return;
  if (infinite_) engine_->stop();
  engine_->wait();
}

void UgiSession::finish() {
  settle();
}

void UgiSession::start_game(const games::GameSpec& spec) {
  std::unique_ptr<games::AnyGame> game = games::make_game(spec);  // throws for bad options
  // A searcher the new game's engine lacks (MCTS) falls back to its default.
  games::EngineSettings settings = settings_;
  const std::vector<std::string>& searchers = games::game_info(spec.game).searchers;
  if (std::find(searchers.begin(), searchers.end(), settings.searcher) == searchers.end()) {
    settings.searcher = searchers.front();
  }
  if (spec.game != "ordo") settings.eval_weights.clear();  // Ordo's feature names
  std::unique_ptr<games::AnyEngine> engine;
  if (games::has_engine(spec.game)) engine = games::make_engine(*game, settings);
  engine_.reset();  // its search (if any) has ended in settle()
  spec_ = spec;
  settings_ = settings;
  game_ = std::move(game);
  engine_ = std::move(engine);
}

bool UgiSession::handle(const std::string& line) {
  const std::vector<std::string> words = split(line);
  if (words.empty()) return true;
  const std::string& command = words[0];
  const std::string args = join(words, 1, words.size());
  if (command == "isready") {
    say("readyok");
    return true;
  }
  if (command == "stop" || command == "quit") {
    if (engine_) {
      engine_->stop();
      engine_->wait();
    }
    return command != "quit";
  }
  settle();
  try {
    if (command == "ugi" || command == "uci") {
      hello(command == "uci");
    } else if (command == "setoption") {
      set_option(args);
    } else if (command == "uginewgame" || command == "ucinewgame") {
      game_ = games::make_game(spec_);
      if (engine_) engine_->new_game();
    } else if (command == "position") {
      set_position(args);
    } else if (command == "go") {
      go(args);
    } else if (command == "query") {
      query(args);
    } else {
      error("unknown command '" + command + "'");
    }
  } catch (const std::exception& e) {  // the command is dropped, the state is as before it
    error(command + ": " + e.what());
  }
  return true;
}

void UgiSession::hello(bool uci) {
  const games::GameInfo& info = games::game_info(spec_.game);
  say("id name ordo-engine");
  say("id author the ordo-engine authors");
  // Ordo's list is the one Ordo-only interfaces have always seen (ugi.h).
  if (info.name != "ordo") {
    std::vector<std::string> names;
    for (const games::GameInfo& game : games::known_games()) names.push_back(game.name);
    say("option name Game type combo default " + names.front() + vars(names));
  }
  say("option name Rules type combo default " + info.rule_sets.front() + vars(info.rule_sets));
  if (info.sizes.size() > 1) {
    say("option name Size type combo default " + info.sizes.front() + vars(info.sizes));
  }
  say("option name Hash type spin default " + std::to_string(games::EngineSettings{}.hash_mib) +
      " min 1 max 4096");
  say("option name Threads type spin default 1 min 1 max 256");
  say("option name Searcher type combo default " + info.searchers.front() + vars(info.searchers));
  say("option name Level type spin default " + std::to_string(games::kMaxLevel) + " min " +
      std::to_string(games::kMinLevel) + " max " + std::to_string(games::kMaxLevel));
  if (info.name == "ordo") say("option name EvalWeights type string default <empty>");
  say(uci ? "uciok" : "ugiok");
}

void UgiSession::set_option(const std::string& args) {
  const std::vector<std::string> words = split(args);
  std::size_t value_at = 1;
  while (value_at < words.size() && words[value_at] != "value") ++value_at;
  if (words.empty() || words[0] != "name" || value_at == 1 || value_at + 1 >= words.size()) {
    throw std::invalid_argument("expected 'setoption name NAME value VALUE'");
  }
  const std::string name = lower(join(words, 1, value_at));
  const std::string value = join(words, value_at + 1, words.size());
  if (name == "game" || name == "rules" || name == "size") {
    games::GameSpec spec = spec_;
    if (name == "game") {
      games::game_info(value);  // throws for an unknown game
      if (value != spec_.game) spec = games::GameSpec{value, {}};
    } else {
      spec.options[name] = value;
    }
    // The same game and rules again keep the position (as a real change would not).
    if (spec.game != spec_.game || spec.options != spec_.options) start_game(spec);
    return;
  }
  games::EngineSettings settings = settings_;
  if (name == "hash") {
    settings.hash_mib = static_cast<std::size_t>(number_in("Hash", value, 1, 4096));
  } else if (name == "threads") {
    settings.threads = static_cast<int>(number_in("Threads", value, 1, 256));
  } else if (name == "searcher") {
    const std::vector<std::string>& searchers = games::game_info(spec_.game).searchers;
    if (std::find(searchers.begin(), searchers.end(), value) == searchers.end()) {
      std::string known;
      for (const std::string& s : searchers) known += (known.empty() ? "" : " or ") + s;
      throw std::invalid_argument("Searcher is " + known + ", not '" + value + "'");
    }
    settings.searcher = value;
  } else if (name == "level") {
    settings.level =
        static_cast<int>(number_in("Level", value, games::kMinLevel, games::kMaxLevel));
  } else if (name == "evalweights" && spec_.game == "ordo") {
    // "name=value,..." over the rule set's weights (docs/tuning.md); <empty>: the defaults.
    settings.eval_weights = value == "<empty>" ? "" : value;
  } else {
    throw std::invalid_argument("unknown option '" + join(words, 1, value_at) + "'");
  }
  if (engine_) engine_->set_settings(settings);
  settings_ = settings;
}

void UgiSession::set_position(const std::string& args) {
  const std::vector<std::string> words = split(args);
  std::size_t moves_at = 0;
  while (moves_at < words.size() && words[moves_at] != "moves") ++moves_at;
  const std::vector<std::string> moves(
      words.begin() + static_cast<std::ptrdiff_t>(std::min(moves_at + 1, words.size())),
      words.end());
  games::GameSpec spec = spec_;
  if (!words.empty() && words[0] == "startpos" && moves_at == 1) {
    spec.options.erase("position");
  } else if (!words.empty() && words[0] == "fen" && moves_at > 1) {
    // The position string has a space before the side to move: it runs up to `moves`.
    spec.options["position"] = join(words, 1, moves_at);
  } else {
    throw std::invalid_argument("expected 'position startpos|fen STRING [moves M...]'");
  }
  // Built aside so that a bad position or move leaves the current one untouched.
  std::unique_ptr<games::AnyGame> game = games::make_game(spec);
  games::play_moves(*game, moves);
  if (engine_) engine_->set_position(game->start_position(), game->moves());
  game_ = std::move(game);
}

void UgiSession::go(const std::string& args) {
  const std::vector<std::string> words = split(args);
  if (!words.empty() && words[0] == "perft") return perft(args);
  const games::GoLimits limits = parse_go(words);
  if (!engine_) {
    throw std::invalid_argument("no engine plays " + std::string(game_->game_title()) +
                                " yet (go perft N works)");
  }
  infinite_ = limits.infinite;
  engine_->go(limits,
              games::EngineCallbacks{
                  .on_info = [this](const games::SearchInfo& info) { say(info_line(info)); },
                  .on_best_move =
                      [this](const std::optional<std::string>& move) {
                        say("bestmove " + move.value_or("(none)"));
                      },
              });
}

void UgiSession::perft(const std::string& args) {
  const std::vector<std::string> words = split(args);
  if (words.size() != 2) throw std::invalid_argument("expected 'go perft DEPTH'");
  const int depth = static_cast<int>(number_in("perft", words[1], 0, game_->max_perft_depth()));
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t count = game_->perft(depth);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();
  const auto nps = count * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(ms, 1));
  say("info depth " + std::to_string(depth) + " nodes " + std::to_string(count) + " time " +
      std::to_string(ms) + " nps " + std::to_string(nps));
}

void UgiSession::query(const std::string& args) {
  if (args == "p1turn") {
    say(std::string("response ") +
        (game_->side_to_move() == games::Side::First ? "true" : "false"));
  } else if (args == "gameover") {
    say(std::string("response ") + (game_->result().over() ? "true" : "false"));
  } else if (args == "result") {
    say("response " + std::string(result_word(game_->result().outcome)));
  } else {
    throw std::invalid_argument("expected 'query p1turn|gameover|result'");
  }
}

int run_ugi(std::istream& in, std::ostream& out) {
  UgiSession session(out);
  for (std::string line; std::getline(in, line);) {
    if (!session.handle(line)) return 0;
  }
  session.finish();
  return 0;
}

}  // namespace ordo::cli
