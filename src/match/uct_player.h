// The reference UCT bot (ordo/ai/uct.h) as a match player: Ordo only.
#pragma once

#include <string>

#include "match/player.h"
#include "match/player_factory.h"
#include "ordo/ai/uct.h"

namespace ordo::match {

class UctPlayer final : public Player {
 public:
  UctPlayer(std::string name, const UctSettings& settings, const MatchRules& rules);
  const std::string& name() const override { return name_; }
  std::string new_game(const games::AnyGame& game) override;
  MoveReply choose_move(const MoveRequest& request) override;

 private:
  std::string name_;
  UctSettings settings_;
  Variant variant_;
  UctBot bot_;
};

}  // namespace ordo::match
