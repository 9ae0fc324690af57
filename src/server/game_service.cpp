#include "server/game_service.h"

#include <algorithm>
#include <functional>
#include <iostream>

#include "core/notation.h"
#include "core/record.h"
#include "server/ai_level.h"
#include "server/api_error.h"
#include "server/ordo_rules.h"
#include "server/random_token.h"

namespace ordo::server {

using nlohmann::json;

namespace {

constexpr std::int64_t kMaxClockMs = 24LL * 3600 * 1000;
constexpr std::size_t kMaxNameLength = 40;
// The engine accepts a draw offer when its score is within this margin (hundredths of a
// piece) of equality.
constexpr int kDrawAcceptMargin = 30;

const char* seat_name(Color c) {
  return c == Color::White ? "white" : "black";
}
int seat_index(Color c) {
  return index(c);
}

std::string string_field(const json& body, const char* field, bool required) {
  if (!body.is_object()) throw ApiError(400, "bad_request", "the body must be a JSON object");
  if (!body.contains(field) || body[field].is_null()) {
    if (required) throw ApiError(400, "bad_request", std::string("missing field '") + field + "'");
    return "";
  }
  if (!body[field].is_string())
    throw ApiError(400, "bad_request", std::string("'") + field + "' must be a string");
  return body[field].get<std::string>();
}

std::int64_t integer_field(const json& object, const char* field, std::int64_t low,
                           std::int64_t high) {
  if (!object.contains(field) || !object[field].is_number_integer())
    throw ApiError(400, "bad_request", std::string("'") + field + "' must be an integer");
  const auto value = object[field].get<std::int64_t>();
  if (value < low || value > high)
    throw ApiError(400, "bad_request",
                   std::string("'") + field + "' must be between " + std::to_string(low) + " and " +
                       std::to_string(high));
  return value;
}

std::vector<Color> seats_of(const Match& match, const std::string& token) {
  std::vector<Color> seats;
  if (token.empty()) return seats;
  if (!match.row.white_token.empty() && tokens_equal(token, match.row.white_token))
    seats.push_back(Color::White);
  if (!match.row.black_token.empty() && tokens_equal(token, match.row.black_token))
    seats.push_back(Color::Black);
  return seats;
}

std::vector<Color> require_seats(const Match& match, const json& body) {
  const std::string token = string_field(body, "token", false);
  if (token.empty()) throw ApiError(403, "bad_token", "a seat token is needed for this action");
  auto seats = seats_of(match, token);
  if (seats.empty()) throw ApiError(403, "bad_token", "the token holds no seat of this game");
  return seats;
}

bool holds(const std::vector<Color>& seats, Color c) {
  return std::find(seats.begin(), seats.end(), c) != seats.end();
}

void require_not_over(const Match& match) {
  if (match.game.result().over())
    throw ApiError(409, "game_over", "the game is over: " + describe(match.game.result()));
}

Result win_for(Color winner, Termination how) {
  return {winner == Color::White ? Outcome::WhiteWins : Outcome::BlackWins, how};
}

std::vector<std::string> move_texts(const Game& game) {
  std::vector<std::string> texts;
  Position pos = game.start_position();
  for (const Move& m : game.moves()) {
    texts.push_back(format_move(pos, m));
    pos.make(m);
  }
  return texts;
}

std::string player_name(const json& body, const char* seat, const std::string& fallback) {
  if (!body.contains("players") || body["players"].is_null()) return fallback;
  const json& players = body["players"];
  if (!players.is_object()) throw ApiError(400, "bad_request", "'players' must be an object");
  const std::string name = string_field(players, seat, false);
  if (name.size() > kMaxNameLength)
    throw ApiError(400, "bad_request", "a player name has at most 40 characters");
  return name.empty() ? fallback : name;
}

}  // namespace

GameService::GameService(Storage& storage, ServiceOptions options)
    : storage_(storage), options_(std::move(options)) {
  dispatcher_ = std::thread([this] { dispatch_engine_answers(); });
  for (auto& row : storage_.all_games()) {
    const std::string id = row.id;
    try {
      auto match = resume(std::move(row));
      std::lock_guard lock(games_mutex_);
      games_[id] = match;
    } catch (const std::exception& e) {
      // One unreadable game must not keep the others from being served.
      std::cerr << "warning: stored game " << id << " cannot be resumed: " << e.what() << '\n';
    }
  }
  if (options_.clock_tick_ms > 0) clock_timer_ = std::thread([this] { run_clock_timer(); });
}

GameService::~GameService() {
  close();
  {
    std::lock_guard lock(answers_mutex_);
    closing_ = true;
  }
  answers_ready_.notify_all();
  if (clock_timer_.joinable()) clock_timer_.join();
  if (dispatcher_.joinable()) dispatcher_.join();
  std::lock_guard lock(games_mutex_);
  for (auto& [id, match] : games_) {
    std::lock_guard game_lock(match->mutex);
    if (match->engine) match->engine->stop();
  }
}

std::shared_ptr<Match> GameService::resume(StoredGame row) {
  Game game = ordo_game_from_stored(row.rules, row.start, row.settings);
  auto match = std::make_shared<Match>(std::move(row), std::move(game));
  std::lock_guard lock(match->mutex);
  const std::int64_t now = options_.now();
  for (const auto& stored : storage_.moves_of(match->row.id)) {
    match->game.play(stored.notation);
    match->facts.push_back({stored.by, stored.think_ms, stored.clock_after_ms});
  }
  const Result stored = result_from_stored(match->row.result, match->row.reason);
  if (decided_by_players(stored)) match->game.set_result(stored);
  if (match->row.clock_initial_ms > 0)
    match->clock.emplace(match->row.clock_initial_ms, match->row.clock_increment_ms);
  // Time while the server was down is not charged to anyone.
  restart_turn_clock(*match, now);
  start_engine_if_its_turn(*match);
  return match;
}

std::shared_ptr<Match> GameService::find(const std::string& id) {
  std::lock_guard lock(games_mutex_);
  auto it = games_.find(id);
  if (it == games_.end()) throw ApiError(404, "no_such_game", "no game with id '" + id + "'");
  return it->second;
}

std::size_t GameService::game_count() {
  std::lock_guard lock(games_mutex_);
  return games_.size();
}

void GameService::add_game(const std::shared_ptr<Match>& match,
                           const std::vector<StoredMove>& moves) {
  storage_.create_game(match->row, moves);
  std::lock_guard lock(games_mutex_);
  games_[match->row.id] = match;
}

json GameService::create(const json& body) {
  if (!body.is_object()) throw ApiError(400, "bad_request", "the body must be a JSON object");
  const std::string mode = string_field(body, "mode", true);
  if (mode != "ai" && mode != "local" && mode != "network")
    throw ApiError(400, "bad_request", "unknown mode '" + mode + "' (ai, local or network)");
  const OrdoSetup setup = ordo_setup_from_request(body);

  StoredGame row;
  row.id = make_game_id();
  row.game = kOrdoGameName;
  row.mode = mode;
  row.rules = ordo_rules_name(setup.variant);
  row.size = setup.size;
  row.start = setup.start;
  row.settings = setup.settings;
  row.white_name = player_name(body, "white", "White");
  row.black_name = player_name(body, "black", "Black");

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
    (row.ai_color == "white" ? row.black_token : row.white_token) = make_seat_token();
  } else {
    if (has_ai) throw ApiError(400, "bad_request", "'ai' is only for mode ai");
    row.white_token = make_seat_token();
    row.black_token = mode == "local" ? row.white_token : make_seat_token();
  }
  if (body.contains("clock") && !body["clock"].is_null()) {
    const json& clock = body["clock"];
    if (!clock.is_object()) throw ApiError(400, "bad_request", "'clock' must be an object or null");
    row.clock_initial_ms = integer_field(clock, "initial_ms", 1000, kMaxClockMs);
    row.clock_increment_ms =
        clock.contains("increment_ms") ? integer_field(clock, "increment_ms", 0, 3600 * 1000) : 0;
  }
  row.created_ms = row.updated_ms = options_.now();

