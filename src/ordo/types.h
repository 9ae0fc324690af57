// Small vocabulary types shared by the whole rules core.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace ordo {

enum class Color : std::uint8_t { White = 0, Black = 1 };

constexpr Color opponent(Color c) {
  return c == Color::White ? Color::Black : Color::White;
}
constexpr int index(Color c) {
  return static_cast<int>(c);
}
constexpr char color_letter(Color c) {
  return c == Color::White ? 'w' : 'b';
}
constexpr std::string_view color_name(Color c) {
  return c == Color::White ? "White" : "Black";
}

// The rule set a position is played under (docs/rules.md sections 4 and 5).
enum class Variant : std::uint8_t { Classic, X };

constexpr std::string_view variant_name(Variant v) {
  return v == Variant::Classic ? "classic" : "x";
}

// Absolute board directions; North is up the ranks (White's forward).
enum Direction : std::uint8_t { N, NE, E, SE, S, SW, W, NW };
constexpr int kDirectionCount = 8;

// Tables at namespace scope: one inside the functions would be copied onto the stack
// at every call with a direction known only at run time.
inline constexpr int kFileSteps[kDirectionCount] = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr int kRankSteps[kDirectionCount] = {1, 1, 0, -1, -1, -1, 0, 1};
constexpr int file_step(Direction d) {
  return kFileSteps[d];
}
constexpr int rank_step(Direction d) {
  return kRankSteps[d];
}
constexpr Direction reverse(Direction d) {
  return static_cast<Direction>((d + 4) % 8);
}

// Forward and diagonally forward for a side (docs/rules.md 4.2), and sideways: the directions
// a singleton moves in outside a reconnection turn.
constexpr std::array<Direction, 3> forward_directions(Color c) {
  return c == Color::White ? std::array<Direction, 3>{N, NE, NW}
                           : std::array<Direction, 3>{S, SE, SW};
}
constexpr std::array<Direction, 2> kSidewaysDirections = {E, W};

// The squares index runs rank by rank, so these directions increase the index.
constexpr bool increases_index(Direction d) {
  return d == N || d == NE || d == E || d == NW;
}

}  // namespace ordo
