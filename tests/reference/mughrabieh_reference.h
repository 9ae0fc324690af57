// A deliberately plain Mughrabieh implementation (one signed array over the 24 points of the
// horseshoe, every die-step sequence enumerated, whole boards compared), written straight
// from docs/rules.md (Mughrabieh), that the fast core is tested against. It shares no code
// with src/mughrabieh/. Not used by the program.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>

namespace reference_mughrabieh {

struct Board {
  // cell[a] for the points a = 0..23 along White's track: > 0 White's pieces, < 0 Black's.
  // White moves up from 0 (its start) to 23 and bears off above; Black moves down from 23
  // (its start) to 0 and bears off below.
  int cell[24] = {};
  int white_off = 0;
  int black_off = 0;
  bool white_to_move = true;
  bool ludii = false;
  bool previous_passed = false;  // ludii: a second pass in a row draws
  int roll_high = 0;             // a roll given with the position, 0 if none
  int roll_low = 0;
};

// Reads a docs/rules.md position string; no error reporting (tests feed it valid strings).
Board from_string(const std::string& text, bool ludii);
// The pieces as the position string writes them: "24x14,3/24x15".
std::string pieces_string(const Board& board);

struct TurnSummary {
  std::uint64_t sequences = 0;  // legal die-step sequences
  // pieces_string after each legal turn, with the number of sequences reaching it
  std::map<std::string, std::uint64_t> end_positions;
  std::set<std::string> ends() const;
};

// The legal turns of the side to move for the roll (high, low).
TurnSummary turns(const Board& board, int high, int low);

// Paths of `depth` turns with each of the 21 rolls followed at every turn (only the given
// roll at the first, if the position has one): by distinct
// resulting positions and by step sequences. A turn that ends the game (all borne off, or
// under the ludii rules a second pass in a row) has no continuation.
struct Counts {
  std::uint64_t turns = 0;
  std::uint64_t sequences = 0;
};
Counts perft(const Board& board, int depth);

}  // namespace reference_mughrabieh
