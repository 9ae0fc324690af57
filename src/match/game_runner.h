// The referee of one game: the game's rules (games/any_game.h) decide everything. Players
// only propose moves; every move is parsed and played by AnyGame::play, and a move that
// is not legal, a crash, a timeout, a flag fall or garbage loses the game for that player
// with the reason kept.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "engine/any_game.h"
#include "match/openings.h"
#include "match/player.h"

namespace ordo::match {

struct TimeControl {
  std::int64_t base_ms = 0;
  std::int64_t increment_ms = 0;
};

struct GameSetup {
  MatchRules rules;  // the game and its options (for Ordo: repetition, the move limit)
  Opening opening;
  std::optional<TimeControl> clock;
  // The referee's dice: at a chance node (AnyGame::is_chance_node) it draws the outcome
  // by its probability from a generator with this seed, and records it as a step.
  std::uint64_t dice_seed = 1;
  // Makes the game to play instead of make_game(rules) (a game of a match to a score,
  // games::PointsMatch::next_game); the opening is then played from its start.
  std::function<std::unique_ptr<games::AnyGame>()> make_game{};
};

struct PlayedGame {
  std::shared_ptr<const games::AnyGame> game;  // the finished game
  // The players under the game's side names (White/Black, Order/Chaos) and, for a
  // forfeit, a Reason tag; the match adds Round and Event.
  std::map<std::string, std::string> tags;
  std::string reason;  // empty when the rules ended the game; else why a player lost
  std::string record() const { return game->record(tags); }  // the game's own format
};

// Throws std::invalid_argument if the opening is not legal (a bug of the caller).
PlayedGame play_game(Player& first, Player& second, const GameSetup& setup);

// "1-0 (home row)" or "0-1 (time forfeit: B (Black): no 'bestmove' within 300 ms)".
std::string describe_game(const PlayedGame& game);

}  // namespace ordo::match
