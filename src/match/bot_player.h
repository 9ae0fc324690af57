// A game's reference bot (engine/any_bot.h, made by its registry entry) as a match player:
// kind=uct, for the games whose entry lists it.
#pragma once

#include <memory>
#include <string>

#include "engine/any_bot.h"
#include "match/player.h"
#include "match/player_factory.h"

namespace ordo::match {

class BotPlayer final : public Player {
 public:
  // Throws std::invalid_argument if the game has no bot of that kind.
  BotPlayer(std::string name, std::string_view kind, const UctSettings& settings,
            const MatchRules& rules);
  const std::string& name() const override { return name_; }
  std::string new_game(const games::AnyGame& game) override;
  MoveReply choose_move(const MoveRequest& request) override;

 private:
  std::string name_;
  MoveLimits limits_;
  std::unique_ptr<games::AnyBot> bot_;
};

}  // namespace ordo::match
