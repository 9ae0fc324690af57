#include "match/engine_player.h"

#include <cstdint>
#include <optional>

#include "match/move_limits.h"
#include "util/random.h"

namespace ordo::match {

namespace {

// The text's bytes stirred through SplitMix64: the same on every platform, unlike std::hash.
std::uint64_t text_hash(const std::string& text, std::uint64_t state) {
  for (const char c : text) {
    std::uint64_t next = state ^ static_cast<unsigned char>(c);
    state = common::splitmix64(next);  // the mixed output, not just the advanced state
  }
  return common::splitmix64(state);
}

}  // namespace

std::uint64_t game_seed(const games::AnyGame& game, const std::string& player_name) {
  std::string text = game.start_position();
  for (const std::string& move : game.moves()) text += ' ' + move;
  // The name too, so the two players draw different choices from the same opening.
  return text_hash(player_name, text_hash(text, 0));
}

EnginePlayer::EnginePlayer(std::string name, const AbSettings& settings, const MatchRules& rules)
    : name_(std::move(name)),
      settings_(settings),
      engine_(games::make_engine(*games::make_game(rules),
                                 games::EngineSettings{.hash_mib = settings.hash_mib,
                                                       .threads = settings.threads,
                                                       .level = settings.level,
                                                       .eval_weights = settings.eval_weights})) {}

std::string EnginePlayer::new_game(const games::AnyGame& game) {
  if (settings_.level < games::kMaxLevel) {
    // The app seeds each game anew; here the opening and the player's name do, so the
    // lower levels' choices differ from game to game yet a match replays exactly.
    games::EngineSettings settings = engine_->settings();
    settings.seed = game_seed(game, name_);
    engine_->set_settings(settings);
  }
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
