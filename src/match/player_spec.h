// Player specs: "name=A,kind=ab,depth=6" — a kind and key=value settings, checked when
// parsed. Each kind has its own table of keys (player_factory.cpp), so a new engine
// option (a level, another searcher) is one more row there.
//
//   kind=ab   our engine in-process (the Engine facade): depth, nodes, movetime,
//             cputime (ms of the searching thread's CPU time instead of wall time), hash,
//             threads, level (1..10, as in the app; docs/levels.md), eval.NAME=VALUE
//             (one Ordo evaluation weight over the rule set's defaults; docs/tuning.md)
//   kind=uct  the reference UCT bot: movetime, cputime, nodes (iterations), seed,
//             c (exploration)
//   kind=ugi  an external UGI engine: cmd (program and arguments, split at spaces),
//             option.NAME=VALUE (sent with setoption), depth, nodes, movetime,
//             timeout (ms to wait for a move), start_timeout (ms for ugiok/readyok)
//   every kind: name (default: the kind)
//
// Values cannot contain ',' (the separator).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ordo::match {

struct PlayerSpec {
  std::string name;
  std::string kind;
  // The other keys in the order given (option.NAME keys keep their order for setoption).
  std::vector<std::pair<std::string, std::string>> settings;
  std::string text;  // as given, for messages
};

// Throws std::invalid_argument naming the key or value that is wrong.
PlayerSpec parse_player_spec(const std::string& text);

}  // namespace ordo::match