  auto match =
      std::make_shared<Match>(row, ordo_game_from_stored(row.rules, row.start, row.settings));
  if (row.clock_initial_ms > 0) match->clock.emplace(row.clock_initial_ms, row.clock_increment_ms);
  match->turn_started_ms = row.created_ms;
  add_game(match, {});
  {
    std::lock_guard lock(match->mutex);
    start_engine_if_its_turn(*match);
  }
  return new_game_answer(match);
}

json GameService::import_record(const json& body) {
  const std::string text = string_field(body, "record", true);
  std::string mode = string_field(body, "mode", false);
  if (mode.empty()) mode = "local";
  if (mode != "local" && mode != "network")
    throw ApiError(400, "bad_request", "an imported game is local or network, not '" + mode + "'");
  std::optional<Record> record;
  try {
    record.emplace(read_record(text));
  } catch (const RecordError& e) {
    throw ApiError(422, "bad_record", e.what());
  } catch (const std::invalid_argument& e) {
    throw ApiError(422, "bad_record", e.what());
  }
  const OrdoSetup setup = ordo_setup_from_record(*record);
  StoredGame row;
  row.id = make_game_id();
  row.game = kOrdoGameName;
  row.mode = mode;
  row.rules = ordo_rules_name(setup.variant);
  row.size = setup.size;
  row.start = setup.start;
  row.settings = setup.settings;
  auto tag = [&](const char* name, const char* fallback) {
    auto it = record->tags.find(name);
    return it == record->tags.end() || it->second.empty() ? std::string(fallback)
                                                          : it->second.substr(0, kMaxNameLength);
  };
  row.white_name = tag("White", "White");
  row.black_name = tag("Black", "Black");
  row.white_token = make_seat_token();
  row.black_token = mode == "local" ? row.white_token : make_seat_token();
  row.result = stored_score(record->game.result());
  row.reason = stored_reason(record->game.result());
  row.created_ms = row.updated_ms = options_.now();

  std::vector<StoredMove> moves;
  std::vector<MoveFacts> facts;
  Position pos = record->game.start_position();
  for (const Move& m : record->game.moves()) {
    const std::string by = seat_name(pos.side_to_move());
    moves.push_back({static_cast<int>(moves.size()), format_move(pos, m), by, 0, std::nullopt});
    facts.push_back({by, 0, std::nullopt});
    pos.make(m);
  }
  auto match = std::make_shared<Match>(row, record->game);
  match->facts = std::move(facts);
  match->turn_started_ms = row.created_ms;
  add_game(match, moves);
  return new_game_answer(match);
}

