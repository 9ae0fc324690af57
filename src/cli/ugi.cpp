// The UGI protocol loop: parses each command line and drives the engine facade.
#include "cli/ugi.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "cli/bounded_line.h"
#include "cli/ugi_go.h"

namespace ordo::cli {

namespace {

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

// Commands that use the game, and so settle the options first.
bool uses_game(const std::string& command) {
  return command == "isready" || command == "uginewgame" || command == "ucinewgame" ||
         command == "position" || command == "go" || command == "query";
}

// Commands that take nothing after them; words there are refused, not ignored.
bool takes_no_arguments(const std::string& command) {
  return command == "isready" || command == "uginewgame" || command == "ucinewgame" ||
         command == "ugi" || command == "uci" || command == "stop" || command == "quit";
}

}  // namespace

UgiSession::UgiSession(std::ostream& out) : out_(out) {
  start_game(spec_, settings_);
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

void UgiSession::wait_for_search() {
  if (!engine_) return;
  if (infinite_) engine_->stop();
  engine_->wait();
}

void UgiSession::finish() {
  wait_for_search();
}

void UgiSession::line_too_long() {
  error("a line longer than " + std::to_string(kMaxLineBytes) + " bytes was ignored");
}

void UgiSession::start_game(const games::GameSpec& spec, const games::EngineSettings& wanted) {
  std::unique_ptr<games::AnyGame> game = games::make_game(spec);  // throws for bad options
  games::EngineSettings settings = wanted;
  // A searcher the new game's engine lacks falls back to its default.
  const std::vector<std::string>& searchers = games::game_info(spec.game).searchers;
  if (std::find(searchers.begin(), searchers.end(), settings.searcher) == searchers.end()) {
    settings.searcher = searchers.front();
  }
  if (!games::game_info(spec.game).settable_weights) settings.eval_weights.clear();
  std::unique_ptr<games::AnyEngine> engine;
  if (games::has_engine(spec.game)) engine = games::make_engine(*game, settings);
  engine_.reset();  // its search (if any) has ended in wait_for_search()
  spec_ = spec;
  settings_ = settings;
  game_ = std::move(game);
  has_position_ = true;
  engine_ = std::move(engine);
}

void UgiSession::settle_options() {
  if (!options_.pending()) return;
  UgiOptions::Settled settled = options_.settle(spec_, settings_);
  for (const std::string& what : settled.errors) error("setoption: " + what);
  if (settled.spec.game != spec_.game || settled.spec.options != spec_.options) {
    try {
      start_game(settled.spec, settled.settings);
    } catch (const std::exception& e) {  // a game and rules that do not go together
      error(std::string("setoption: ") + e.what());
    }
    return;
  }
  if (settled.settings == settings_) return;
  try {
    if (engine_) engine_->set_settings(settled.settings);
    settings_ = settled.settings;
  } catch (const std::exception& e) {
    error(std::string("setoption: ") + e.what());
  }
}

bool UgiSession::handle(const std::string& line) {
  const std::vector<std::string> words = split(line);
  if (words.empty()) return true;
  const std::string& command = words[0];
  const std::string args = join(words, 1, words.size());
  if (takes_no_arguments(command) && !args.empty()) {
    // As `query p1turn extra` is: a client that adds words expects something we do not do.
    error(command + ": takes no arguments, got '" + args + "'");
    return true;
  }
  if (command == "isready" && engine_ && engine_->is_searching()) {
    say("readyok");  // during a search: at once, the search goes on
    return true;
  }
  if (command == "stop" || command == "quit") {
    if (engine_) {
      engine_->stop();
      engine_->wait();
    }
    return command != "quit";
  }
  wait_for_search();
  if (uses_game(command)) settle_options();
  try {
    if (command == "ugi" || command == "uci") {
      hello(command == "uci");
    } else if (command == "isready") {
      ready();
    } else if (command == "setoption") {
      set_option(args);
    } else if (command == "uginewgame" || command == "ucinewgame") {
      new_game();
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
  say("id name ordo-engine");
  say("id author the ordo-engine authors");
  for (const std::string& option : ugi_option_lines()) say(option);
  say(uci ? "uciok" : "ugiok");
}

void UgiSession::ready() {
  if (engine_) engine_->prepare();  // the table is made now, not on the first move's clock
  say("readyok");
}

void UgiSession::set_option(const std::string& args) {
  const std::vector<std::string> words = split(args);
  std::size_t value_at = 1;
  while (value_at < words.size() && words[value_at] != "value") ++value_at;
  if (words.empty() || words[0] != "name" || value_at == 1 || value_at + 1 >= words.size()) {
    throw std::invalid_argument("expected 'setoption name NAME value VALUE'");
  }
  const std::string name = join(words, 1, value_at);
  try {
    options_.set(lower(name), join(words, value_at + 1, words.size()));
  } catch (const std::invalid_argument& e) {
    // The option's name as the client wrote it.
    const std::string what = e.what();
    if (what.starts_with("unknown option"))
      throw std::invalid_argument("unknown option '" + name + "'");
    throw;
  }
}

void UgiSession::new_game() {
  has_position_ = true;
  game_ = games::make_game(spec_);
  if (engine_) {
    engine_->new_game();
    engine_->prepare();
  }
}

void UgiSession::set_position(const std::string& args) {
  const std::vector<std::string> words = split(args);
  std::size_t moves_at = 0;
  while (moves_at < words.size() && words[moves_at] != "moves") ++moves_at;
  const std::vector<std::string> moves(
      words.begin() + static_cast<std::ptrdiff_t>(std::min(moves_at + 1, words.size())),
      words.end());
  games::GameSpec spec = spec_;
  // Until a start is read, there is no position: a rejected one must not leave the last
  // game in place for the next `go` to play on.
  has_position_ = false;
  if (!words.empty() && words[0] == "startpos" && moves_at == 1) {
    spec.options.erase("position");
  } else if (!words.empty() && words[0] == "fen" && moves_at > 1) {
    // The position string has a space before the side to move: it runs up to `moves`.
    spec.options["position"] = join(words, 1, moves_at);
  } else {
    throw std::invalid_argument(
        "expected 'position startpos|fen STRING [moves M...]'; there is no position now");
  }
  std::unique_ptr<games::AnyGame> game;
  try {
    game = games::make_game(spec);
  } catch (const std::exception& e) {
    throw std::invalid_argument(std::string(e.what()) + "; there is no position now");
  }
  // The moves up to the last legal one are played, as chess engines do, and the first
  // illegal one is named.
  std::optional<std::string> rejected;
  for (std::size_t i = 0; i < moves.size() && !rejected; ++i) {
    try {
      game->play(moves[i]);
    } catch (const games::MoveError& e) {
      rejected = "move " + std::to_string(i + 1) + " '" + moves[i] + "' (" +
                 game->side_name(game->side_to_move()) + ") is illegal: " + e.what() +
                 "; the position is the one after move " + std::to_string(i);
    }
  }
  if (engine_) {
    engine_->set_position(game->start_position(), game->moves());
    engine_->prepare();  // for a client that sends no isready: not on the clock of `go`
  }
  game_ = std::move(game);
  has_position_ = true;
  if (rejected) error("position: " + *rejected);
}

const games::AnyGame& UgiSession::current_game() const {
  if (!has_position_) {
    throw std::invalid_argument("there is no position (the last 'position' was rejected)");
  }
  return *game_;
}

void UgiSession::go(const std::string& args) {
  const std::vector<std::string> words = split(args);
  if (!words.empty() && words[0] == "perft") return perft(args);
  std::string no_move;
  if (!has_position_) {
    no_move = "go: there is no position (the last 'position' was rejected)";
  } else if (!engine_) {
    no_move = "go: no engine plays " + std::string(game_->game_title()) + " yet";
  } else if (game_->is_chance_node()) {
    // The referee (the client) draws chance outcomes; an engine only plays moves.
    no_move =
        "go: the position is a chance node; send the outcome (the roll) as a move of "
        "'position' first";
  }
  if (!no_move.empty()) {
    error(no_move);
    say("bestmove (none)");
    return;
  }
  const GoRequest request = parse_go(words, game_->side_to_move());
  for (const std::string& note : request.notes) say("info string " + note);
  infinite_ = request.limits.infinite;
  final_info_.reset();
  engine_->go(request.limits,
              games::EngineCallbacks{
                  .on_info = [this](const games::SearchInfo& info) { say(info_line(info)); },
                  .on_best_move =
                      [this](const std::optional<std::string>& move) {
                        // The final info line and bestmove as one write: nothing between.
                        std::string lines;
                        if (final_info_) lines = info_line(*final_info_) + '\n';
                        say(lines + "bestmove " + move.value_or("(none)"));
                      },
                  .on_final_info = [this](const games::SearchInfo& info) { final_info_ = info; },
              });
}

void UgiSession::perft(const std::string& args) {
  const games::AnyGame& game = current_game();
  const std::vector<std::string> words = split(args);
  if (words.size() != 2) throw std::invalid_argument("expected 'go perft DEPTH'");
  std::int64_t depth = -1;
  const std::string& text = words[1];
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), depth);
  if (ec != std::errc{} || end != text.data() + text.size() || depth < 0 ||
      depth > game.max_perft_depth()) {
    throw std::invalid_argument("perft needs a whole number from 0 to " +
                                std::to_string(game.max_perft_depth()) + ", got '" + text + "'");
  }
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t count = game.perft(static_cast<int>(depth));
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();
  const auto nps = count * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(ms, 1));
  say("info depth " + std::to_string(depth) + " nodes " + std::to_string(count) + " time " +
      std::to_string(ms) + " nps " + std::to_string(nps));
}

void UgiSession::query(const std::string& args) {
  const games::AnyGame& game = current_game();
  if (args == "p1turn") {
    say(std::string("response ") + (game.side_to_move() == games::Side::First ? "true" : "false"));
  } else if (args == "gameover") {
    say(std::string("response ") + (game.result().over() ? "true" : "false"));
  } else if (args == "result") {
    say("response " + std::string(result_word(game.result().outcome)));
  } else {
    throw std::invalid_argument("expected 'query p1turn|gameover|result'");
  }
}

int run_ugi(std::istream& in, std::ostream& out) {
  UgiSession session(out);
  for (std::string line;;) {
    const LineStatus status = read_bounded_line(in, line, kMaxLineBytes);
    if (status == LineStatus::End) break;
    if (status == LineStatus::TooLong) {
      session.line_too_long();
      continue;
    }
    if (!session.handle(line)) return 0;
  }
  session.finish();
  return 0;
}

}  // namespace ordo::cli
