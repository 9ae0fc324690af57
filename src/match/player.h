// A player of a match: our engine in-process, the reference UCT bot (Ordo only), or an
// external UGI engine. The match's referee (game_runner.h) asks it for moves and checks
// every answer with the game's rules (games/any_game.h); a player never decides anything
// about the game itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/any_game.h"
#include "util/stopwatch.h"

namespace ordo::match {

// The per-move limits a player spec gives (zero = not given) and the clock, if any.
struct MoveLimits {
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t movetime_ms = 0;
  TimeBasis movetime_basis = TimeBasis::Wall;  // ThreadCpu: the `cputime` key
};

struct ClockState {
  std::int64_t time_left_ms[2] = {-1, -1};  // per side (games::index(Side)); -1 = no clock
  std::int64_t increment_ms[2] = {0, 0};
  bool running() const { return time_left_ms[0] >= 0; }
};

// What the referee tells a player when it is to move.
struct MoveRequest {
  const games::AnyGame& game;             // the game so far (position, history)
  const std::vector<std::string>& moves;  // the moves played from the start, as written
  ClockState clock;
};

// A move as the player wrote it, or why it failed to give one. A failure loses the game.
struct MoveReply {
  std::optional<std::string> move;
  bool timed_out = false;  // the failure was a timeout (the game is lost on time)
  std::string failure;     // e.g. "crashed (killed by signal 11)"

  static MoveReply played(std::string text) { return {std::move(text), false, {}}; }
  static MoveReply failed(std::string why, bool timeout = false) {
    return {std::nullopt, timeout, std::move(why)};
  }
};

class Player {
 public:
  virtual ~Player() = default;
  virtual const std::string& name() const = 0;
  // A new game of `game` (its game, rules and start; the opening may have been played).
  // Returns an empty string, or why the player cannot play (it then loses the game).
  virtual std::string new_game(const games::AnyGame& game) = 0;
  virtual MoveReply choose_move(const MoveRequest& request) = 0;
};

}  // namespace ordo::match
