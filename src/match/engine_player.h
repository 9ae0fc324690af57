// Our engine in-process, through the run-time engine interface (games/any_engine.h): one
// instance per game. A level (AbSettings::level) goes to the engine's settings, the same
// path the app's engine takes, so a level plays here as it does there.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "engine/any_engine.h"
#include "match/player.h"
#include "match/player_factory.h"

namespace ordo::match {

// The seed of the lower levels' randomness for one game: from the game as it starts (its
// start position and opening) and the player's name.
std::uint64_t game_seed(const games::AnyGame& game, const std::string& player_name);

class EnginePlayer final : public Player {
 public:
  EnginePlayer(std::string name, const AbSettings& settings, const MatchRules& rules);
  const std::string& name() const override { return name_; }
  std::string new_game(const games::AnyGame& game) override;
  MoveReply choose_move(const MoveRequest& request) override;

 private:
  std::string name_;
  AbSettings settings_;
  std::unique_ptr<games::AnyEngine> engine_;
};

}  // namespace ordo::match
