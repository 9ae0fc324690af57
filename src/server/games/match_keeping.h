// A match to a score (engine/points_match.h) as the server keeps it: each game of the
// match is a game of its own, and its row's settings say which match it belongs to, the
// score before it and who began it. When a game of a match ends and the match goes on,
// the next game is made at once (game_matches.cpp). Nothing here names a game.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "engine/any_game.h"
#include "engine/points_match.h"

namespace ordo::server {

// The longest match a request may ask for ("match_to").
inline constexpr int kMaxMatchTarget = 99;

struct MatchKeeping {
  int target = 0;                            // the score that wins the match
  int game_number = 1;                       // 1 for the match's first game
  int score[2] = {0, 0};                     // white, black before this game
  games::Side starter = games::Side::First;  // who began this game
  std::string first_id;                      // the match's first game (the match's name)
  std::string previous_id;                   // the game before this one; empty in the first
  // Between two accounts, rated: the match changes ratings once, with its last game.
  bool rated = false;
  // A match on a clock: the time each seat (white, black) has left for the rest of the
  // match when this game began (the clock is the match's; -1: the clock's initial time).
  std::int64_t clock_left_ms[2] = {-1, -1};
};

// The match of a row's settings; none for a game that is no match's.
std::optional<MatchKeeping> match_of(const std::string& settings);
std::string with_match(const std::string& settings, const MatchKeeping& match);
// Whether a settings key is the match's, not a game option.
bool is_match_key(const std::string& key);

// A game record's tags of its match: [Match "31"], [MatchGame "2"], [MatchScore "7-12"]
// (the score before the game), as the games' match records have them.
std::map<std::string, std::string> match_tags(const MatchKeeping& keeping);

// The match as it stands once `result` ended the game kept by `keeping` (a game of the
// spec's game); throws games::GameError where the game is played in no match. A game lost
// on time loses the whole match, as on backgammon servers: `over` though no side reached
// the target.
struct MatchStanding {
  games::PointsMatch after;
  bool over = false;
  std::optional<games::Side> winner;
  bool lost_on_time = false;
};
MatchStanding match_after(const games::GameSpec& spec, const MatchKeeping& keeping,
                          const games::GameResult& result);

// The keeping of the game that follows `keeping`'s game (`this_id`).
MatchKeeping following_keeping(const MatchKeeping& keeping, const games::PointsMatch& after,
                               const std::string& this_id);

}  // namespace ordo::server
