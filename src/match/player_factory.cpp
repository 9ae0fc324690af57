#include "match/player_factory.h"

#include <charconv>
#include <cstdint>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "engine/any_engine.h"
#include "engine/game_registry.h"
#include "match/bot_player.h"
#include "match/engine_player.h"
#include "match/ugi_player.h"

namespace ordo::match {

namespace {

template <typename Settings>
using Setter = std::function<void(Settings&, const std::string&)>;

std::int64_t whole_number(const std::string& key, const std::string& value, std::int64_t low,
                          std::int64_t high) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (ec != std::errc{} || end != value.data() + value.size() || n < low || n > high) {
    throw std::invalid_argument(key + " needs a whole number from " + std::to_string(low) + " to " +
                                std::to_string(high) + ", got '" + value + "'");
  }
  return n;
}

constexpr std::int64_t kMaxMs = std::int64_t{1} << 40;
constexpr std::int64_t kMaxNodes = std::int64_t{1} << 48;

// The limit keys every kind that has them shares.
template <typename Settings>
void add_limit_keys(std::map<std::string, Setter<Settings>>& table, bool with_depth) {
  if (with_depth) {
    table["depth"] = [](Settings& s, const std::string& v) {
      s.limits.depth = static_cast<int>(whole_number("depth", v, 1, 64));
    };
  }
  table["nodes"] = [](Settings& s, const std::string& v) {
    s.limits.nodes = static_cast<std::uint64_t>(whole_number("nodes", v, 1, kMaxNodes));
  };
  table["movetime"] = [](Settings& s, const std::string& v) {
    s.limits.movetime_ms = whole_number("movetime", v, 1, kMaxMs);
    s.limits.movetime_basis = TimeBasis::Wall;
  };
}

// Our own players can also be stopped by the CPU time of their searching thread, which a
// loaded machine does not take from them (a UGI engine cannot be told this).
template <typename Settings>
void add_cputime_key(std::map<std::string, Setter<Settings>>& table) {
  table["cputime"] = [](Settings& s, const std::string& v) {
    s.limits.movetime_ms = whole_number("cputime", v, 1, kMaxMs);
    s.limits.movetime_basis = TimeBasis::ThreadCpu;
  };
}

std::map<std::string, Setter<AbSettings>> ab_keys() {
  std::map<std::string, Setter<AbSettings>> table;
  add_limit_keys(table, true);
  add_cputime_key(table);
  table["hash"] = [](AbSettings& s, const std::string& v) {
    s.hash_mib = static_cast<std::size_t>(whole_number("hash", v, 1, 4096));
  };
  table["threads"] = [](AbSettings& s, const std::string& v) {
    s.threads = static_cast<int>(whole_number("threads", v, 1, 256));
  };
  table["level"] = [](AbSettings& s, const std::string& v) {
    s.level = static_cast<int>(whole_number("level", v, games::kMinLevel, games::kMaxLevel));
  };
  return table;
}

std::map<std::string, Setter<UctSettings>> uct_keys() {
  std::map<std::string, Setter<UctSettings>> table;
  add_limit_keys(table, false);
  add_cputime_key(table);
  table["seed"] = [](UctSettings& s, const std::string& v) {
    s.seed = static_cast<std::uint64_t>(whole_number("seed", v, 0, INT64_MAX));
  };
  table["c"] = [](UctSettings& s, const std::string& v) {
    std::size_t used = 0;
    double c = -1;
    try {
      c = std::stod(v, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != v.size() || !(c >= 0 && c <= 100)) {
      throw std::invalid_argument("c needs a number from 0 to 100, got '" + v + "'");
    }
    s.exploration = c;
  };
  return table;
}

std::map<std::string, Setter<UgiSettings>> ugi_keys() {
  std::map<std::string, Setter<UgiSettings>> table;
  add_limit_keys(table, true);
  table["cmd"] = [](UgiSettings& s, const std::string& v) {
    std::istringstream words(v);
    for (std::string word; words >> word;) s.argv.push_back(word);
  };
  table["timeout"] = [](UgiSettings& s, const std::string& v) {
    s.move_timeout = std::chrono::milliseconds(whole_number("timeout", v, 1, kMaxMs));
  };
  table["start_timeout"] = [](UgiSettings& s, const std::string& v) {
    s.start_timeout = std::chrono::milliseconds(whole_number("start_timeout", v, 1, kMaxMs));
  };
  return table;
}

std::string known_keys(const auto& table, const std::string& extra) {
  std::string out = "name, kind";
  for (const auto& [key, setter] : table) out += ", " + key;
  return out + extra;
}

template <typename Settings>
Settings apply(const PlayerSpec& spec, const std::map<std::string, Setter<Settings>>& table,
               Settings settings) {
  for (const auto& [key, value] : spec.settings) {
    if constexpr (std::is_same_v<Settings, UgiSettings>) {
      if (key.starts_with("option.") && key.size() > 7) {
        settings.options.emplace_back(key.substr(7), value);
        continue;
      }
    }
    if constexpr (std::is_same_v<Settings, AbSettings>) {
      if (key.starts_with("eval.") && key.size() > 5) {
        const std::string entry = key.substr(5) + "=" + value;
        games::check_weights_of_some_game(entry);  // names the error
        settings.eval_weights += (settings.eval_weights.empty() ? "" : ",") + entry;
        continue;
      }
    }
    const auto it = table.find(key);
    if (it == table.end()) {
      const std::string extra = std::is_same_v<Settings, UgiSettings>  ? ", option.NAME"
                                : std::is_same_v<Settings, AbSettings> ? ", eval.NAME"
                                                                       : "";
      throw std::invalid_argument("unknown key '" + key + "' for kind=" + spec.kind +
                                  " (known: " + known_keys(table, extra) + ")");
    }
    it->second(settings, value);
  }
  return settings;
}

// movetime= and cputime= are one limit counted on two clocks: a spec gives one of them.
void check_one_time_key(const PlayerSpec& spec) {
  bool movetime = false, cputime = false;
  for (const auto& [key, value] : spec.settings) {
    movetime = movetime || key == "movetime";
    cputime = cputime || key == "cputime";
  }
  if (movetime && cputime) {
    throw std::invalid_argument("give movetime= (wall time) or cputime= (CPU time), not both");
  }
}

bool has_limit(const MoveLimits& limits) {
  return limits.depth > 0 || limits.nodes > 0 || limits.movetime_ms > 0;
}

}  // namespace

PlayerConfig configure_player(const PlayerSpec& spec, bool has_clock) {
  PlayerConfig config{spec.name, AbSettings{}};
  try {
    MoveLimits limits;
    bool capped_by_level = false;
    std::string limit_keys;  // the keys of this kind that limit a move, for the message
    check_one_time_key(spec);
    if (spec.kind == "ab") {
      const auto settings = apply(spec, ab_keys(), AbSettings{});
      limits = settings.limits;
      // The levels below the top cap depth and nodes themselves (docs/levels.md).
      capped_by_level = settings.level < games::kMaxLevel;
      limit_keys = "depth=, nodes=, movetime=, cputime= or level=1..9";
      config.settings = settings;
    } else if (spec.kind == "uct") {
      const auto settings = apply(spec, uct_keys(), UctSettings{});
      limits = settings.limits;
      limit_keys = "movetime=, cputime= or nodes=";
      config.settings = settings;
    } else if (spec.kind == "ugi") {
      const auto settings = apply(spec, ugi_keys(), UgiSettings{});
      if (settings.argv.empty()) throw std::invalid_argument("kind=ugi needs cmd=PROGRAM [ARGS]");
      limits = settings.limits;
      limit_keys = "depth=, nodes= or movetime=";
      config.settings = settings;
    } else {
      throw std::invalid_argument("unknown kind '" + spec.kind + "'");
    }
    if (!has_clock && !has_limit(limits) && !capped_by_level) {
      throw std::invalid_argument("no limit: give " + limit_keys + ", or a clock (--tc)");
    }
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("player '" + spec.text + "': " + e.what());
  }
  return config;
}

void check_player_plays(const PlayerConfig& config, const MatchRules& rules) {
  if (std::holds_alternative<UctSettings>(config.settings) &&
      !games::has_extra_player(rules.game, "uct")) {
    throw std::invalid_argument(
        "player '" + config.name + "': kind=uct is the " + games::games_with_extra_player("uct") +
        " reference bot; it does not play " + games::game_info(rules.game).title);
  }
  if (std::holds_alternative<AbSettings>(config.settings) && !games::has_engine(rules.game)) {
    throw std::invalid_argument("player '" + config.name + "': kind=ab: no engine plays " +
                                games::game_info(rules.game).title +
                                " yet (use kind=ugi with an engine that does)");
  }
}

std::unique_ptr<Player> make_player(const PlayerConfig& config, const MatchRules& rules) {
  check_player_plays(config, rules);
  if (const auto* ab = std::get_if<AbSettings>(&config.settings)) {
    return std::make_unique<EnginePlayer>(config.name, *ab, rules);
  }
  if (const auto* uct = std::get_if<UctSettings>(&config.settings)) {
    return std::make_unique<BotPlayer>(config.name, "uct", *uct, rules);
  }
  return std::make_unique<UgiPlayer>(config.name, std::get<UgiSettings>(config.settings), rules);
}

}  // namespace ordo::match
