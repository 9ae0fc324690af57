// One game being served: the stored row (seats, mode, names, clock settings), the game
// (any of them, through games::AnyGame) as the only referee, per-move facts the core does not keep,
// the clock, the pending draw offer and the engine of mode ai. Guarded by its own mutex; `changed`
// wakes the event streams when `version` moves on.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/any_engine.h"
#include "engine/any_game.h"
#include "server/common/chess_clock.h"
#include "server/games/game_offers.h"
#include "server/games/match_keeping.h"
#include "server/games/seat_presence.h"
#include "server/live/change_listeners.h"
#include "server/storage/storage.h"

namespace ordo::server {

struct MoveFacts {
  std::string by;  // white | black
  std::int64_t think_ms = 0;
  std::optional<std::int64_t> clock_after_ms;
  bool chance = false;  // a roll the server made (a game with chance), not a player's move
};

// The seats are named white (the side that moves first: White, Order) and black (Black,
// Chaos) for every game; the seam's games::Side names them in the server's code.
struct Match {
  Match(StoredGame stored_row, std::unique_ptr<games::AnyGame> start);

  std::mutex mutex;
  std::condition_variable changed;
  std::uint64_t version = 1;  // 0 is what a new event stream has seen
  ChangeListeners listeners;  // told after `changed` (the HTTP server's event streams)

  StoredGame row;
  std::unique_ptr<games::AnyGame> game;
  // The match to a score this game belongs to (match_keeping.h), read once from the row's
  // settings, which never change it; none for a game of no match.
  std::optional<MatchKeeping> keeping;
  std::vector<MoveFacts> facts;  // one per move of `game`
  std::optional<ChessClock> clock;
  std::int64_t turn_started_ms = 0;
  std::optional<games::Side> draw_offer;
  // Each seat's consent (white, black) to spectators seeing the engine's analysis while
  // the game goes on (game_analysis.cpp); not stored, so a reloaded game starts without.
  bool spectator_analysis[2] = {false, false};
  GameOffers offers;
  SeatPresence presence;
  // What the state needs to know of the chat (game_chat.cpp), read once from storage.
  struct ChatFacts {
    bool loaded = false;
    bool any = false;                     // has the game any message?
    bool spectators[2] = {false, false};  // each seat's consent to spectators reading it
  } chat;

  // Mode ai. The engine thinks on its own thread; its answer comes back through the
  // service's queue, and is taken only if `ai_search` still names the search that asked.
  std::unique_ptr<games::AnyEngine> engine;
  std::uint64_t ai_search = 0;
  bool ai_thinking = false;
  std::optional<int> ai_score;  // the engine's last score, from its own side's view
  // The engine's move that storage refused (a full disk): stored when storage works again
  // (GameService::retry_owed_engine_moves), so the game never waits for ever.
  std::optional<std::string> unstored_engine_move;

  // Each seat's account's rating in the game's pool as shown beside the names, read once
  // while the game is in memory (game_state.cpp): {"white": {...} | null, "black": ...}.
  std::optional<nlohmann::json> seat_ratings;

  // Ended before each side had moved (game_abort.cpp): over, with the game itself unfinished.
  bool aborted = false;

  bool over() const { return aborted || game->result().over(); }
  games::Side to_move() const { return game->side_to_move(); }
  std::optional<games::Side> ai_color() const {
    if (row.ai_color.empty()) return std::nullopt;
    return row.ai_color == "white" ? games::Side::First : games::Side::Second;
  }
  void touch() {
    ++version;
    changed.notify_all();
    listeners.notify();
  }
};

const char* seat_name(games::Side c);
std::optional<games::Side> seat_from_name(const std::string& name);  // white | black, else none

// Starts the turn of the side to move at `turn_started_ms`: each seat's time is what its
// last move left it (the stored facts; before it, what the match left it or the clock's
// initial time), and the side to move's runs from then on (not
// before the first move, nor in a finished game). This is how a game read back from
// storage gets its clock, and how undo resets it.
void restart_turn_clock(Match& match, std::int64_t turn_started_ms);
// The clock the row asks for (none, a total time, days per move).
void emplace_clock(Match& match);
// A new game's clock, its turn starting at `now`; days per move run from the start, so
// the row's flag is set too.
void start_new_game_clock(Match& match, std::int64_t now);
// When the running clock falls, or a first move is overdue (first_move_deadline); 0 if
// neither can happen.
std::int64_t flag_deadline(const Match& match);
// Whether each seat has made a move of its own (a roll is not one).
bool each_side_moved(const Match& match);
// A game between two people (mode network) that goes on before each side has moved: it
// may be aborted, and any ending aborts it instead (game_abort.cpp). A match's later games
// are not: the match was agreed and is under way.
bool abortable(const Match& match);
// In a game between two people on a clock, White's first turn is untimed but not
// endless: by this time (0 where it does not apply) a first move is due, or the game is
// aborted. Not in a match's later games (nor is their first turn timed: a player who left
// one is claimed against, game_abandon.cpp).
std::int64_t first_move_deadline(const Match& match);
// In a game between two people that is not played by correspondence and can no longer be
// aborted, the time from which `claimant` may claim the win because the other player has
// had the game open nowhere for `grace_ms` (presence.absent_since, so observe() first);
// 0 where no claim applies: the other player is there, or it is not such a game.
std::int64_t claim_win_at(const Match& match, games::Side claimant, std::int64_t grace_ms);
// The score as storage keeps it: the game's own, or kAbortedScore.
std::string stored_score(const Match& match);

}  // namespace ordo::server