json GameService::new_game_answer(const std::shared_ptr<Match>& match) {
  std::lock_guard lock(match->mutex);
  const StoredGame& row = match->row;
  json tokens = json::object(), links = json::object();
  for (const char* seat : {"white", "black"}) {
    const std::string& token = std::string(seat) == "white" ? row.white_token : row.black_token;
    if (token.empty()) continue;
    tokens[seat] = token;
    links[seat] = "/play/" + row.id + "?token=" + token;
  }
  links["spectator"] = "/play/" + row.id;
  const std::string any_token = row.white_token.empty() ? row.black_token : row.white_token;
  json state = state_of(*match, any_token);
  if (row.mode == "network") state["you"] = json::array({"white", "black"});
  return json{{"id", row.id}, {"tokens", tokens}, {"links", links}, {"state", state}};
}

json GameService::list(int limit, int offset) {
  if (limit < 1 || limit > 500) throw ApiError(400, "bad_request", "limit must be 1..500");
  if (offset < 0) throw ApiError(400, "bad_request", "offset must not be negative");
  json games = json::array();
  for (const auto& summary : storage_.list_games(limit, offset)) {
    const StoredGame& g = summary.game;
    const Result result = result_from_stored(g.result, g.reason);
    games.push_back({{"id", g.id},
                     {"game", g.game},
                     {"mode", g.mode},
                     {"rules", g.rules},
                     {"size", g.size},
                     {"players", {{"white", g.white_name}, {"black", g.black_name}}},
                     {"result", g.result},
                     {"reason", result.over() ? describe(result) : ""},
                     {"plies", summary.plies},
                     {"created", g.created_ms},
                     {"updated", g.updated_ms}});
  }
  return json{{"games", games}};
}

