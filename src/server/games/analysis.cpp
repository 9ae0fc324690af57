#include "server/games/analysis.h"

#include "analysis/game_analysis.h"
#include "server/common/api_error.h"
#include "server/games/game_setup.h"

namespace ordo::server {

using nlohmann::json;

namespace {

// Releases the analysis slot however the analysis ends.
class SlotGuard {
 public:
  explicit SlotGuard(std::counting_semaphore<Analyzer::kMaxConcurrent>& slots) : slots_(slots) {
    slots_.acquire();
  }
  ~SlotGuard() { slots_.release(); }
  SlotGuard(const SlotGuard&) = delete;
  SlotGuard& operator=(const SlotGuard&) = delete;

 private:
  std::counting_semaphore<Analyzer::kMaxConcurrent>& slots_;
};

std::vector<std::string> requested_moves(const json& body) {
  std::vector<std::string> moves;
  if (body.contains("moves") && !body["moves"].is_null()) {
    if (!body["moves"].is_array()) throw ApiError(400, "bad_request", "'moves' must be a list");
    for (const auto& m : body["moves"]) {
      if (!m.is_string()) throw ApiError(400, "bad_request", "each move must be a string");
      moves.push_back(m.get<std::string>());
    }
  }
  return moves;
}

}  // namespace

json Analyzer::analyze(const json& body, const Guard& guard) {
  if (!body.is_object()) throw ApiError(400, "bad_request", "the body must be a JSON object");
  const GameSetup setup = setup_from_request(body);
  const std::vector<std::string> moves = requested_moves(body);
  std::int64_t movetime = 1000;
  if (body.contains("movetime_ms") && !body["movetime_ms"].is_null()) {
    if (!body["movetime_ms"].is_number_integer())
      throw ApiError(400, "bad_request", "'movetime_ms' must be an integer");
    movetime = body["movetime_ms"].get<std::int64_t>();
    if (movetime < 1 || movetime > kMaxMovetimeMs)
      throw ApiError(400, "bad_request", "'movetime_ms' must be between 1 and 5000");
  }

  const std::unique_ptr<games::AnyGame> game =
      games::make_game({setup.game, {{"rules", setup.rules}, {"position", setup.start}}});
  try {
    games::play_moves(*game, moves);
  } catch (const games::MoveError& e) {
    throw ApiError(422, "illegal_move", e.what());
  }
  if (game->result().over())
    throw ApiError(409, "game_over", "the game is over: " + game->result().description);
  if (guard) guard(game->position());

  SlotGuard slot(slots_);
  GameAnalyzer analyzer(*game, games::GoLimits{.movetime_ms = movetime});
  const PositionAnalysis result = analyzer.analyze_position(*game);
  // Where the engine ranks every move (a turn for the roll), the best few with their scores.
  json ranked = json::array();
  for (std::size_t i = 0; i < result.ranked.size() && i < kRankedMoves; ++i)
    ranked.push_back({{"move", result.ranked[i].move}, {"score", result.ranked[i].score}});
  return json{{"depth", result.depth},
              {"score", result.score},
              {"mate", result.mate ? json(*result.mate) : json(nullptr)},
              {"pv", result.pv},
              {"ranked", ranked},
              {"nodes", result.nodes},
              {"to_move", game->side_to_move() == games::Side::First ? "white" : "black"}};
}

}  // namespace ordo::server
