// Order and Chaos's side of the server's game seam (game_rules.h).
#include <array>
#include <set>

#include "orderchaos/game.h"
#include "server/api_error.h"
#include "server/game_rules.h"

namespace ordo::server {

using nlohmann::json;

namespace {

constexpr const char* kGameName = "orderchaos";
constexpr int kSide = 6;
constexpr int kLine = 5;

// The board of a position string ("6/6/3x2/2x3/6/6 order", rank 6 first) as
// cells[file][rank], '.' for an empty square.
using Cells = std::array<std::array<char, kSide>, kSide>;

Cells cells_of(const std::string& position) {
  Cells cells{};
  for (auto& file : cells) file.fill('.');
  int rank = kSide - 1, file = 0;
  for (const char c : position) {
    if (c == ' ') break;
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '6') {
      file += c - '0';
    } else if (rank >= 0 && file < kSide) {
      cells[file][rank] = c;
      ++file;
    }
  }
  return cells;
}

std::string square_name(int file, int rank) {
  return std::string{static_cast<char>('a' + file), static_cast<char>('1' + rank)};
}

bool on_board(int file, int rank) {
  return file >= 0 && file < kSide && rank >= 0 && rank < kSide;
}

// The squares of every winning line: five equal symbols in a row, column or diagonal
// (with exact-five, not five that are part of six).
json winning_squares(const std::string& position, bool exact_five) {
  const Cells cells = cells_of(position);
  constexpr int kDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  std::set<std::pair<int, int>> squares;
  for (const auto& [df, dr] : kDirections) {
    for (int f = 0; f < kSide; ++f) {
      for (int r = 0; r < kSide; ++r) {
        if (!on_board(f + df * (kLine - 1), r + dr * (kLine - 1))) continue;
        const char symbol = cells[f][r];
        if (symbol == '.') continue;
        bool same = true;
        for (int i = 1; i < kLine && same; ++i) same = cells[f + df * i][r + dr * i] == symbol;
        if (!same) continue;
        auto equal_at = [&](int file, int rank) {
          return on_board(file, rank) && cells[file][rank] == symbol;
        };
        if (exact_five && (equal_at(f - df, r - dr) || equal_at(f + df * kLine, r + dr * kLine)))
          continue;
        for (int i = 0; i < kLine; ++i) squares.insert({f + df * i, r + dr * i});
      }
    }
  }
  json list = json::array();
  for (const auto& [f, r] : squares) list.push_back(square_name(f, r));
  return list;
}

class OrderChaosRules final : public GameRules {
 public:
  std::string_view name() const override { return kGameName; }

  GameSetup setup_from_request(const json& body) const override {
    const std::string rules = optional_request_string(body, "rules", "original");
    if (rules != "original" && rules != "exact-five")
      throw ApiError(400, "bad_request",
                     "unknown rules '" + rules + "' for Order and Chaos (original or exact-five)");
    const std::string size = optional_request_string(body, "size", "6x6");
    if (size != "6x6")
      throw ApiError(400, "bad_request",
                     "Order and Chaos is played on 6x6 only, not '" + size + "'");
    games::GameSpec spec{kGameName, {{"rules", rules}}};
    const std::string position = optional_request_string(body, "position", "");
    if (!position.empty()) spec.options["position"] = position;
    std::unique_ptr<games::AnyGame> game;
    try {
      game = games::make_game(spec);
    } catch (const games::GameError& e) {
      throw ApiError(400, "bad_request", std::string("bad position: ") + e.what());
    }
    if (game->result().over())
      throw ApiError(400, "bad_request",
                     "the position is already decided: " + game->result().description);
    return {rules, "6x6", game->start_position(), "{}"};
  }

  std::string settings_of_record(std::string_view) const override { return "{}"; }

  games::GameSpec spec_of(const StoredGame& row) const override {
    return {kGameName, {{"rules", row.rules}, {"position", row.start}}};
  }

  bool has_draws() const override { return false; }
  bool is_house_rule(const std::string&) const override { return false; }

  std::string describe_stored(const std::string& score, const std::string& reason) const override {
    namespace oc = orderchaos;
    oc::Result r;
    r.outcome = oc::parse_result_token(score).value_or(oc::Outcome::Ongoing);
    if (!r.over()) return "";
    r.termination = oc::parse_termination(reason).value_or(oc::Termination::Unspecified);
    return oc::describe(r);
  }

  void add_state(const games::AnyGame& game, const StoredGame&, const std::vector<std::string>&,
                 json& state) const override {
    json last = nullptr;
    if (!state["moves"].empty()) {
      const std::string text = state["moves"].back()["move"].get<std::string>();  // "Xc3"
      last = {{"symbol", text.substr(0, 1)}, {"square", text.substr(1)}};
    }
    state["last"] = std::move(last);
    const games::GameResult result = game.result();
    state["line"] = result.termination == "five in a row"
                        ? winning_squares(game.position(), game.rules_name() == "exact-five")
                        : json::array();
  }
};

}  // namespace

const GameRules& orderchaos_game_rules() {
  static const OrderChaosRules kRules;
  return kRules;
}

}  // namespace ordo::server
