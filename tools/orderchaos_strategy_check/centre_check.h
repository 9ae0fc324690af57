// The checker of centre-strategy files (`orderchaos-centre-strategy 1`): Order's win from
// the empty board, under the rule sets the file claims, by a strategy that plays a 4 x 4
// game in the centre b2-e5 and answers everything else by pairs. Like strategy_check.cpp
// it has its own rules code and links nothing from src/.
//
// The file: `rules` (original and/or exact-five), `winner order`, ten `pair S1 S2` lines
// and table lines `DIAGRAM MOVE`, where DIAGRAM is the centre, ranks 5 to 2 as four groups
// of four (files b-e; x, o, . for empty) joined by `/`, and MOVE a symbol and a centre
// square (`Xc3`). `#` lines and blank lines are ignored.
//
// The strategy. The ten centre lines are the middle fours of the ten lines of six through
// the centre (ranks 2-5, files b-e, the long diagonals); the ends of those lines are the ten
// pairs, which partition the 20 squares outside. Order, each turn, the first that applies:
//   1. Finish: a centre line is four S: S on an empty end of it (the other end empty or T);
//   2. Answer: Chaos's last move was on a pair square whose partner is empty: the other
//      symbol on the partner;
//   3. Complete: a centre line has three S and an empty square: S there;
//   4. Table: the centre position's entry, up to the 16 symmetries, mapped back.
//
// What is checked here, each by enumeration: (A) the pairs are those ends; (B) every entry
// is a legal position, Order to move, with its move on an empty square, and no two entries
// are the same up to symmetry; (C) the centre game (Chaos: every placement in the centre;
// Order: rule 3, else the table) reaches four equal symbols on a centre line before the
// centre fills; (D) for each claimed rule set, each line of six and symbol S, with S on the
// middle four: ends S and T make a win (also with every other square filled in fixed
// patterns), and with both ends empty every placement of Chaos is a win already or is
// answered by rule 1 with a win.
//
// Why rules 1-4 cover every turn of Order, and win (not enumerated; the argument):
// - Invariant: after each move of Order before the finish, every pair is empty or holds X
//   and O. It holds at the start. A move of Chaos outside the centre lands on a pair
//   square (the pairs cover the outside) of an empty pair (a full pair has no room), so
//   its partner is empty and rule 2 restores the invariant (unless rule 1 ends the game
//   first); a move of Chaos in the centre leaves the pairs alone, and rules 3 and 4 play in
//   the centre.
// - So the moves in the centre alternate, Order first, and the centre position at each
//   turn of Order that reaches rule 3 or 4 is one the centre game of (C) reaches: there
//   Chaos's last move was in the centre (rule 2 did not apply), so an even number of
//   symbols stands in it. Rule 3's line does not matter (any completion makes four), and
//   when a position equals an entry under several symmetries they map the entry's move to
//   moves that give equivalent positions, so the checked class decides.
// - (C) gives a centre line of four S while a centre square is still empty (so the board
//   is not full). At that moment its ends are empty or hold X and O (the invariant; the
//   move that made it was Order's in the centre, or Chaos's in the centre just after one).
//   With X and O: S at an end, four S, T at the other end, the board's edge beyond: exactly
//   five, a win under both rule sets as it stands. Both empty: the line's six squares run
//   edge to edge, so the run along it depends on those six alone, and (D) checks every
//   placement of Chaos and Order's answer on them (Chaos's T on an end sends S to the other,
//   and a T anywhere else leaves both ends to Order). Symbols elsewhere cannot spoil it:
//   a run is read along its own line, and a six in another direction does not cancel it.
// - Nothing Order does can lose early: only a full board without a five wins for Chaos.
#pragma once

#include <string>

#include "strategy_check.h"

namespace strategy_check {

// The verdict on a centre-strategy file: `positions` counts the centre classes (Order to
// move) visited, `summary` is the one line to print on success.
Verdict check_centre_strategy(const std::string& text);

}  // namespace strategy_check
