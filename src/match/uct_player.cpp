#include "match/uct_player.h"

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include "engine/game_registry.h"
#include "match/move_limits.h"
#include "ordo/ai/ordo_facade.h"
#include "ordo/notation.h"

namespace ordo::match {

namespace {

Variant variant_of(const MatchRules& rules) {
  if (!games::has_extra_player(rules.game, "uct")) {
    throw std::invalid_argument("the UCT bot does not play " + games::game_info(rules.game).title);
  }
  const auto rules_option = rules.options.find("rules");
  return rules_option != rules.options.end() && rules_option->second == "x" ? Variant::X
                                                                            : Variant::Classic;
}

}  // namespace

UctPlayer::UctPlayer(std::string name, const UctSettings& settings, const MatchRules& rules)
    : name_(std::move(name)),
      settings_(settings),
      variant_(variant_of(rules)),
      bot_(UctConfig{.exploration = settings.exploration, .seed = settings.seed}) {}

std::string UctPlayer::new_game(const games::AnyGame& /*game*/) {
  return {};  // the bot keeps nothing between moves
}

MoveReply UctPlayer::choose_move(const MoveRequest& request) {
  UctLimits limits{.time_ms = settings_.limits.movetime_ms,
                   .iterations = settings_.limits.nodes,
                   .time_basis = settings_.limits.movetime_basis};
  // The bot looks at the position alone (no history), so its string is all it needs.
  const Position root = Position::parse(request.game.position(), variant_);
  GoLimits clock;
  for (int c = 0; c < 2; ++c) {
    clock.time_left_ms[c] = request.clock.time_left_ms[c];
    clock.increment_ms[c] = request.clock.increment_ms[c];
  }
  const std::int64_t budget = clock_budget_ms(clock, root.side_to_move());
  if (budget > 0) {
    if (limits.time_ms == 0 || budget < limits.time_ms) {
      limits.time_ms = budget;
      limits.time_basis = TimeBasis::Wall;  // a clock is wall time
    }
  }
  const std::atomic<bool> stop{false};
  const UctResult result = bot_.think(root, limits, stop);
  if (!result.best_move) return MoveReply::failed("the bot found no move");
  return MoveReply::played(format_move(root, *result.best_move));
}

}  // namespace ordo::match
