// Our engine in-process, through the Engine facade: one instance per game.
#pragma once

#include <string>

#include "engine/engine.h"
#include "match/player.h"
#include "match/player_factory.h"

namespace ordo::match {

class EnginePlayer final : public Player {
 public:
  EnginePlayer(std::string name, const AbSettings& settings, const MatchRules& rules);
  const std::string& name() const override { return name_; }
  std::string new_game(const Position& start, const GameOptions& options) override;
  MoveReply choose_move(const MoveRequest& request) override;

 private:
  std::string name_;
  AbSettings settings_;
  Engine engine_;
};

}  // namespace ordo::match
