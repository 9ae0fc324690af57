#include "server/ordo_rules.h"

#include <stdexcept>

#include "core/notation.h"
#include "server/api_error.h"

namespace ordo::server {

using nlohmann::json;

namespace {

std::string optional_string(const json& body, const char* field, const std::string& fallback) {
  if (!body.contains(field) || body[field].is_null()) return fallback;
  if (!body[field].is_string())
    throw ApiError(400, "bad_request", std::string("'") + field + "' must be a string");
  return body[field].get<std::string>();
}

std::string settings_json(const GameOptions& options) {
  return json{{"repetition", options.repetition_draw}, {"move_limit", options.move_limit}}.dump();
}

json squares_json(const Geometry& g, Bitboard squares) {
  json list = json::array();
  for (int sq = 0; sq < g.square_count(); ++sq)
    if (squares & (Bitboard{1} << sq)) list.push_back(square_name(g, sq));
  return list;
}

// What the last move did, for the page to show: `before` is the position it was played in.
json last_move_json(const Position& before, const Move& move) {
  const Geometry& g = before.geometry();
  json from = json::array(), to = json::array(), captured = json::array();
  Bitboard captured_squares = 0;
  for (int i = 0; i < move.step_count; ++i) {
    const Step& step = move.steps[i];
    from.push_back(square_name(g, step.from));
    to.push_back(square_name(g, step.to));
    if (step.capture) {
      captured.push_back(square_name(g, step.to));
      captured_squares |= Bitboard{1} << step.to;
    }
  }
  Position after = before;
  const Undo undo = after.make(move);
  return json{{"from", from},
              {"to", to},
              {"captured", captured},
              {"removed", squares_json(g, undo.removed & ~captured_squares)}};
}

}  // namespace

std::string ordo_rules_name(Variant variant) {
  return std::string(variant_name(variant));
}

OrdoSetup ordo_setup_from_request(const json& body) {
  OrdoSetup setup;
  const std::string rules = optional_string(body, "rules", "classic");
  if (rules == "classic")
    setup.variant = Variant::Classic;
  else if (rules == "x")
    setup.variant = Variant::X;
  else
    throw ApiError(400, "bad_request", "unknown rules '" + rules + "' (classic or x)");
  const std::string size = optional_string(body, "size", "10x8");
  if (size != "10x8" && size != "8x8")
    throw ApiError(400, "bad_request", "unknown size '" + size + "' (10x8 or 8x8)");
  const std::string position = optional_string(body, "position", "");
  try {
    const Position start = position.empty()
                               ? Position::start(setup.variant, size == "8x8" ? 8 : 10, 8)
                               : Position::parse(position, setup.variant);
    setup.start = start.to_string();
    setup.size = start.geometry().size_name();
    if (!position.empty() && body.contains("size") && setup.size != size)
      throw ApiError(400, "bad_request",
                     "size '" + size + "' does not match the position's " + setup.size + " board");
    // A start position whose game is already decided is no game to play.
    if (judge_position(start).over())
      throw ApiError(400, "bad_request",
                     "the position is already decided: " + describe(judge_position(start)));
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, "bad_request", std::string("bad position: ") + e.what());
  }
  setup.settings = settings_json(GameOptions{});
  return setup;
}

OrdoSetup ordo_setup_from_record(const Record& record) {
  OrdoSetup setup;
  setup.variant = record.variant;
  const Position& start = record.game.start_position();
  setup.start = start.to_string();
  setup.size = start.geometry().size_name();
  setup.settings = settings_json(record.game.options());
  return setup;
}

Game ordo_game_from_stored(const std::string& rules, const std::string& start,
                           const std::string& settings) {
  const Variant variant = rules == "x" ? Variant::X : Variant::Classic;
  GameOptions options;
  const json s = json::parse(settings, nullptr, false);
  if (s.is_object()) {
    options.repetition_draw = s.value("repetition", true);
    options.move_limit = s.value("move_limit", 0);
  }
  return Game(Position::parse(start, variant), options);
}

std::string stored_score(const Result& result) {
  return std::string(result_token(result.outcome));
}

std::string stored_reason(const Result& result) {
  return result.over() ? std::string(termination_name(result.termination)) : "";
}

Result result_from_stored(const std::string& score, const std::string& reason) {
  Result r;
  r.outcome = parse_result_token(score).value_or(Outcome::Ongoing);
  r.termination =
      r.over() ? parse_termination(reason).value_or(Termination::Unspecified) : Termination::None;
  return r;
}

bool decided_by_players(const Result& result) {
  return result.termination == Termination::Resignation ||
         result.termination == Termination::Agreement ||
         result.termination == Termination::Timeout ||
         result.termination == Termination::Unspecified;
}

json result_json(const Result& result) {
  json winner = nullptr;
  if (result.outcome == Outcome::WhiteWins) winner = "white";
  if (result.outcome == Outcome::BlackWins) winner = "black";
  const bool house_rule = result.termination == Termination::NoLegalMove ||
                          result.termination == Termination::Repetition;
  return json{{"score", std::string(result_token(result.outcome))},
              {"winner", winner},
              {"reason", result.over() ? describe(result) : ""},
              {"house_rule", house_rule}};
}

void add_ordo_state(const Game& game, json& state) {
  state["start"] = game.start_position().to_string();
  // One walk through the game gives every move's notation, the position after it and
  // what the last move did.
  Position pos = game.start_position();
  json& moves = state["moves"];
  json last = nullptr;
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    const Move& move = game.moves()[i];
    moves[i]["move"] = format_move(pos, move);
    if (i + 1 == game.moves().size()) last = last_move_json(pos, move);
    pos.make(move);
    moves[i]["position"] = pos.to_string();
  }
  const Position& now = game.position();
  state["position"] = now.to_string();
  state["to_move"] = now.side_to_move() == Color::White ? "white" : "black";
  state["ply"] = game.moves().size();
  state["split"] = !now.is_connected(now.side_to_move());
  json legal = json::array();
  if (!game.result().over()) {
    MoveList list;
    game.legal_moves(list);
    for (const Move& m : list) legal.push_back(format_move(now, m));
  }
  state["legal"] = legal;
  state["last"] = std::move(last);
  state["result"] = result_json(game.result());
  json house = json::array();
  if (game.options().repetition_draw) house.push_back("Threefold repetition draws [house rule]");
  house.push_back("A connected player without a legal move loses [house rule]");
  state["house_rules"] = house;
}

}  // namespace ordo::server
