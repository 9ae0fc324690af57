#include "match/uct_player.h"

#include <algorithm>
#include <atomic>

#include "core/notation.h"
#include "engine/engine.h"
#include "match/move_limits.h"

namespace ordo::match {

UctPlayer::UctPlayer(std::string name, const UctSettings& settings)
    : name_(std::move(name)),
      settings_(settings),
      bot_(UctConfig{.exploration = settings.exploration, .seed = settings.seed}) {}

std::string UctPlayer::new_game(const Position& /*start*/, const GameOptions& /*options*/) {
  return {};  // the bot keeps nothing between moves
}

MoveReply UctPlayer::choose_move(const MoveRequest& request) {
  UctLimits limits{.time_ms = settings_.limits.movetime_ms, .iterations = settings_.limits.nodes};
  const Position& root = request.game.position();
  const std::int64_t budget =
      clock_budget_ms(to_go_limits(settings_.limits, request.clock), root.side_to_move());
  if (budget > 0) {
    limits.time_ms = limits.time_ms > 0 ? std::min(limits.time_ms, budget) : budget;
  }
  const std::atomic<bool> stop{false};
  const UctResult result = bot_.think(root, limits, stop);
  if (!result.best_move) return MoveReply::failed("the bot found no move");
  return MoveReply::played(format_move(root, *result.best_move));
}

}  // namespace ordo::match
