// The words of Mughrabieh (docs/rules.md, Mughrabieh): the two sides, the two rule sets, a
// roll of two dice, one die's step and a whole turn.
//
// Coordinates: each side counts its own track 0..23 from its starting point (0) to its last
// point (23); index 24 is "borne off". One side's index i is the other side's 23 - i. In
// notation a point is named as in backgammon, by its distance from bearing off: index i is
// point 24 - i, so each side starts on its 24-point and bears off from points 6..1.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace mughrabieh {

constexpr int kPoints = 24;       // track indices 0..23
constexpr int kOff = 24;          // the index of a borne-off piece
constexpr int kPieces = 15;       // per side
constexpr int kHomeFirst = 18;    // the final six points: indices 18..23
constexpr int kMatchTarget = 31;  // a match runs until a player reaches this score
constexpr std::uint32_t kAllPoints = (1u << kPoints) - 1;
constexpr std::uint32_t kHomeMask = kAllPoints & ~((1u << kHomeFirst) - 1);
constexpr std::uint32_t kOutsideHomeMask = (1u << kHomeFirst) - 1;

enum class Side : std::uint8_t { White, Black };  // White moves first in the first game
constexpr int index(Side s) {
  return static_cast<int>(s);
}
constexpr Side opponent(Side s) {
  return s == Side::White ? Side::Black : Side::White;
}
std::string_view side_name(Side s);  // "White", "Black"

// docs/rules.md, Mughrabieh 9: "house" (the tables conventions, the default) and "ludii" (the
// single game as Ludii's model plays it, less its bear-off defect).
enum class RuleSet : std::uint8_t { House, Ludii };
std::string_view rule_set_name(RuleSet r);  // "house", "ludii"

// A roll of two dice, the larger first. Rolls are numbered 0..20 (kRolls) for tables.
struct Roll {
  std::uint8_t high = 1;
  std::uint8_t low = 1;
  bool is_double() const { return high == low; }
  friend bool operator==(const Roll&, const Roll&) = default;
};
constexpr int kRolls = 21;
int roll_index(Roll r);   // 0..20
Roll roll_at(int index);  // the inverse
constexpr Roll make_roll(int a, int b) {
  return a >= b ? Roll{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)}
                : Roll{static_cast<std::uint8_t>(b), static_cast<std::uint8_t>(a)};
}

// A chance outcome: a roll and its probability (a double 1/36, any other roll 1/18).
struct ChanceOutcome {
  Roll roll;
  double probability = 0;
};
// The 21 rolls in index order; the probabilities add up to 1.
const std::array<ChanceOutcome, kRolls>& chance_outcomes();

// One die moving one piece of the side to move: from its track index, by `die` pips (to
// from + die, or off the board when that passes the last point).
struct Step {
  std::uint8_t from = 0;
  std::uint8_t die = 0;
  friend bool operator==(const Step&, const Step&) = default;
};

// A whole turn: the roll, then the die steps in the order played (none for a pass; at most
// four, for a double). For the rules two turns that lead to the same position are the same
// turn (turns.h lists each once); operator== compares the steps as written.
struct Turn {
  Roll roll;
  std::uint8_t size = 0;
  std::array<Step, 4> steps{};
  const Step* begin() const { return steps.data(); }
  const Step* end() const { return steps.data() + size; }
  friend bool operator==(const Turn& a, const Turn& b) {
    if (!(a.roll == b.roll) || a.size != b.size) return false;
    for (int i = 0; i < a.size; ++i)
      if (!(a.steps[i] == b.steps[i])) return false;
    return true;
  }
};

}  // namespace mughrabieh
