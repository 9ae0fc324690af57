#include "server/ordo_rules.h"

#include <stdexcept>

#include "ordo/notation.h"
#include "ordo/record.h"
#include "server/api_error.h"
#include "server/game_rules.h"

namespace ordo::server {

using nlohmann::json;

namespace {

std::string settings_json(const GameOptions& options) {
  return json{{"repetition", options.repetition_draw}, {"move_limit", options.move_limit}}.dump();
}

games::GameSpec spec_from(const std::string& rules, const std::string& start,
                          const std::string& settings) {
  games::GameSpec spec{kOrdoGameName, {{"rules", rules}, {"position", start}}};
  const json s = json::parse(settings, nullptr, false);
  if (s.is_object()) {
    spec.options["repetition"] = s.value("repetition", true) ? "on" : "off";
    spec.options["move-limit"] = std::to_string(s.value("move_limit", 0));
  }
  return spec;
}

Variant variant_of(const std::string& rules) {
  return rules == "x" ? Variant::X : Variant::Classic;
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

class OrdoRules final : public GameRules {
 public:
  std::string_view name() const override { return kOrdoGameName; }

  GameSetup setup_from_request(const json& body) const override {
    const OrdoSetup setup = ordo_setup_from_request(body);
    return {std::string(variant_name(setup.variant)), setup.size, setup.start, setup.settings};
  }

  std::string settings_of_record(std::string_view record_text) const override {
    return settings_json(read_record(record_text).game.options());
  }

  games::GameSpec spec_of(const StoredGame& row) const override {
    return spec_from(row.rules, row.start, row.settings);
  }

  bool has_draws() const override { return true; }

  bool is_house_rule(const std::string& termination) const override {
    return termination == termination_name(Termination::NoLegalMove) ||
           termination == termination_name(Termination::Repetition);
  }

  std::string describe_stored(const std::string& score, const std::string& reason) const override {
    Result r;
    r.outcome = parse_result_token(score).value_or(Outcome::Ongoing);
    if (!r.over()) return "";
    r.termination = parse_termination(reason).value_or(Termination::Unspecified);
    return describe(r);
  }

  void add_state(const games::AnyGame& game, const StoredGame& row,
                 const std::vector<std::string>& positions, json& state) const override {
    const Variant variant = variant_of(game.rules_name());
    const Position now = Position::parse(game.position(), variant);
    state["split"] = !now.is_connected(now.side_to_move());
    json last = nullptr;
    if (!positions.empty()) {
      const std::string& before_text =
          positions.size() >= 2 ? positions[positions.size() - 2] : game.start_position();
      const Position before = Position::parse(before_text, variant);
      const std::string text = state["moves"].back()["move"].get<std::string>();
      last = last_move_json(before, parse_move(before, text));
    }
    state["last"] = std::move(last);
    const json settings = json::parse(row.settings, nullptr, false);
    json house = json::array();
    // Every Ordo X turn has a forward step, so its positions never repeat.
    if (variant == Variant::Classic &&
        (!settings.is_object() || settings.value("repetition", true)))
      house.push_back("Threefold repetition draws [house rule]");
    house.push_back("A connected player without a legal move loses [house rule]");
    state["house_rules"] = house;
  }
};

}  // namespace

OrdoSetup ordo_setup_from_request(const json& body) {
  OrdoSetup setup;
  const std::string rules = optional_request_string(body, "rules", "classic");
  if (rules == "classic")
    setup.variant = Variant::Classic;
  else if (rules == "x")
    setup.variant = Variant::X;
  else
    throw ApiError(400, "bad_request", "unknown rules '" + rules + "' (classic or x)");
  const std::string size = optional_request_string(body, "size", "10x8");
  if (size != "10x8" && size != "8x8")
    throw ApiError(400, "bad_request", "unknown size '" + size + "' (10x8 or 8x8)");
  const std::string position = optional_request_string(body, "position", "");
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

std::unique_ptr<games::AnyGame> ordo_game_from_stored(const std::string& rules,
                                                      const std::string& start,
                                                      const std::string& settings) {
  return games::make_game(spec_from(rules, start, settings));
}

const GameRules& ordo_game_rules() {
  static const OrdoRules kRules;
  return kRules;
}

}  // namespace ordo::server