json GameService::state(const std::string& id, const std::string& token) {
  auto match = find(id);
  std::lock_guard lock(match->mutex);
  end_on_time(*match, options_.now());
  return state_of(*match, token);
}

json GameService::state_of(Match& match, const std::string& token) {
  const StoredGame& row = match.row;
  json state = {
      {"id", row.id},     {"game", row.game},
      {"mode", row.mode}, {"rules", row.rules},
      {"size", row.size}, {"players", {{"white", row.white_name}, {"black", row.black_name}}}};
  json moves = json::array();
  for (const auto& f : match.facts) moves.push_back({{"by", f.by}, {"ms", f.think_ms}});
  state["moves"] = std::move(moves);
  add_ordo_state(match.game, state);
  if (match.clock) {
    const std::int64_t now = options_.now();
    json running = nullptr;
    if (auto seat = match.clock->running()) running = *seat == 0 ? "white" : "black";
    state["clock"] = {{"white_ms", std::max<std::int64_t>(0, match.clock->left_ms(0, now))},
                      {"black_ms", std::max<std::int64_t>(0, match.clock->left_ms(1, now))},
                      {"initial_ms", match.clock->initial_ms()},
                      {"increment_ms", match.clock->increment_ms()},
                      {"running", running},
                      {"server_time_ms", now}};
  } else {
    state["clock"] = nullptr;
  }
  if (auto ai = match.ai_color())
    state["ai"] = {
        {"color", seat_name(*ai)}, {"level", row.ai_level}, {"thinking", match.ai_thinking}};
  else
    state["ai"] = nullptr;
  state["draw_offer"] = match.draw_offer ? json(seat_name(*match.draw_offer)) : json(nullptr);
  json you = json::array();
  for (Color c : seats_of(match, token)) you.push_back(seat_name(c));
  state["you"] = you;
  return state;
}

std::string GameService::record(const std::string& id) {
  auto match = find(id);
  std::lock_guard lock(match->mutex);
  Record record{match->game,
                match->row.rules == "x" ? Variant::X : Variant::Classic,
                {{"White", match->row.white_name}, {"Black", match->row.black_name}}};
  return write_record(record);
}

void GameService::restart_turn_clock(Match& match, std::int64_t now) {
  match.turn_started_ms = now;
  if (!match.clock) return;
  match.clock->stop(now);
  std::int64_t left[2] = {match.clock->initial_ms(), match.clock->initial_ms()};
  for (const auto& f : match.facts)
    if (f.clock_after_ms) left[f.by == "white" ? 0 : 1] = *f.clock_after_ms;
  match.clock->set_left(0, left[0]);
  match.clock->set_left(1, left[1]);
  // The clock starts with the first move: White's first turn is not timed.
  if (!match.facts.empty() && !match.game.result().over())
    match.clock->start(seat_index(match.game.position().side_to_move()), now);
}

void GameService::commit_move(Match& match, const std::string& text, std::int64_t now) {
  Move move;
  try {
    move = parse_move(match.game.position(), text);
  } catch (const MoveError& e) {
    throw ApiError(422, "illegal_move", std::string("illegal move: ") + e.what());
  }
  const Color mover = match.game.position().side_to_move();
  const std::string notation = format_move(match.game.position(), move);
  const std::optional<ChessClock> clock_before = match.clock;
  MoveFacts facts{seat_name(mover), std::max<std::int64_t>(0, now - match.turn_started_ms), {}};
  if (match.clock) facts.clock_after_ms = match.clock->press(seat_index(mover), now);
  match.game.play(move);
  const StoredMove stored{static_cast<int>(match.facts.size()), notation, facts.by, facts.think_ms,
                          facts.clock_after_ms};
  try {
    storage_.append_move(match.row.id, stored, stored_score(match.game.result()),
                         stored_reason(match.game.result()), now);
  } catch (...) {
    match.game.undo();
    match.clock = clock_before;
    throw;
  }
  match.facts.push_back(facts);
  match.turn_started_ms = now;
  match.draw_offer.reset();
  if (match.game.result().over()) {
    if (match.clock) match.clock->stop(now);
    release_engine(match);
  }
  match.touch();
}

