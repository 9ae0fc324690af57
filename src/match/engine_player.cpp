#include "match/engine_player.h"

#include <optional>

#include "match/move_limits.h"

namespace ordo::match {

EnginePlayer::EnginePlayer(std::string name, const AbSettings& settings, const MatchRules& rules)
    : name_(std::move(name)),
      settings_(settings),
      engine_(games::make_engine(
          *games::make_game(rules),
          games::EngineSettings{.hash_mib = settings.hash_mib, .threads = settings.threads})) {}

std::string EnginePlayer::new_game(const games::AnyGame& /*game*/) {
  engine_->new_game();
  return {};
}

MoveReply EnginePlayer::choose_move(const MoveRequest& request) {
  try {
    engine_->set_position(request.game.start_position(), request.moves);
  } catch (const std::exception& e) {
    return MoveReply::failed(std::string("could not take the position: ") + e.what());
  }
  std::optional<std::string> move;
  engine_->go(to_go_limits(settings_.limits, request.clock),
              games::EngineCallbacks{
                  .on_info = {},
                  .on_best_move = [&move](const std::optional<std::string>& m) { move = m; }});
  engine_->wait();
  if (!move) return MoveReply::failed("the engine found no move");
  return MoveReply::played(std::move(*move));
}

}  // namespace ordo::match
