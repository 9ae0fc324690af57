// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its
// deviation (how uncertain it is) and its volatility (how erratic the player is), on the
// Glicko scale (1500, 350, 0.06 for a new player). One call is one rating period; the
// server makes each rated game its own period, so a rating moves after every game.
#pragma once

#include <span>

namespace ordo::server {

struct Glicko2Rating {
  double rating = 1500.0;
  double deviation = 350.0;
  double volatility = 0.06;
};

struct Glicko2Game {
  Glicko2Rating opponent;  // as it was before the period
  double score = 0.5;      // 1 win, 0.5 draw, 0 loss
};

// The system constant tau: how far the volatility may move in a period. Glickman suggests
// 0.3 to 1.2; his worked example uses 0.5.
constexpr double kGlicko2Tau = 0.5;
// The deviation never grows past a new player's.
constexpr double kGlicko2MaxDeviation = 350.0;

// A rating this uncertain is shown as provisional ("1500?"): the threshold rating sites
// such as lichess use.
constexpr double kProvisionalDeviation = 110.0;
inline bool provisional(double deviation) {
  return deviation > kProvisionalDeviation;
}

// The player's rating after a period with `games` (none: only the deviation grows).
Glicko2Rating glicko2_update(const Glicko2Rating& player, std::span<const Glicko2Game> games,
                             double tau = kGlicko2Tau);

}  // namespace ordo::server
