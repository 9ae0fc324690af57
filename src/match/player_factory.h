// From a player spec to its checked settings, and from those to a fresh player (one per
// game: an in-process engine instance or an external process belongs to one game).
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/any_engine.h"
#include "engine/any_game.h"
#include "match/player.h"
#include "match/player_spec.h"
#include "search/transposition_table.h"

namespace ordo::match {

// The game of a match: its name and options (rules, size, repetition, move-limit).
using MatchRules = games::GameSpec;

struct AbSettings {
  MoveLimits limits;
  std::size_t hash_mib = kDefaultTableMib;
  int threads = 1;
  // A playing level as the app's (docs/levels.md): its caps and, below the top, its
  // randomness, drawn anew for every game (engine_player.h).
  int level = games::kMaxLevel;
  // eval.NAME=VALUE keys as "NAME=VALUE,..." (games::EngineSettings::eval_weights).
  std::string eval_weights{};
};

struct UctSettings {
  MoveLimits limits;  // movetime and nodes (= iterations)
  std::uint64_t seed = 0x0DD0;
  double exploration = 0.75;
};

struct UgiSettings {
  MoveLimits limits;
  std::vector<std::string> argv;
  std::vector<std::pair<std::string, std::string>> options;  // setoption name N value V
  std::chrono::milliseconds move_timeout{0};  // 0: derived from the limits (ugi_player.h)
  std::chrono::milliseconds start_timeout{5000};
};

struct PlayerConfig {
  std::string name;
  std::variant<AbSettings, UctSettings, UgiSettings> settings;
};

// Checks every key of the spec against its kind's table. `has_clock`: the match gives a
// clock, so a player needs no per-move limit. Throws std::invalid_argument naming the
// key and what is wrong (unknown key, bad number, missing cmd, no limit at all).
PlayerConfig configure_player(const PlayerSpec& spec, bool has_clock);

// Throws std::invalid_argument if the player cannot play that game (the UCT bot plays
// only Ordo; our engine only games that have one).
std::unique_ptr<Player> make_player(const PlayerConfig& config, const MatchRules& rules);
// The same check alone, before a match starts.
void check_player_plays(const PlayerConfig& config, const MatchRules& rules);

}  // namespace ordo::match