void GameService::commit_result(Match& match, const Result& result, std::int64_t now) {
  storage_.set_result(match.row.id, stored_score(result), stored_reason(result), now);
  match.game.set_result(result);
  if (match.clock) match.clock->stop(now);
  match.draw_offer.reset();
  cancel_engine(match);
  release_engine(match);
  match.touch();
}

bool GameService::end_on_time(Match& match, std::int64_t now) {
  if (!match.clock || match.game.result().over()) return false;
  const auto flagged = match.clock->flagged(now);
  if (!flagged) return false;
  const Color loser = *flagged == 0 ? Color::White : Color::Black;
  commit_result(match, win_for(opponent(loser), Termination::Timeout), now);
  return true;
}

json GameService::play(const std::string& id, const json& body) {
  auto match = find(id);
  const std::string text = string_field(body, "move", true);
  std::optional<std::int64_t> ply;
  if (body.contains("ply") && !body["ply"].is_null()) {
    if (!body["ply"].is_number_integer())
      throw ApiError(400, "bad_request", "'ply' must be an integer");
    ply = body["ply"].get<std::int64_t>();
  }
  std::lock_guard lock(match->mutex);
  const auto seats = require_seats(*match, body);
  const std::int64_t now = options_.now();
  end_on_time(*match, now);
  require_not_over(*match);
  const std::int64_t plies = static_cast<std::int64_t>(match->facts.size());
  if (ply && *ply != plies)
    throw ApiError(409, "stale",
                   "the move was meant for ply " + std::to_string(*ply) +
                       " but the game is at ply " + std::to_string(plies));
  const Color side = match->game.position().side_to_move();
  if (match->ai_color() == side) {
    if (match->ai_thinking) throw ApiError(409, "ai_thinking", "the engine is thinking");
    throw ApiError(409, "not_your_turn", "it is the engine's turn");
  }
  if (!holds(seats, side))
    throw ApiError(409, "not_your_turn",
                   std::string("it is ") + seat_name(side) + "'s turn, not yours");
  commit_move(*match, text, now);
  start_engine_if_its_turn(*match);
  return state_of(*match, string_field(body, "token", false));
}

json GameService::undo(const std::string& id, const json& body) {
  auto match = find(id);
  std::lock_guard lock(match->mutex);
  const auto seats = require_seats(*match, body);
  const std::int64_t now = options_.now();
  end_on_time(*match, now);
  if (match->row.mode == "network")
    throw ApiError(409, "not_allowed", "a network game has no take-backs");
  if (match->game.result().over() && decided_by_players(match->game.result()))
    throw ApiError(409, "game_over", "the game is over: " + describe(match->game.result()));
  // Mode ai: take back the engine's answers and then one move of the player.
  std::size_t count = match->facts.size(), take = 0;
  if (auto ai = match->ai_color()) {
    while (take < count && match->facts[count - 1 - take].by == seat_name(*ai)) ++take;
    if (take == count) throw ApiError(409, "nothing_to_undo", "you have no move to take back");
    ++take;
  } else {
    if (count == 0) throw ApiError(409, "nothing_to_undo", "there is no move to take back");
    take = 1;
  }
  Game after = match->game;
  for (std::size_t i = 0; i < take; ++i) after.undo();
  storage_.truncate_moves(match->row.id, static_cast<int>(count - take),
                          stored_score(after.result()), stored_reason(after.result()), now);
  cancel_engine(*match);
  match->game = std::move(after);
  match->facts.resize(count - take);
  match->draw_offer.reset();
  restart_turn_clock(*match, now);
  match->touch();
  start_engine_if_its_turn(*match);
  return state_of(*match, string_field(body, "token", false));
}

json GameService::resign(const std::string& id, const json& body) {
  auto match = find(id);
  std::lock_guard lock(match->mutex);
  const auto seats = require_seats(*match, body);
  const std::int64_t now = options_.now();
  end_on_time(*match, now);
  require_not_over(*match);
  const Color loser = seats.size() == 2 ? match->game.position().side_to_move() : seats[0];
  commit_result(*match, win_for(opponent(loser), Termination::Resignation), now);
  return state_of(*match, string_field(body, "token", false));
}

