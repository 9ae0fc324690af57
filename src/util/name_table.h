// Two-way lookups in a table of values and their names (result tokens, termination
// names), which each game keeps for its own enums, and a game's result made of the two.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace common {

template <class T>
using NameTable = std::pair<T, std::string_view>;

// The name of `value`, or `fallback` if the table lacks it.
template <class T, std::size_t N>
constexpr std::string_view name_in(const NameTable<T> (&table)[N], T value,
                                   std::string_view fallback) {
  for (const auto& [v, name] : table)
    if (v == value) return name;
  return fallback;
}

// The value named `name`, if any.
template <class T, std::size_t N>
constexpr std::optional<T> value_named(const NameTable<T> (&table)[N], std::string_view name) {
  for (const auto& [v, text] : table)
    if (text == name) return v;
  return std::nullopt;
}

// The names of an enum's values: a game specializes it for each enum that has names, with
// `table` (value, name) and `fallback` (the name of a value the table lacks), so that
// name_of and value_of serve every game alike.
template <class T>
struct Names;

template <class T>
constexpr std::string_view name_of(T value) {
  return name_in(Names<T>::table, value, Names<T>::fallback);
}

template <class T>
constexpr std::optional<T> value_of(std::string_view name) {
  return value_named(Names<T>::table, name);
}

// A game's result: who won (its Outcome, Ongoing while the game goes on) and how (its
// Termination, None while the game goes on).
template <class Outcome, class Termination>
struct BasicResult {
  Outcome outcome = Outcome::Ongoing;
  Termination termination = Termination::None;
  bool over() const { return outcome != Outcome::Ongoing; }
  friend bool operator==(const BasicResult&, const BasicResult&) = default;
};

}  // namespace common
