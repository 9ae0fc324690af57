// Ordo (Classic and Ordo X, both boards) behind the run-time game interface, over
// ordo::Game and its notation and records.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/any_game.h"
#include "ordo/game.h"

namespace games {

// Options as in GameSpec: rules, size, position, repetition, move-limit.
std::unique_ptr<AnyGame> make_ordo_game(const std::map<std::string, std::string>& options);
// An Ordo game read from a record (core/record.h); tags beyond the game's own go to `tags`.
// The game's own rules object behind `game`, for the game's tools (solve); throws GameError
// if `game` is another game's.
const ordo::Game& ordo_game_of(const AnyGame& game);

std::unique_ptr<AnyGame> read_ordo_record(std::string_view text,
                                          std::map<std::string, std::string>& tags);

// The moves `side` could make in an Ordo game's position were it its turn, sorted.
std::vector<std::string> ordo_moves_if_to_move(const AnyGame& game, Side side);

// Whether `color` has a move that wins at once in `pos` (played as if it were its turn).
bool ordo_can_win_at_once(const ordo::Position& pos, ordo::Color color);

}  // namespace games
