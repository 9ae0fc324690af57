#include "match/game_runner.h"

#include <chrono>
#include <stdexcept>
#include <vector>

#include "core/notation.h"

namespace ordo::match {

namespace {

using Clock = std::chrono::steady_clock;

Outcome win_for(Color c) {
  return c == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
}

class Referee {
 public:
  Referee(Player& white, Player& black, const GameSetup& setup)
      : players_{&white, &black},
        setup_(setup),
        game_(Position::start(setup.rules.variant, setup.rules.width, setup.rules.height),
              setup.options) {
    if (setup.clock) {
      for (int c = 0; c < 2; ++c) {
        clock_.time_left_ms[c] = setup.clock->base_ms;
        clock_.increment_ms[c] = setup.clock->increment_ms;
      }
    }
  }

  PlayedGame play() {
    for (const std::string& text : setup_.opening.moves) play_text(text);
    if (game_.result().over()) throw std::invalid_argument("the opening ends the game");
    for (Color c : {Color::White, Color::Black}) {
      const std::string failure = player(c).new_game(game_.start_position(), setup_.options);
      if (!failure.empty()) {
        forfeit(c, Termination::Unspecified, "could not start a game: " + failure);
        return finish();
      }
    }
    while (!game_.result().over()) turn();
    return finish();
  }

 private:
  Player& player(Color c) { return *players_[index(c)]; }

  void play_text(const std::string& text) {
    const Position before = game_.position();
    const Move move = game_.play(text);
    moves_.push_back(format_move(before, move));
  }

  void forfeit(Color loser, Termination how, const std::string& why) {
    game_.set_result(Result{win_for(opponent(loser)), how});
    reason_ = player(loser).name() + " (" + std::string(color_name(loser)) + "): " + why;
  }

  void turn() {
    const Color mover = game_.position().side_to_move();
    const auto started = Clock::now();
    const MoveReply reply = player(mover).choose_move(MoveRequest{game_, moves_, clock_});
    const auto used =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
    if (!reply.move) {
      forfeit(mover, reply.timed_out ? Termination::Timeout : Termination::Unspecified,
              reply.failure);
      return;
    }
    if (clock_.running()) {
      std::int64_t& left = clock_.time_left_ms[index(mover)];
      left -= used;
      if (left < 0) {
        forfeit(mover, Termination::Timeout,
                "ran out of time (" + std::to_string(used) + " ms for the last move)");
        return;
      }
      left += clock_.increment_ms[index(mover)];
    }
    try {
      play_text(*reply.move);
    } catch (const std::exception& e) {  // MoveError: the text is not one legal move
      std::string shown = *reply.move;
      if (shown.size() > 60) shown = shown.substr(0, 60) + "...";
      forfeit(mover, Termination::Unspecified, "illegal move '" + shown + "': " + e.what());
    }
  }

  PlayedGame finish() {
    Record record{game_, setup_.rules.variant, {}};
    record.tags["White"] = players_[0]->name();
    record.tags["Black"] = players_[1]->name();
    if (!reason_.empty()) record.tags["Reason"] = reason_;
    return {std::move(record), reason_};
  }

  Player* players_[2];
  const GameSetup& setup_;
  Game game_;
  std::vector<std::string> moves_;
  ClockState clock_;
  std::string reason_;
};

}  // namespace

PlayedGame play_game(Player& white, Player& black, const GameSetup& setup) {
  return Referee(white, black, setup).play();
}

std::string describe_game(const PlayedGame& game) {
  const Result result = game.record.game.result();
  std::string text = std::string(result_token(result.outcome));
  text += " (" + std::string(termination_name(result.termination));
  if (!game.reason.empty()) text += ": " + game.reason;
  return text + ")";
}

}  // namespace ordo::match
