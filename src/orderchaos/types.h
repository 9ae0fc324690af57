// The words of Order and Chaos: the two symbols, the two roles, the rule versions, a move.
#pragma once

#include <cstdint>
#include <string_view>

namespace orderchaos {

enum class Symbol : std::uint8_t { X, O };
enum class Role : std::uint8_t { Order, Chaos };  // Order moves first

constexpr int index(Symbol s) {
  return static_cast<int>(s);
}
constexpr int index(Role r) {
  return static_cast<int>(r);
}
constexpr Role opponent(Role r) {
  return r == Role::Order ? Role::Chaos : Role::Order;
}

// docs/rules.md, Order and Chaos 4: "original" (five or more in a row wins, the default) and
// "exact-five" (a line of six does not count).
enum class RuleVersion : std::uint8_t { Original, ExactFive };

std::string_view role_name(Role r);            // "Order", "Chaos"
std::string_view version_name(RuleVersion v);  // "original", "exact-five"

// A placement: a symbol on a square. Trivially copyable, two bytes.
struct Move {
  std::uint8_t square = 0;
  Symbol symbol = Symbol::X;
  friend bool operator==(const Move&, const Move&) = default;
};

enum class Outcome : std::uint8_t { Ongoing, OrderWins, ChaosWins };

}  // namespace orderchaos
