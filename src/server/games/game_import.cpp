// Imported games: a record of one game, or a match's records (each game of a match to a
// score, one after another), stored as the server keeps its own games and matches.
#include <string>
#include <vector>

#include "server/common/api_error.h"
#include "server/common/fair_dice.h"
#include "server/common/player_name.h"
#include "server/common/random_token.h"
#include "server/common/token_digest.h"
#include "server/games/game_service.h"
#include "server/games/game_setup.h"
#include "server/games/match_keeping.h"
#include "server/games/request_fields.h"
#include "server/games/server_dice.h"
#include "server/storage/stored_result.h"

namespace ordo::server {

using nlohmann::json;

namespace {

[[noreturn]] void bad_record(const std::string& why) {
  throw ApiError(422, "bad_record", why);
}

const std::string* tag_of(const games::AnyRecord& record, const std::string& name) {
  const auto it = record.tags.find(name);
  return it == record.tags.end() ? nullptr : &it->second;
}

// The start of each game of the match that `keeping` describes (a game of `spec`'s game).
std::string match_start(const games::GameSpec& spec, const MatchKeeping& keeping) {
  return games::PointsMatch::resumed(spec, keeping.target, keeping.score[0], keeping.score[1],
                                     keeping.starter, keeping.game_number - 1)
      .next_game()
      ->start_position();
}

// The match's tags of a game must say what the games before it give.
void check_match_tags(const games::AnyRecord& record, const MatchKeeping& keeping,
                      const std::string& where) {
  for (const auto& [name, expected] : match_tags(keeping)) {
    const std::string* value = tag_of(record, name);
    if (!value) bad_record(where + "a game of a match needs the tag " + name);
    if (*value != expected)
      bad_record(where + name + " \"" + *value + "\" where the games before give \"" + expected +
                 "\"");
  }
}

int match_target_of(const games::AnyRecord& first) {
  const std::string* text = tag_of(first, "Match");
  if (!text) bad_record("game 1: a game of a match needs the tag Match");
  int target = 0;
  try {
    std::size_t used = 0;
    target = std::stoi(*text, &used);
    if (used != text->size()) target = 0;
  } catch (const std::logic_error&) {
  }
  if (target < 1 || target > kMaxMatchTarget)
    bad_record("game 1: Match \"" + *text + "\" is no target from 1 to " +
               std::to_string(kMaxMatchTarget));
  return target;
}

}  // namespace

GameService::ImportedGame GameService::imported_game(games::AnyRecord& record,
                                                     const std::string& mode,
                                                     const SeatTokens& tokens) {
  const bool chance = games::game_info(record.game->game_name()).chance;
  // Only the server rolls: a roll the record made and nobody played yet is dropped (the
  // server rolls again from the game's seed); a start with its roll made is refused.
  if (chance && !record.game->result().over() && !record.game->is_chance_node() &&
      (!record.game->undo() || !record.game->is_chance_node()))
    bad_record("the record's start has its roll made; only the server rolls");
  const games::AnyGame& read = *record.game;
  ImportedGame imported;
  StoredGame& row = imported.row;
  const auto [width, height] = read.board_size();
  row.id = make_game_id();
  row.game = std::string(read.game_name());
  row.mode = mode;
  row.rules = read.rules_name();
  row.size = std::to_string(width) + "x" + std::to_string(height);
  row.start = read.start_position();
  try {
    row.settings = settings_of(read);
  } catch (const std::invalid_argument& e) {
    bad_record(e.what());
  }
  if (chance)
    row.settings =
        with_dice(row.settings, {new_dice_seed(), static_cast<int>(read.moves().size())});
  // The players' tags are named after the sides: White/Black, Order/Chaos.
  auto name_of = [&](const std::string& side) {
    const std::string* tag = tag_of(record, side);
    const std::string cleaned = tag ? cleaned_player_name(*tag) : std::string();
    return cleaned.empty() ? side : cleaned;
  };
  row.white_name = name_of(read.side_name(games::Side::First));
  row.black_name = name_of(read.side_name(games::Side::Second));
  row.white_token = token_digest(tokens.white);
  row.black_token = token_digest(tokens.black);
  row.result = read.result().token;
  row.reason = stored_reason(read.result());
  row.created_ms = row.updated_ms = row.turn_started_ms = options_.now();
  // Replayed from the start as a stored game is read back, so that both ways agree.
  std::unique_ptr<games::AnyGame> walk = games::make_game(spec_of(row));
  for (const std::string& move : read.moves()) {
    imported.moves.push_back({static_cast<int>(imported.moves.size()), move,
                              seat_name(walk->side_to_move()), 0, std::nullopt});
    walk->play(move);
  }
  return imported;
}

json GameService::import_record(const json& body) {
  const std::string text = string_field(body, "record", true);
  std::string mode = string_field(body, "mode", false);
  if (mode.empty()) mode = "local";
  if (mode != "local" && mode != "network")
    throw ApiError(400, "bad_request", "an imported game is local or network, not '" + mode + "'");
  std::vector<games::AnyRecord> records;
  try {
    records = games::read_any_records(text);
  } catch (const std::invalid_argument& e) {
    bad_record(e.what());
  }
  SeatTokens tokens;
  tokens.white = make_seat_token();
  tokens.black = mode == "local" ? tokens.white : make_seat_token();
  if (records.size() > 1 || tag_of(records.front(), "Match"))
    return import_match(records, mode, tokens);

  ImportedGame imported = imported_game(records.front(), mode, tokens);
  auto match = replay(imported.row, imported.moves);
  match->turn_started_ms = imported.row.created_ms;
  add_game(match, imported.moves);
  std::lock_guard lock(match->mutex);
  settle_chance(*match, imported.row.created_ms);
  return new_game_answer(*match, tokens);
}

json GameService::import_match(std::vector<games::AnyRecord>& records, const std::string& mode,
                               const SeatTokens& tokens) {
  MatchKeeping keeping;
  keeping.target = match_target_of(records.front());
  // Every game is checked before any is stored: its tags, its start, and the match's
  // standing after it, as the server keeps a match it plays itself.
  std::vector<std::shared_ptr<Match>> games_of_match;
  std::vector<std::vector<StoredMove>> moves_of_games;
  for (std::size_t g = 0; g < records.size(); ++g) {
    const std::string where = "game " + std::to_string(g + 1) + ": ";
    if (g > 0 && (records[g].game->game_name() != records[0].game->game_name() ||
                  records[g].game->rules_name() != records[0].game->rules_name()))
      bad_record(where + "each game of a match is of the first game's game and rules");
    check_match_tags(records[g], keeping, where);
    ImportedGame imported = imported_game(records[g], mode, tokens);
    games::GameSpec spec = spec_of(imported.row);
    spec.options.erase("position");
    try {
      if (imported.row.start != match_start(spec, keeping))
        bad_record(where + "the game must begin from the start, begun by " +
                   records[g].game->side_name(keeping.starter) + " (as the games before say)");
    } catch (const games::GameError& e) {
      bad_record(where + "no match to a score: " + e.what());
    }
    if (g == 0) keeping.first_id = imported.row.id;
    imported.row.settings = with_match(imported.row.settings, keeping);
    auto match = replay(imported.row, imported.moves);
    match->turn_started_ms = imported.row.created_ms;
    const bool last = g + 1 == records.size();
    if (!last) {
      if (!match->over())
        bad_record("game " + std::to_string(g + 2) + " follows an unfinished game");
      const MatchStanding standing = match_after(spec, keeping, match->game->result());
      if (standing.over)
        bad_record("game " + std::to_string(g + 2) + " follows the end of the match");
      keeping = following_keeping(keeping, standing.after, imported.row.id);
    }
    games_of_match.push_back(std::move(match));
    moves_of_games.push_back(std::move(imported.moves));
  }
  // Stored in order, each finished game naming the next as a match's games do.
  for (std::size_t g = 0; g < games_of_match.size(); ++g)
    add_game(games_of_match[g], moves_of_games[g]);
  for (std::size_t g = 0; g + 1 < games_of_match.size(); ++g) {
    Match& game = *games_of_match[g];
    std::lock_guard lock(game.mutex);
    GameOffers linked = game.offers;
    linked.rematch_id = games_of_match[g + 1]->row.id;
    commit_offers(game, linked);
  }
  Match& last = *games_of_match.back();
  std::lock_guard lock(last.mutex);
  const std::int64_t now = last.row.created_ms;
  settle_chance(last, now);
  continue_match_if_over(last, now);  // a match that goes on gets its next game, as played
  return new_game_answer(last, tokens);
}

}  // namespace ordo::server