json GameService::draw(const std::string& id, const json& body) {
  auto match = find(id);
  const std::string action = string_field(body, "action", true);
  if (action != "offer" && action != "accept" && action != "decline")
    throw ApiError(400, "bad_request", "'action' must be offer, accept or decline");
  std::lock_guard lock(match->mutex);
  const auto seats = require_seats(*match, body);
  const std::int64_t now = options_.now();
  end_on_time(*match, now);
  require_not_over(*match);
  // With both seats (local) the side to move acts.
  const Color seat = seats.size() == 2 ? match->game.position().side_to_move() : seats[0];
  const std::string token = string_field(body, "token", false);
  if (action == "offer") {
    if (match->ai_color()) {
      // The engine answers at once from its last score: equal enough, or it plays on.
      const bool equal = match->ai_score && std::abs(*match->ai_score) <= kDrawAcceptMargin;
      if (equal) commit_result(*match, {Outcome::Draw, Termination::Agreement}, now);
      return state_of(*match, token);
    }
    if (match->draw_offer && *match->draw_offer != seat) {
      commit_result(*match, {Outcome::Draw, Termination::Agreement}, now);
    } else if (!match->draw_offer) {
      match->draw_offer = seat;
      match->touch();
    }
    return state_of(*match, token);
  }
  if (!match->draw_offer) throw ApiError(409, "no_draw_offer", "there is no draw offer to answer");
  if (seats.size() == 1 && *match->draw_offer == seat)
    throw ApiError(403, "not_your_seat", "the draw offer is yours; the other seat answers it");
  if (action == "accept") {
    commit_result(*match, {Outcome::Draw, Termination::Agreement}, now);
  } else {
    match->draw_offer.reset();
    match->touch();
  }
  return state_of(*match, token);
}

json GameService::move_now(const std::string& id, const json& body) {
  auto match = find(id);
  std::lock_guard lock(match->mutex);
  require_seats(*match, body);
  if (!match->ai_color()) throw ApiError(409, "not_allowed", "only a game against the engine");
  if (!match->ai_thinking) throw ApiError(409, "not_thinking", "the engine is not thinking");
  match->engine->stop();
  return state_of(*match, string_field(body, "token", false));
}

void GameService::start_engine_if_its_turn(Match& match) {
  const auto ai = match.ai_color();
  if (!ai || match.ai_thinking || match.game.result().over() ||
      match.game.position().side_to_move() != *ai)
    return;
  const Position& start = match.game.start_position();
  EngineOptions engine_options;
  engine_options.variant = start.variant();
  engine_options.width = start.geometry().width();
  engine_options.height = start.geometry().height();
  engine_options.hash_mib = options_.engine_hash_mib;
  engine_options.level = match.row.ai_level;
  // The lower levels' randomness differs from game to game but stays the same on a replay.
  engine_options.seed = std::hash<std::string>{}(match.row.id);
  if (!match.engine) match.engine = std::make_unique<Engine>(engine_options);
  match.engine->set_position(start, move_texts(match.game));

  GoLimits limits = limits_for_level(match.row.ai_level);
  if (options_.fixed_ai_depth) limits = GoLimits{.depth = *options_.fixed_ai_depth};
  if (match.clock) {
    const std::int64_t now = options_.now();
    for (int seat = 0; seat < 2; ++seat) {
      limits.time_left_ms[seat] = std::max<std::int64_t>(1, match.clock->left_ms(seat, now));
      limits.increment_ms[seat] = match.clock->increment_ms();
    }
  }
  const std::uint64_t search = ++match.ai_search;
  match.ai_thinking = true;
  {
    std::lock_guard lock(answers_mutex_);
    ++engines_thinking_;
  }
  SearchCallbacks callbacks;
  callbacks.on_best_move = [this, id = match.row.id, search](const Position& root,
                                                             const SearchResult& result) {
    EngineAnswer answer{id, search, std::nullopt, result.score};
    if (result.best_move) answer.move = format_move(root, *result.best_move);
    {
      std::lock_guard lock(answers_mutex_);
      answers_.push_back(std::move(answer));
    }
    answers_ready_.notify_all();
  };
  match.engine->go(limits, std::move(callbacks));
  match.touch();
}

