// A game's reference bot: a kind of match player beyond its engine (kind=ab) and any UGI
// engine, for measuring the engine against an independent method (Ordo's UCT bot, kind=uct).
// The registry makes it (GameEntry::make_bot); the match runner plays it without knowing
// the game.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/any_engine.h"
#include "engine/any_game.h"

namespace games {

struct BotSettings {
  std::uint64_t seed = 0x0DD0;
  double exploration = 0.75;  // a UCT bot's constant c
};

class AnyBot {
 public:
  virtual ~AnyBot() = default;
  // The bot's move in `game`'s position, as the game writes it. It looks at the position
  // alone. `limits`: movetime (on its basis) and nodes (iterations), and the clock, whose
  // share for this move caps the time; none of them: it thinks until its own cap. Nothing
  // when it finds no move.
  virtual std::optional<std::string> choose_move(const AnyGame& game, const GoLimits& limits) = 0;
};

}  // namespace games
