// The UGI options (docs/ugi.md): one list for every game, stored as the client sends them
// and settled only when the game is used, so that their order does not matter (clients
// keep options in unordered maps: `Rules exact-five` may come before `Game orderchaos`).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/any_engine.h"
#include "engine/any_game.h"

namespace ordo::cli {

// The `option name ...` lines of the `ugi` reply: every option with every value.
std::vector<std::string> ugi_option_lines();

class UgiOptions {
 public:
  // Checks a value on its own (a known option, a number in range, a value some game takes)
  // and keeps it until settle(). Throws std::invalid_argument saying what is wrong; the
  // value is then not kept.
  void set(const std::string& name, const std::string& value);
  bool pending() const { return !values_.empty(); }

  struct Settled {
    games::GameSpec spec;
    games::EngineSettings settings;
    std::vector<std::string> errors;  // values the chosen game does not take, each dropped
  };
  // The game and settings that the kept values make of `spec` and `settings`: first the
  // game, then its rules and size, then the engine's settings. A value the chosen game
  // does not take is an error and dropped, except the listed default (a client may send
  // every option with its default), which stands for the chosen game's own default.
  // Forgets the kept values.
  Settled settle(const games::GameSpec& spec, const games::EngineSettings& settings);

 private:
  std::map<std::string, std::string> values_;  // by lower-case name
};

}  // namespace ordo::cli