void GameService::cancel_engine(Match& match) {
  if (!match.ai_thinking) return;
  ++match.ai_search;  // its answer will be dropped
  match.ai_thinking = false;
  match.engine->stop();
}

void GameService::release_engine(Match& match) {
  // A finished game needs no engine; its table is memory. (Its last search, stopped, only
  // posts to the answer queue, so joining it here cannot wait for this game's lock.)
  if (!match.ai_thinking) match.engine.reset();
}

void GameService::dispatch_engine_answers() {
  for (;;) {
    EngineAnswer answer;
    {
      std::unique_lock lock(answers_mutex_);
      answers_ready_.wait(lock, [&] { return closing_ || !answers_.empty(); });
      if (answers_.empty()) return;  // closing
      answer = std::move(answers_.front());
      answers_.pop_front();
    }
    std::shared_ptr<Match> match;
    {
      std::lock_guard lock(games_mutex_);
      auto it = games_.find(answer.id);
      if (it != games_.end()) match = it->second;
    }
    if (match) {
      std::lock_guard lock(match->mutex);
      if (match->ai_thinking && match->ai_search == answer.search) {
        match->ai_thinking = false;
        match->ai_score = answer.score;
        const std::int64_t now = options_.now();
        if (!end_on_time(*match, now) && answer.move && !match->game.result().over()) {
          try {
            commit_move(*match, *answer.move, now);
          } catch (const std::exception& e) {
            std::cerr << "warning: game " << answer.id << ": engine move not stored: " << e.what()
                      << '\n';
          }
        }
        match->touch();
      }
    }
    {
      std::lock_guard lock(answers_mutex_);
      --engines_thinking_;
    }
    answers_ready_.notify_all();
  }
}

bool GameService::wait_until_idle(std::chrono::milliseconds timeout) {
  std::unique_lock lock(answers_mutex_);
  return answers_ready_.wait_for(lock, timeout,
                                 [&] { return engines_thinking_ == 0 && answers_.empty(); });
}

int GameService::check_clocks() {
  std::vector<std::shared_ptr<Match>> all;
  {
    std::lock_guard lock(games_mutex_);
    for (auto& [id, match] : games_)
      if (match->clock) all.push_back(match);
  }
  int ended = 0;
  for (auto& match : all) {
    std::lock_guard lock(match->mutex);
    try {
      if (end_on_time(*match, options_.now())) ++ended;
    } catch (const std::exception& e) {
      std::cerr << "warning: game " << match->row.id << ": " << e.what() << '\n';
    }
  }
  return ended;
}

void GameService::run_clock_timer() {
  constexpr auto kCheckpointEvery = std::chrono::seconds(1);
  auto last_checkpoint = std::chrono::steady_clock::now();
  std::unique_lock lock(answers_mutex_);
  while (!closing_) {
    lock.unlock();
    check_clocks();
    if (std::chrono::steady_clock::now() - last_checkpoint >= kCheckpointEvery) {
      try {
        storage_.checkpoint();
      } catch (const std::exception& e) {
        std::cerr << "warning: " << e.what() << '\n';
      }
      last_checkpoint = std::chrono::steady_clock::now();
    }
    lock.lock();
    answers_ready_.wait_for(lock, std::chrono::milliseconds(options_.clock_tick_ms),
                            [&] { return closing_; });
  }
}

std::optional<json> GameService::next_state(const std::string& id, const std::string& token,
                                            std::uint64_t& version,
                                            std::chrono::milliseconds wait) {
  auto match = find(id);
  std::unique_lock lock(match->mutex);
  auto ready = [&] { return streams_closed_.load() || match->version != version; };
  if (!ready()) match->changed.wait_for(lock, wait, ready);
  if (streams_closed_.load() || match->version == version) return std::nullopt;
  version = match->version;
  return state_of(*match, token);
}

void GameService::close() {
  streams_closed_.store(true);
  std::lock_guard lock(games_mutex_);
  for (auto& [id, match] : games_) {
    std::lock_guard game_lock(match->mutex);
    match->changed.notify_all();
  }
}

}  // namespace ordo::server
