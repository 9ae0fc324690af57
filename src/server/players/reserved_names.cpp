#include "server/players/reserved_names.h"

#include <vector>

#include "server/common/name_skeleton.h"
#include "server/common/unicode_text.h"
#include "server/games/game_types.h"
#include "server/players/accounts.h"

namespace ordo::server {

namespace {

struct Reserved {
  std::string name;      // as the interface writes it
  std::string skeleton;  // what a name is compared with
};

std::vector<Reserved> reserved(std::vector<std::string> names) {
  std::vector<Reserved> list;
  for (std::string& name : names) {
    std::string skeleton = name_skeleton(name);
    list.push_back({std::move(name), std::move(skeleton)});
  }
  return list;
}

// Whole names.
const std::vector<Reserved>& reserved_names() {
  static const std::vector<Reserved> kNames = [] {
    std::vector<std::string> names{Accounts::kDeletedName, "Guest", "Engine", "You"};
    for (const auto& type : game_types()["games"])
      for (const auto& side : type["sides"]) names.push_back(side.get<std::string>());
    return reserved(std::move(names));
  }();
  return kNames;
}

// First words: "Engine (level 3)", "Guest 12".
const std::vector<Reserved>& reserved_first_words() {
  static const std::vector<Reserved> kWords = reserved({"Engine", "Guest"});
  return kWords;
}

// The name up to its first character that is not a letter or digit.
std::string_view first_word(std::string_view name) {
  const auto stop = find_char(name, [](char32_t c) { return !is_letter_or_digit(c); });
  return stop ? name.substr(0, stop->offset) : name;
}

}  // namespace

std::optional<std::string> reserved_name_like(std::string_view name) {
  const std::string skeleton = name_skeleton(name);
  for (const Reserved& r : reserved_names())
    if (skeleton == r.skeleton) return r.name;
  const std::string word = name_skeleton(first_word(name));
  for (const Reserved& r : reserved_first_words())
    if (word == r.skeleton) return r.name + " …";
  return std::nullopt;
}

}  // namespace ordo::server
