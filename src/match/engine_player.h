// Our engine in-process, through the run-time engine interface (games/any_engine.h): one
// instance per game.
#pragma once

#include <memory>
#include <string>

#include "games/any_engine.h"
#include "match/player.h"
#include "match/player_factory.h"

namespace ordo::match {

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
