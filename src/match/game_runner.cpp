#include "match/game_runner.h"

#include <chrono>
#include <stdexcept>
#include <vector>

#include "util/random.h"

namespace ordo::match {

namespace {

using Clock = std::chrono::steady_clock;
using games::Side;

class Referee {
 public:
  Referee(Player& first, Player& second, const GameSetup& setup)
      : players_{&first, &second},
        setup_(setup),
        game_(setup.make_game ? setup.make_game() : games::make_game(setup.rules)),
        dice_(setup.dice_seed) {
    if (setup.clock) {
      for (int s = 0; s < 2; ++s) {
        clock_.time_left_ms[s] = setup.clock->base_ms;
        clock_.increment_ms[s] = setup.clock->increment_ms;
      }
    }
  }

  PlayedGame play() {
    for (const std::string& text : setup_.opening.moves) moves_.push_back(game_->play(text));
    if (game_->result().over()) throw std::invalid_argument("the opening ends the game");
    for (Side s : {Side::First, Side::Second}) {
      const std::string failure = player(s).new_game(*game_);
      if (!failure.empty()) {
        forfeit(s, games::Ending::Unspecified, "could not start a game: " + failure);
        return finish();
      }
    }
    while (!game_->result().over()) turn();
    return finish();
  }

 private:
  Player& player(Side s) { return *players_[games::index(s)]; }

  void forfeit(Side loser, games::Ending how, const std::string& why) {
    game_->end(how, loser);
    reason_ = player(loser).name() + " (" + game_->side_name(loser) + "): " + why;
  }

  void turn() {
    if (game_->is_chance_node()) {  // the referee acts: no player, no clock
      game_->play_random(dice_.next());
      moves_.push_back(game_->moves().back());
      return;
    }
    const Side mover = game_->side_to_move();
    const auto started = Clock::now();
    const MoveReply reply = player(mover).choose_move(MoveRequest{*game_, moves_, clock_});
    const auto used =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
    if (!reply.move) {
      forfeit(mover, reply.timed_out ? games::Ending::Timeout : games::Ending::Unspecified,
              reply.failure);
      return;
    }
    if (clock_.running()) {
      std::int64_t& left = clock_.time_left_ms[games::index(mover)];
      left -= used;
      if (left < 0) {
        forfeit(mover, games::Ending::Timeout,
                "ran out of time (" + std::to_string(used) + " ms for the last move)");
        return;
      }
      left += clock_.increment_ms[games::index(mover)];
    }
    try {
      moves_.push_back(game_->play(*reply.move));
    } catch (const games::MoveError& e) {  // the text is not one legal move
      std::string shown = *reply.move;
      if (shown.size() > 60) shown = shown.substr(0, 60) + "...";
      forfeit(mover, games::Ending::Unspecified, "illegal move '" + shown + "': " + e.what());
    }
  }

  PlayedGame finish() {
    PlayedGame played{std::move(game_), {}, reason_};
    for (Side s : {Side::First, Side::Second}) {
      played.tags[played.game->side_name(s)] = player(s).name();
    }
    if (!reason_.empty()) played.tags["Reason"] = reason_;
    return played;
  }

  Player* players_[2];
  const GameSetup& setup_;
  std::unique_ptr<games::AnyGame> game_;
  std::vector<std::string> moves_;  // as the game writes them
  ClockState clock_;
  std::string reason_;
  common::SplitMix64 dice_;
};

}  // namespace

PlayedGame play_game(Player& first, Player& second, const GameSetup& setup) {
  return Referee(first, second, setup).play();
}

std::string describe_game(const PlayedGame& game) {
  const games::GameResult result = game.game->result();
  std::string text = result.token + " (" + result.termination;
  if (!game.reason.empty()) text += ": " + game.reason;
  return text + ")";
}

}  // namespace ordo::match
