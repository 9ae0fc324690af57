#include "cli/ugi_options.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "engine/game_registry.h"

namespace ordo::cli {

namespace {

constexpr std::int64_t kMaxHashMib = 4096;
constexpr std::int64_t kMaxThreads = 256;
// Spin options are 32-bit in many interfaces. 0: a new seed from entropy at every search.
constexpr std::int64_t kMaxSeed = 2147483647;
constexpr std::string_view kEmpty = "<empty>";

// The values of one option over every game, in the games' order, without repeats; the
// default game's default first.
std::vector<std::string> all_values(std::vector<std::string> games::GameInfo::*field) {
  std::vector<std::string> out;
  for (const games::GameInfo& game : games::known_games()) {
    for (const std::string& value : game.*field) {
      if (std::find(out.begin(), out.end(), value) == out.end()) out.push_back(value);
    }
  }
  return out;
}

std::vector<std::string> game_names() {
  std::vector<std::string> out;
  for (const games::GameInfo& game : games::known_games()) out.push_back(game.name);
  return out;
}

bool contains(const std::vector<std::string>& values, const std::string& value) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

std::string either(const std::vector<std::string>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == values.size() ? " or " : ", ") + values[i];
  }
  return out;
}

std::string combo(const std::string& name, const std::vector<std::string>& values) {
  std::string line = "option name " + name + " type combo default " + values.front();
  for (const std::string& value : values) line += " var " + value;
  return line;
}

std::string spin(const std::string& name, std::int64_t value, std::int64_t low, std::int64_t high) {
  return "option name " + name + " type spin default " + std::to_string(value) + " min " +
         std::to_string(low) + " max " + std::to_string(high);
}

// A whole number in [low, high], or an exception naming the option.
std::int64_t number_in(const std::string& name, const std::string& text, std::int64_t low,
                       std::int64_t high) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < low || value > high) {
    throw std::invalid_argument(name + " needs a whole number from " + std::to_string(low) +
                                " to " + std::to_string(high) + ", got '" + text + "'");
  }
  return value;
}

// The one value a known option takes from the listed ones, or an exception.
void check_listed(const std::string& name, const std::vector<std::string>& values,
                  const std::string& value) {
  if (!contains(values, value)) {
    throw std::invalid_argument(name + " is " + either(values) + ", not '" + value + "'");
  }
}

std::optional<std::string> take(std::map<std::string, std::string>& values,
                                const std::string& name) {
  const auto it = values.find(name);
  if (it == values.end()) return std::nullopt;
  std::string value = std::move(it->second);
  values.erase(it);
  return value;
}

}  // namespace

std::vector<std::string> ugi_option_lines() {
  const games::EngineSettings defaults;
  return {
      combo("Game", game_names()),
      combo("Rules", all_values(&games::GameInfo::rule_sets)),
      combo("Size", all_values(&games::GameInfo::sizes)),
      spin("Hash", static_cast<std::int64_t>(defaults.hash_mib), 1, kMaxHashMib),
      spin("Threads", defaults.threads, 1, kMaxThreads),
      combo("Searcher", all_values(&games::GameInfo::searchers)),
      spin("Level", defaults.level, games::kMinLevel, games::kMaxLevel),
      "option name EvalWeights type string default " + std::string(kEmpty),
      spin("Seed", 0, 0, kMaxSeed),
  };
}

void UgiOptions::set(const std::string& name, const std::string& value) {
  if (name == "game") {
    games::game_info(value);  // throws naming the known games
  } else if (name == "rules") {
    check_listed("Rules", all_values(&games::GameInfo::rule_sets), value);
  } else if (name == "size") {
    check_listed("Size", all_values(&games::GameInfo::sizes), value);
  } else if (name == "searcher") {
    check_listed("Searcher", all_values(&games::GameInfo::searchers), value);
  } else if (name == "hash") {
    number_in("Hash", value, 1, kMaxHashMib);
  } else if (name == "threads") {
    number_in("Threads", value, 1, kMaxThreads);
  } else if (name == "level") {
    number_in("Level", value, games::kMinLevel, games::kMaxLevel);
  } else if (name == "seed") {
    number_in("Seed", value, 0, kMaxSeed);
  } else if (name == "evalweights") {
    // The names and numbers are checked now, against the games that take weights (each
    // names its weights alike for every rule set); whether the game has them, when it is
    // settled.
    if (value != kEmpty) {
      try {
        games::check_weights_of_some_game(value);
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string("EvalWeights: ") + e.what());
      }
    }
  } else {
    throw std::invalid_argument("unknown option '" + name + "'");
  }
  values_[name] = value;
}

UgiOptions::Settled UgiOptions::settle(const games::GameSpec& spec,
                                       const games::EngineSettings& settings) {
  Settled out{spec, settings, {}};
  const auto default_of = [](std::vector<std::string> games::GameInfo::*field) {
    return (games::known_games().front().*field).front();
  };
  if (const auto game = take(values_, "game"); game && *game != spec.game) {
    out.spec = games::GameSpec{*game, {}};
  }
  const games::GameInfo& info = games::game_info(out.spec.game);
  const auto mismatch = [&](const char* what, const std::vector<std::string>& values,
                            const std::string& value) {
    out.errors.push_back(info.title + "'s " + what + " " + either(values) + ", not '" + value +
                         "'");
  };
  // Rules and Size: the listed default of a value the game lacks stands for the game's
  // own default.
  const auto fit = [&](const char* key, const char* what,
                       std::vector<std::string> games::GameInfo::*field) {
    const auto value = take(values_, key);
    if (!value) return;
    if (contains(info.*field, *value)) {
      out.spec.options[key] = *value;
    } else if (*value == default_of(field)) {
      out.spec.options.erase(key);
    } else {
      mismatch(what, info.*field, *value);
    }
  };
  fit("rules", "rules are", &games::GameInfo::rule_sets);
  fit("size", "board is", &games::GameInfo::sizes);
  if (const auto searcher = take(values_, "searcher")) {
    if (contains(info.searchers, *searcher)) {
      out.settings.searcher = *searcher;
    } else {
      mismatch("searchers are", info.searchers, *searcher);
    }
  }
  if (const auto hash = take(values_, "hash")) out.settings.hash_mib = std::stoull(*hash);
  if (const auto threads = take(values_, "threads")) out.settings.threads = std::stoi(*threads);
  if (const auto level = take(values_, "level")) out.settings.level = std::stoi(*level);
  if (const auto seed = take(values_, "seed")) {
    const std::uint64_t value = std::stoull(*seed);
    out.settings.seed = value == 0 ? std::nullopt : std::optional<std::uint64_t>(value);
  }
  if (const auto weights = take(values_, "evalweights")) {
    if (info.settable_weights) {
      out.settings.eval_weights = *weights == kEmpty ? "" : *weights;
    } else if (*weights != kEmpty) {
      out.errors.push_back(info.title + " has no settable EvalWeights");
    }
  }
  values_.clear();
  return out;
}

}  // namespace ordo::cli
