// The server as the referee of a game with chance (GameInfo::chance): the roll at each
// step derived from the game's secret seed (server/common/fair_dice.h) over the game's
// own outcomes, where the seed is kept, and the check of a finished game's rolls that
// `ordo-engine verify-dice` runs. Nothing here names a game.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/any_game.h"

namespace ordo::server {

// Whole weights in proportion to the outcomes' probabilities (1 for a double and 2 for
// other rolls of two dice: 36 in all), the smallest total up to 256 that fits every
// probability to 1e-9. Throws std::invalid_argument where none does.
std::vector<int> outcome_weights(const std::vector<games::ChanceOutcome>& outcomes);

// The outcome (as the game writes it) at step `ply` of a game with this seed:
// fair_index(seed, ply, total weight) picks it by the cumulative weights.
std::string derived_outcome(const std::string& seed_hex, std::uint64_t ply,
                            const std::vector<games::ChanceOutcome>& outcomes);

// The stored row's settings (a JSON object of the game's house options) also keep, for a
// game with chance, its seed and the first step the server rolled (an imported game's
// record brought the steps before): keys that are no game option, never sent to a client.
struct DiceKeeping {
  std::string seed;  // empty: the game has no server dice
  int from_ply = 0;
};
DiceKeeping dice_of(const std::string& settings);
std::string with_dice(const std::string& settings, const DiceKeeping& dice);
// Whether a settings key is the dice's, not a game option.
bool is_dice_key(const std::string& key);

// The check of a game's rolls against its seed (docs/api.md): the seed must match the
// commitment, and every outcome played at a chance node from `from_ply` on must be the
// derived one. `problem` names the first that is not; empty when all is well.
struct DiceCheck {
  std::string problem;
  int rolls_checked = 0;
  bool ok() const { return problem.empty(); }
};
DiceCheck check_dice(games::AnyGame& start, const std::vector<std::string>& moves,
                     const std::string& seed_hex, const std::string& commitment, int from_ply);

}  // namespace ordo::server
