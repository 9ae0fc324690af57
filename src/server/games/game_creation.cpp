// New games (created; imported ones in game_import.cpp).
#include <optional>

#include "server/common/api_error.h"
#include "server/common/fair_dice.h"
#include "server/common/player_name.h"
#include "server/common/random_token.h"
#include "server/common/token_digest.h"
#include "server/games/ai_level.h"
#include "server/games/clock_settings.h"
#include "server/games/game_service.h"
#include "server/games/game_setup.h"
#include "server/games/game_types.h"
#include "server/games/match_keeping.h"
#include "server/games/request_fields.h"
#include "server/games/server_dice.h"
#include "server/storage/stored_result.h"

namespace ordo::server {

using nlohmann::json;

namespace {

constexpr std::int64_t kMaxClockMs = 24LL * 3600 * 1000;

// Storage keeps only what checks a token.
std::string stored_token(const std::string& token) {
  return token.empty() ? token : token_digest(token);
}

// A lobby game: the seats' accounts, names and any token given before the game existed.
void seat_accounts(StoredGame& row, std::string& white_token, std::string& black_token,
                   const AccountSeats& accounts) {
  if (row.mode != "network")
    throw ApiError(400, "bad_request", "only a network game is played between accounts");
  row.white_account = accounts.white;
  row.black_account = accounts.black;
  row.rated = accounts.rated && accounts.white != 0 && accounts.black != 0;
  if (!accounts.white_name.empty()) row.white_name = accounts.white_name;
  if (!accounts.black_name.empty()) row.black_name = accounts.black_name;
  if (!accounts.white_token_digest.empty()) {
    row.white_token = accounts.white_token_digest;
    white_token.clear();
  }
  if (!accounts.black_token_digest.empty()) {
    row.black_token = accounts.black_token_digest;
    black_token.clear();
  }
}

// A match's first game (match_keeping.h): "match_to" is the target score, for a game whose
// wins are worth points, from the start position.
MatchKeeping match_of_request(const json& body, const StoredGame& row) {
  MatchKeeping keeping;
  keeping.target = static_cast<int>(integer_field(body, "match_to", 1, kMaxMatchTarget));
  keeping.first_id = row.id;
  games::GameSpec spec = spec_of(row);
  spec.options.erase("position");
  try {
    games::PointsMatch(spec, keeping.target);
  } catch (const games::GameError& e) {
    throw ApiError(400, "bad_request", std::string("no match to a score: ") + e.what());
  }
  if (games::make_game(spec)->start_position() != row.start)
    throw ApiError(400, "bad_request", "each game of a match begins from the start position");
  return keeping;
}

}  // namespace

void GameService::add_game(const std::shared_ptr<Match>& match,
                           const std::vector<StoredMove>& moves) {
  if (const auto free = storage_.free_disk_bytes(); free && *free < options_.disk_reserve_bytes)
    throw ApiError(507, "storage_full",
                   "the server's disk is nearly full: no new games until space is freed (games "
                   "under way go on)",
                   60);
  storage_.create_game(match->row, moves);
  cache_.insert(match);
  tell_seat_accounts(*match);
}

json GameService::create(const json& body, const AccountSeats& accounts) {
  if (!body.is_object()) throw ApiError(400, "bad_request", "the body must be a JSON object");
  const std::string mode = string_field(body, "mode", true);
  if (mode != "ai" && mode != "local" && mode != "network")
    throw ApiError(400, "bad_request", "unknown mode '" + mode + "' (ai, local or network)");
  const GameSetup setup = setup_from_request(body);

  StoredGame row;
  row.id = make_game_id();
  row.game = setup.game;
  row.mode = mode;
  row.rules = setup.rules;
  row.size = setup.size;
  row.start = setup.start;
  row.settings = setup.settings;
  if (games::game_info(setup.game).chance)
    row.settings = with_dice(setup.settings, {new_dice_seed(), 0});
  std::unique_ptr<games::AnyGame> game = games::make_game(spec_of(row));
  // Only the server rolls: a start with its roll already made is refused (an analysis may
  // ask about one; a game may not begin with one).
  if (games::game_info(row.game).chance && !game->is_chance_node())
    throw ApiError(400, "bad_request",
                   "the position has its roll made; only the server rolls (give the roll "
                   "field as '-')");
  const std::string first = game->side_name(games::Side::First);
  const std::string second = game->side_name(games::Side::Second);
  row.white_name = player_name(body, "white", first);
  row.black_name = player_name(body, "black", second);

  SeatTokens tokens;
  const bool has_ai = body.contains("ai") && !body["ai"].is_null();
  if (mode == "ai") {
    const json ai = has_ai ? body["ai"] : json::object();
    if (!ai.is_object()) throw ApiError(400, "bad_request", "'ai' must be an object");
    row.ai_level = ai.contains("level")
                       ? static_cast<int>(integer_field(ai, "level", kMinLevel, kMaxLevel))
                       : 3;
    row.ai_color = ai.contains("color") ? string_field(ai, "color", true) : "black";
    if (row.ai_color != "white" && row.ai_color != "black")
      throw ApiError(400, "bad_request", "'ai.color' must be white or black");
    const std::string engine_name = "Engine (level " + std::to_string(row.ai_level) + ")";
    const std::string human = row.ai_color == "white" ? "black" : "white";
    const std::string human_name = player_name(body, human.c_str(), "You");
    row.white_name = row.ai_color == "white" ? engine_name : human_name;
    row.black_name = row.ai_color == "black" ? engine_name : human_name;
    (row.ai_color == "white" ? tokens.black : tokens.white) = make_seat_token();
  } else {
    if (has_ai) throw ApiError(400, "bad_request", "'ai' is only for mode ai");
    tokens.white = make_seat_token();
    tokens.black = mode == "local" ? tokens.white : make_seat_token();
  }
  row.white_token = stored_token(tokens.white);
  row.black_token = stored_token(tokens.black);
  if (accounts.white != 0 || accounts.black != 0)
    seat_accounts(row, tokens.white, tokens.black, accounts);
  if (body.contains("match_to") && !body["match_to"].is_null()) {
    MatchKeeping keeping = match_of_request(body, row);
    keeping.rated = row.rated;
    row.settings = with_match(row.settings, keeping);
  }
  if (body.contains("clock") && !body["clock"].is_null()) {
    const json& clock = body["clock"];
    if (!clock.is_object()) throw ApiError(400, "bad_request", "'clock' must be an object or null");
    row.clock_initial_ms = integer_field(clock, "initial_ms", 1000, kMaxClockMs);
    row.clock_increment_ms =
        clock.contains("increment_ms") ? integer_field(clock, "increment_ms", 0, 3600 * 1000) : 0;
    if (clock.contains("delay_ms"))
      row.settings =
          with_clock_delay(row.settings, integer_field(clock, "delay_ms", 0, kMaxClockDelayMs));
  }
  if (const int days = days_per_move_field(body); days > 0) {
    if (mode != "network")
      throw ApiError(400, "bad_request", "'days_per_move' is for network games only");
    if (row.clock_initial_ms > 0)
      throw ApiError(400, "bad_request", "a game has a clock or days per move, not both");
    row.days_per_move = days;
    row.clock_initial_ms = days * kDayMs;
  }
  row.created_ms = row.updated_ms = row.turn_started_ms = options_.now();

  auto match = std::make_shared<Match>(row, std::move(game));
  start_new_game_clock(*match, row.created_ms);
  // Nothing is stored for a game the engine cannot play.
  prepare_engine(*match);
  add_game(match, {});
  std::lock_guard lock(match->mutex);
  settle_chance(*match, row.created_ms);
  start_engine_if_its_turn(*match);
  return new_game_answer(*match, tokens);
}

json GameService::new_game_answer(Match& match, const SeatTokens& seat_tokens) {
  const StoredGame& row = match.row;
  json tokens = json::object(), links = json::object();
  for (const char* seat : {"white", "black"}) {
    const std::string& token = std::string(seat) == "white" ? seat_tokens.white : seat_tokens.black;
    if (token.empty()) continue;
    tokens[seat] = token;
    links[seat] = "/play/" + row.id + "?token=" + token;
  }
  links["spectator"] = "/play/" + row.id;
  const std::string any_token = seat_tokens.white.empty() ? seat_tokens.black : seat_tokens.white;
  json state = state_of(match, any_token);
  // The creator of a network game holds both seats' tokens until it hands one on.
  if (row.mode == "network" && !seat_tokens.white.empty() && !seat_tokens.black.empty())
    state["you"] = json::array({"white", "black"});
  return json{{"id", row.id}, {"tokens", tokens}, {"links", links}, {"state", state}};
}

}  // namespace ordo::server
