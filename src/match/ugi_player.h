// An external engine started as a subprocess and spoken to in UGI (the protocol of
// src/cli/ugi.cpp), told the match's game with setoption (Ordo: Rules and Size, as to
// Ordo-only engines; other games: Game first, then Rules). One process per game. Whatever it says
// is checked: the referee parses its move; a crash, a timeout, a bad handshake or a missing move is
// a failure with the reason, and the process is killed.
//
// An engine that lists a `Seed` option (ours: its lower levels' chance) is given one per
// game, drawn from the game's opening and the player's name, unless `option.Seed=` is set.
//
// Waiting for a move: `timeout=` if given; otherwise the movetime plus as much again and
// a second, or the time left on the clock plus a second, or 60 s for depth/nodes limits.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "match/player.h"
#include "match/player_factory.h"
#include "match/subprocess.h"

namespace ordo::match {

class UgiPlayer final : public Player {
 public:
  UgiPlayer(std::string name, UgiSettings settings, const MatchRules& rules);
  ~UgiPlayer() override;
  const std::string& name() const override { return name_; }
  std::string new_game(const games::AnyGame& game) override;
  MoveReply choose_move(const MoveRequest& request) override;

 private:
  // Starts the process and does the handshake; empty string or the failure.
  std::string start();
  // Reads lines until one starts with `word`; returns that line, or nullopt with failure_
  // set (and the process killed).
  // The lines before it go to `skipped` if given.
  std::optional<std::string> await(const std::string& word, std::chrono::milliseconds timeout,
                                   bool& timed_out, std::vector<std::string>* skipped = nullptr);
  std::string fail(const std::string& what);  // kills the process; returns the reason
  std::chrono::milliseconds move_timeout(const MoveRequest& request) const;

  std::string name_;
  UgiSettings settings_;
  MatchRules rules_;
  std::unique_ptr<Subprocess> process_;
  std::string failure_;
  // The engine lists a Seed option and the player's options do not set it: each game then
  // gets a seed drawn from the game (as kind=ab's lower levels), so a match replays.
  bool seeded_by_match_ = false;
};

}  // namespace ordo::match
