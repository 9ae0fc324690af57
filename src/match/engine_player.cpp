#include "match/engine_player.h"

#include <optional>

#include "core/notation.h"
#include "match/move_limits.h"

namespace ordo::match {

EnginePlayer::EnginePlayer(std::string name, const AbSettings& settings, const MatchRules& rules)
    : name_(std::move(name)),
      settings_(settings),
      engine_(EngineOptions{.variant = rules.variant,
                            .width = rules.width,
                            .height = rules.height,
                            .hash_mib = settings.hash_mib,
                            .threads = settings.threads}) {}

std::string EnginePlayer::new_game(const Position& start, const GameOptions& /*options*/) {
  engine_.new_game();
  if (start.to_string() != engine_.game().start_position().to_string()) {
    return "the engine's start position differs from the match's";
  }
  return {};
}

MoveReply EnginePlayer::choose_move(const MoveRequest& request) {
  try {
    engine_.set_position(request.moves);
  } catch (const std::exception& e) {
    return MoveReply::failed(std::string("could not take the position: ") + e.what());
  }
  std::optional<std::string> move;
  engine_.go(to_go_limits(settings_.limits, request.clock),
             SearchCallbacks{.on_info = {},
                             .on_best_move = [&move](const Position& root, const SearchResult& r) {
                               if (r.best_move) move = format_move(root, *r.best_move);
                             }});
  engine_.wait();
  if (!move) return MoveReply::failed("the engine found no move");
  return MoveReply::played(std::move(*move));
}

}  // namespace ordo::match
