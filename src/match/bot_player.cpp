#include "match/bot_player.h"

#include <stdexcept>

#include "engine/game_registry.h"
#include "match/move_limits.h"

namespace ordo::match {

namespace {

std::unique_ptr<games::AnyBot> make_bot(std::string_view kind, const UctSettings& settings,
                                        const MatchRules& rules) {
  const games::GameEntry& entry = games::game_entry(rules.game);
  if (!games::has_extra_player(rules.game, kind) || entry.make_bot == nullptr) {
    throw std::invalid_argument("the " + std::string(kind) + " bot does not play " +
                                entry.info.title);
  }
  return entry.make_bot(
      kind, rules.options,
      games::BotSettings{.seed = settings.seed, .exploration = settings.exploration});
}

}  // namespace

BotPlayer::BotPlayer(std::string name, std::string_view kind, const UctSettings& settings,
                     const MatchRules& rules)
    : name_(std::move(name)), limits_(settings.limits), bot_(make_bot(kind, settings, rules)) {}

std::string BotPlayer::new_game(const games::AnyGame& /*game*/) {
  return {};  // the bot keeps nothing between moves
}

MoveReply BotPlayer::choose_move(const MoveRequest& request) {
  const std::optional<std::string> move =
      bot_->choose_move(request.game, to_go_limits(limits_, request.clock));
  if (!move) return MoveReply::failed("the bot found no move");
  return MoveReply::played(*move);
}

}  // namespace ordo::match
