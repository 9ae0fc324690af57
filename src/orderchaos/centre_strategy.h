// Order's proved strategy on the full board (research/orderchaos-solving.md, "Order wins
// both rule sets"), from the certificate src/orderchaos/centre_strategy.txt built into the
// program. Each Order turn, the first that applies:
//   1. finish: a centre line holds four S; put S on an end of its line of six (the empty
//      end beside the other symbol, or the first end if both are empty): five S stand;
//   2. answer: Chaos just placed on one square of a pair (the two ends of a line of six);
//      put the other symbol on its partner, so every pair holds X and O or nothing;
//   3. complete: a centre line holds three S and an empty cell; put S there;
//   4. the table's move for the centre (centre_game.h), up to symmetry.
// The strategy is in force where a move so found is proved to win: Order to move, every
// pair empty or X-and-O but for at most one that Chaos just half filled, and the centre
// held by the table (Order to move there: a completion or an entry; after a half-filled
// pair, Chaos to move there: every Chaos placement leads to one). It wins there under
// both rule sets.
#pragma once

#include <optional>

#include "orderchaos/centre_game.h"
#include "orderchaos/position.h"

namespace orderchaos {

struct ProvedMove {
  Move move;
  int turns_bound = 0;  // Order wins within this many of its own turns
};

// Order's move by the strategy, when it is in force in `pos`.
std::optional<ProvedMove> centre_strategy_move(const Position& pos);

// The table of the built-in certificate, read once.
const centre::CentreTable& proved_centre_table();

// The certificate's text as built into the program.
std::string_view proved_centre_certificate();

}  // namespace orderchaos
