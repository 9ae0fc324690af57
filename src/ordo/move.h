// A move (a whole turn). Classic turns are one step; Ordo X turns may have two steps
// (sideways, then forward), and a capture step that splits the enemy into equal largest
// groups carries the choice of which group stays.
//
// Step and Move are trivial types (no member initialisers) so that move lists on the
// stack cost nothing to create.
#pragma once

#include <cstdint>
#include <type_traits>

namespace ordo {

constexpr std::uint8_t kNoSquare = 0xFF;

// One slide of a singleton or an ordo. For a singleton `from == tail`. For an ordo,
// `from` and `tail` are its two end squares and `to` is where `from` lands; every piece
// of the ordo moves by the same vector.
struct Step {
  std::uint8_t from;
  std::uint8_t tail;
  std::uint8_t to;
  bool capture;
  // Ordo X: a square of the enemy group that stays when this capture splits the enemy
  // into equal largest groups; kNoSquare when there was no choice.
  std::uint8_t keep;

  static Step singleton(int from, int to, bool capture) {
    return {static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(from),
            static_cast<std::uint8_t>(to), capture, kNoSquare};
  }
  static Step ordo(int from, int tail, int to) {
    return {static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(tail),
            static_cast<std::uint8_t>(to), false, kNoSquare};
  }
  bool is_ordo() const { return from != tail; }
  friend bool operator==(const Step&, const Step&) = default;
};

struct Move {
  Step steps[2];
  std::uint8_t step_count;

  static Move single(Step s) { return Move{{s, Step{0, 0, 0, false, kNoSquare}}, 1}; }
  static Move pair(Step first, Step second) { return Move{{first, second}, 2}; }
  const Step& first() const { return steps[0]; }
  const Step& last() const { return steps[step_count - 1]; }
  friend bool operator==(const Move& a, const Move& b) {
    return a.step_count == b.step_count && a.steps[0] == b.steps[0] &&
           (a.step_count == 1 || a.steps[1] == b.steps[1]);
  }
};

static_assert(std::is_trivial_v<Move>, "move lists rely on Move being trivial");

}  // namespace ordo
