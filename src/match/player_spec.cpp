#include "match/player_spec.h"

#include <set>
#include <sstream>
#include <stdexcept>

namespace ordo::match {

namespace {

const std::set<std::string> kKinds = {"ab", "uct", "ugi"};

}  // namespace

PlayerSpec parse_player_spec(const std::string& text) {
  PlayerSpec spec;
  spec.text = text;
  std::set<std::string> seen;
  std::istringstream parts(text);
  for (std::string part; std::getline(parts, part, ',');) {
    const auto eq = part.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw std::invalid_argument("player '" + text + "': '" + part + "' is not KEY=VALUE");
    }
    std::string key = part.substr(0, eq), value = part.substr(eq + 1);
    if (value.empty()) throw std::invalid_argument("player '" + text + "': " + key + " is empty");
    if (!seen.insert(key).second) {
      throw std::invalid_argument("player '" + text + "': " + key + " is given twice");
    }
    if (key == "name") {
      spec.name = value;
    } else if (key == "kind") {
      if (!kKinds.contains(value)) {
        throw std::invalid_argument("player '" + text + "': kind is ab, uct or ugi, not '" + value +
                                    "'");
      }
      spec.kind = value;
    } else {
      spec.settings.emplace_back(std::move(key), std::move(value));
    }
  }
  if (spec.kind.empty()) {
    throw std::invalid_argument("player '" + text + "' needs kind=ab, kind=uct or kind=ugi");
  }
  if (spec.name.empty()) spec.name = spec.kind;
  return spec;
}

}  // namespace ordo::match
