#include "match/ugi_player.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <thread>

#include "match/engine_player.h"
#include "match/move_limits.h"

namespace ordo::match {

namespace {

bool starts_with_word(const std::string& line, const std::string& word) {
  return line == word || line.starts_with(word + " ");
}

constexpr std::uint64_t kMaxSpinSeed = 2147483646;

std::string clip(const std::string& text) {
  constexpr std::size_t kShown = 60;
  return text.size() <= kShown ? text : text.substr(0, kShown) + "...";
}

}  // namespace

UgiPlayer::UgiPlayer(std::string name, UgiSettings settings, const MatchRules& rules)
    : name_(std::move(name)), settings_(std::move(settings)), rules_(rules) {}

UgiPlayer::~UgiPlayer() {
  if (process_) process_->write_line("quit");
}

std::string UgiPlayer::fail(const std::string& what) {
  std::string reason = what;
  if (process_) {
    if (process_->exited()) reason += " (" + process_->exit_description() + ")";
    process_->kill();
  }
  failure_ = reason;
  return reason;
}

std::optional<std::string> UgiPlayer::await(const std::string& word,
                                            std::chrono::milliseconds timeout, bool& timed_out,
                                            std::vector<std::string>* skipped) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    const Subprocess::ReadResult read = process_->read_line(std::max(left, decltype(left){0}));
    switch (read.status) {
      case Subprocess::ReadStatus::Line:
        if (starts_with_word(read.line, word)) return read.line;
        if (skipped) skipped->push_back(read.line);
        continue;  // info lines and anything unknown are ignored, as in UCI
      case Subprocess::ReadStatus::Timeout:
        timed_out = true;
        fail("no '" + word + "' within " + std::to_string(timeout.count()) + " ms");
        return std::nullopt;
      case Subprocess::ReadStatus::Closed:
        // Give a crashed process a moment to be reaped, so the reason can say how it died.
        for (int i = 0; i < 500 && !process_->exited(); ++i) {
          std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        fail("the engine closed its output (crashed or quit) while we waited for '" + word + "'");
        return std::nullopt;
      case Subprocess::ReadStatus::TooLong:
        fail("the engine wrote a line longer than " + std::to_string(Subprocess::kMaxLine) +
             " bytes");
        return std::nullopt;
    }
  }
}

std::string UgiPlayer::start() {
  try {
    process_ = std::make_unique<Subprocess>(settings_.argv);
  } catch (const std::exception& e) {
    return fail(std::string("could not start '") + settings_.argv[0] + "': " + e.what());
  }
  bool timed_out = false;
  std::vector<std::string> hello;
  if (!process_->write_line("ugi") || !await("ugiok", settings_.start_timeout, timed_out, &hello)) {
    return failure_.empty() ? fail("the engine does not read its input") : failure_;
  }
  const auto seed_listed = std::any_of(hello.begin(), hello.end(), [](const std::string& line) {
    return line.starts_with("option name Seed ");
  });
  const auto seed_given = std::any_of(settings_.options.begin(), settings_.options.end(),
                                      [](const auto& option) { return option.first == "Seed"; });
  seeded_by_match_ = seed_listed && !seed_given;
  // The game's own options (Ordo: Rules, Size; others: Game first), then the player's.
  std::vector<std::pair<std::string, std::string>> options =
      games::make_game(rules_)->protocol_options();
  options.insert(options.end(), settings_.options.begin(), settings_.options.end());
  for (const auto& [option, value] : options) {
    if (!process_->write_line("setoption name " + option + " value " + value)) {
      return fail("the engine stopped reading at setoption " + option);
    }
  }
  if (!process_->write_line("isready") || !await("readyok", settings_.start_timeout, timed_out)) {
    return failure_.empty() ? fail("the engine does not read its input") : failure_;
  }
  return {};
}

std::string UgiPlayer::new_game(const games::AnyGame& game) {
  failure_.clear();
  if (!process_) {
    if (std::string failure = start(); !failure.empty()) return failure;
  }
  bool timed_out = false;
  // A spin option is 32-bit in many engines; 0 means "no seed" in ours.
  const std::string seed = std::to_string(game_seed(game, name_) % kMaxSpinSeed + 1);
  if ((seeded_by_match_ && !process_->write_line("setoption name Seed value " + seed)) ||
      !process_->write_line("uginewgame") || !process_->write_line("isready") ||
      !await("readyok", settings_.start_timeout, timed_out)) {
    return failure_.empty() ? fail("the engine does not read its input") : failure_;
  }
  return {};
}

std::chrono::milliseconds UgiPlayer::move_timeout(const MoveRequest& request) const {
  using std::chrono::milliseconds;
  if (settings_.move_timeout.count() > 0) return settings_.move_timeout;
  const games::Side mover = request.game.side_to_move();
  if (request.clock.running()) {
    return milliseconds(request.clock.time_left_ms[games::index(mover)] + 1000);
  }
  if (settings_.limits.movetime_ms > 0)
    return milliseconds(2 * settings_.limits.movetime_ms + 1000);
  return milliseconds(60'000);
}

MoveReply UgiPlayer::choose_move(const MoveRequest& request) {
  if (!process_ || !failure_.empty()) {
    return MoveReply::failed(failure_.empty() ? "the engine is not running" : failure_);
  }
  std::string position = "position startpos";
  if (!request.moves.empty()) {
    position += " moves";
    for (const std::string& move : request.moves) position += " " + move;
  }
  if (!process_->write_line(position) ||
      !process_->write_line(go_command(settings_.limits, request.clock))) {
    return MoveReply::failed(fail("the engine stopped reading its input"));
  }
  bool timed_out = false;
  const auto line = await("bestmove", move_timeout(request), timed_out);
  if (!line) return MoveReply::failed(failure_, timed_out);
  std::string move = line->size() > 9 ? line->substr(9) : "";
  if (const auto ponder = move.find(" ponder "); ponder != std::string::npos) move.resize(ponder);
  if (move.empty() || move.find_first_not_of(' ') == std::string::npos) {
    return MoveReply::failed(fail("'bestmove' without a move: '" + clip(*line) + "'"));
  }
  return MoveReply::played(move);
}

}  // namespace ordo::match
