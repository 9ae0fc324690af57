// Two-way lookups in a table of values and their names (result tokens, termination
// names), which each game keeps for its own enums.
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

}  // namespace common
