// Mughrabieh (both rule sets) behind the run-time game interface, chance included: between
// turns the game is at a chance node where the referee's roll ("52") is the next step; a
// turn is then one word, its die steps joined by commas ("13/8,8/6", "pass" when the roll
// moves nothing).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/any_game.h"
#include "mughrabieh/game.h"

namespace games {

// Options as in GameSpec: rules (house|ludii), position.
std::unique_ptr<AnyGame> make_mughrabieh_game(const std::map<std::string, std::string>& options);

// A game of a match to 31 begun by `starter` (GameEntry::make_match_game; options as above
// but for position), and who begins the next one (GameEntry::next_match_starter).
std::unique_ptr<AnyGame> make_mughrabieh_match_game(
    const std::map<std::string, std::string>& options, Side starter);
Side mughrabieh_next_match_starter(Side starter, const GameResult& result);

// A game read from a Mughrabieh record; tags beyond the game's own go to `tags`.
std::unique_ptr<AnyGame> read_mughrabieh_record(std::string_view text,
                                                std::map<std::string, std::string>& tags);

// The game's own rules object behind `game`, for the game's tools (solve, the engine);
// throws GameError if `game` is another game's.
const mughrabieh::Game& mughrabieh_game_of(const AnyGame& game);

// The side to move's turns for its roll (none at a chance node or for the other side).
std::vector<std::string> mughrabieh_moves_if_to_move(const AnyGame& game, Side side);

// A turn as the seam writes it: its steps joined by commas without the roll, "pass" for
// none. And the turn text the rules read back from such a word (or from full notation).
std::string mughrabieh_turn_word(const mughrabieh::Turn& turn);
std::string mughrabieh_turn_text(mughrabieh::Roll roll, std::string_view word);

// A stored result as a sentence (GameEntry::describe_result).
std::string describe_mughrabieh_result(const std::string& token, const std::string& termination);

}  // namespace games
