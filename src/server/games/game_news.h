// What a stored change of a game between accounts means to its players, for what tells
// them beyond the game's page (e-mail, players/mail_notices.h): told once, by the instance
// that stored the change, never for a change read from another instance.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace ordo::server {

struct GameNews {
  enum class Kind { turn, ended };
  Kind kind = Kind::turn;
  std::string id;
  std::string game, rules, size;
  int days_per_move = 0;  // 0: a live game
  int plies = 0;
  std::int64_t white_account = 0, black_account = 0;  // 0: a guest's seat
  std::string white_name, black_name;
  // turn: the account to move, and when its time runs out (0: no deadline).
  std::int64_t to_move_account = 0;
  std::int64_t deadline_ms = 0;
  // ended: the score as stored ("1-0", "0-1", "1/2-1/2", "aborted") and a sentence.
  std::string result, description;
};

using GameNewsListener = std::function<void(const GameNews&)>;

}  // namespace ordo::server
