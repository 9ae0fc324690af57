#include "server/games/served_game.h"

#include <algorithm>

#include "server/games/clock_settings.h"
#include "server/storage/stored_result.h"

namespace ordo::server {

Match::Match(StoredGame stored_row, std::unique_ptr<games::AnyGame> start)
    : row(std::move(stored_row)), game(std::move(start)), keeping(match_of(row.settings)) {}

const char* seat_name(games::Side c) {
  return c == games::Side::First ? "white" : "black";
}

std::optional<games::Side> seat_from_name(const std::string& name) {
  if (name == "white") return games::Side::First;
  if (name == "black") return games::Side::Second;
  return std::nullopt;
}

void restart_turn_clock(Match& match, std::int64_t turn_started_ms) {
  match.turn_started_ms = turn_started_ms;
  if (!match.clock) return;
  match.clock->stop(turn_started_ms);
  std::int64_t left[2] = {match.clock->initial_ms(), match.clock->initial_ms()};
  if (match.clock->kind() == ChessClock::Kind::Total)
    for (int seat = 0; seat < 2; ++seat)
      if (match.keeping && match.keeping->clock_left_ms[seat] >= 0)
        left[seat] = match.keeping->clock_left_ms[seat];
  for (const auto& f : match.facts)
    if (f.clock_after_ms) left[f.by == "white" ? 0 : 1] = *f.clock_after_ms;
  match.clock->set_left(0, left[0]);
  match.clock->set_left(1, left[1]);
  // A clock starts with the first move (White's first turn is not timed); days per move
  // count from the start.
  const bool timed = std::any_of(match.facts.begin(), match.facts.end(),
                                 [](const MoveFacts& f) { return !f.chance; }) ||
                     match.clock->kind() == ChessClock::Kind::PerMove;
  if (timed && !match.over()) match.clock->start(index(match.to_move()), turn_started_ms);
}

void emplace_clock(Match& match) {
  const StoredGame& row = match.row;
  if (row.clock_initial_ms <= 0) return;
  if (row.days_per_move > 0)
    match.clock.emplace(row.clock_initial_ms, row.clock_increment_ms, ChessClock::Kind::PerMove);
  else
    match.clock.emplace(row.clock_initial_ms, row.clock_increment_ms, ChessClock::Kind::Total,
                        clock_delay_of(row.settings));
}

void start_new_game_clock(Match& match, std::int64_t now) {
  emplace_clock(match);
  restart_turn_clock(match, now);
  match.row.flag_at_ms = flag_deadline(match);
}

namespace {

// A match's second game or later: the match was agreed and is under way.
bool later_match_game(const Match& match) {
  return match.keeping && match.keeping->game_number > 1;
}

// How long White has for the first move of a game between two people on a clock.
constexpr std::int64_t kFirstMoveWindowMs = 60'000;

}  // namespace

bool each_side_moved(const Match& match) {
  bool moved[2] = {false, false};
  for (const MoveFacts& f : match.facts)
    if (!f.chance) moved[f.by == "white" ? 0 : 1] = true;
  return moved[0] && moved[1];
}

bool abortable(const Match& match) {
  return match.row.mode == "network" && !later_match_game(match) && !match.over() &&
         !each_side_moved(match);
}

std::int64_t first_move_deadline(const Match& match) {
  if (!match.clock || match.over() || match.row.mode != "network" || later_match_game(match))
    return 0;
  if (match.clock->kind() != ChessClock::Kind::Total || match.clock->running()) return 0;
  const bool white_moved = std::any_of(match.facts.begin(), match.facts.end(),
                                       [](const MoveFacts& f) { return !f.chance; });
  return white_moved ? 0 : match.turn_started_ms + kFirstMoveWindowMs;
}

std::int64_t claim_win_at(const Match& match, games::Side claimant, std::int64_t grace_ms) {
  if (match.row.mode != "network" || match.row.days_per_move > 0 || match.over() ||
      abortable(match))
    return 0;
  const std::int64_t gone =
      match.presence.absent_since[static_cast<std::size_t>(index(games::other(claimant)))];
  return gone > 0 ? gone + grace_ms : 0;
}

std::string stored_score(const Match& match) {
  return match.aborted ? kAbortedScore : match.game->result().token;
}

std::int64_t flag_deadline(const Match& match) {
  if (!match.clock || match.over()) return 0;
  const auto running = match.clock->running();
  if (!running) return first_move_deadline(match);
  return match.clock->falls_at();
}

}  // namespace ordo::server
