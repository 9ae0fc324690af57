// A move (a whole turn). Classic turns are one step; Ordo X turns may have two steps
// (sideways, then forward) and a choice of which tied enemy group stays after a capture.
#pragma once

#include <cstdint>
#include <type_traits>

namespace ordo {

// One slide of a singleton or an ordo. For a singleton `from == tail`. For an ordo,
// `from` and `tail` are its two end squares and `to` is where `from` lands; every piece
// of the ordo moves by the same vector.
//
// Step and Move are trivial types (no member initialisers) so that move lists on the
// stack cost nothing to create; write `Move m{}` for a zeroed one.
struct Step {
  std::uint8_t from;
  std::uint8_t tail;
  std::uint8_t to;
  bool capture;

  bool is_ordo() const { return from != tail; }
  friend bool operator==(const Step&, const Step&) = default;
};

constexpr std::uint8_t kNoSquare = 0xFF;

struct Move {
  Step steps[2];
  std::uint8_t step_count;
  // Ordo X: a square of the enemy group that stays after a capture splits the enemy into
  // equal largest groups; kNoSquare when there was no choice.
  std::uint8_t keep;

  static Move single(Step s) { return Move{{s, Step{0, 0, 0, false}}, 1, kNoSquare}; }
  const Step& first() const { return steps[0]; }
  const Step& last() const { return steps[step_count - 1]; }
  friend bool operator==(const Move&, const Move&) = default;
};

static_assert(std::is_trivial_v<Move>, "move lists rely on Move being trivial");

}  // namespace ordo
