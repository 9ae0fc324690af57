#include "server/analysis.h"

#include <future>

#include "ordo/ai/ordo_facade.h"
#include "ordo/notation.h"
#include "server/api_error.h"
#include "server/ordo_rules.h"

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

}  // namespace

json Analyzer::analyze(const json& body, const Guard& guard) {
  if (!body.is_object()) throw ApiError(400, "bad_request", "the body must be a JSON object");
  const OrdoSetup setup = ordo_setup_from_request(body);
  std::vector<std::string> moves;
  if (body.contains("moves") && !body["moves"].is_null()) {
    if (!body["moves"].is_array()) throw ApiError(400, "bad_request", "'moves' must be a list");
    for (const auto& m : body["moves"]) {
      if (!m.is_string()) throw ApiError(400, "bad_request", "each move must be a string");
      moves.push_back(m.get<std::string>());
    }
  }
  std::int64_t movetime = 1000;
  if (body.contains("movetime_ms") && !body["movetime_ms"].is_null()) {
    if (!body["movetime_ms"].is_number_integer())
      throw ApiError(400, "bad_request", "'movetime_ms' must be an integer");
    movetime = body["movetime_ms"].get<std::int64_t>();
    if (movetime < 1 || movetime > kMaxMovetimeMs)
      throw ApiError(400, "bad_request", "'movetime_ms' must be between 1 and 5000");
  }

  const Position start = Position::parse(setup.start, setup.variant);
  EngineOptions options;
  options.variant = setup.variant;
  options.width = start.geometry().width();
  options.height = start.geometry().height();
  Engine engine(options);
  try {
    engine.set_position(start, moves);
  } catch (const MoveError& e) {
    throw ApiError(422, "illegal_move", e.what());
  }
  if (engine.game().result().over())
    throw ApiError(409, "game_over", "the game is over: " + describe(engine.game().result()));
  if (guard) guard(engine.game().position().to_string());

  SlotGuard slot(slots_);
  std::promise<std::pair<Position, SearchResult>> done;
  auto answer = done.get_future();
  SearchCallbacks callbacks;
  callbacks.on_best_move = [&done](const Position& root, const SearchResult& result) {
    done.set_value({root, result});
  };
  engine.go(GoLimits{.movetime_ms = movetime}, std::move(callbacks));
  auto [root, result] = answer.get();
  engine.wait();

  json pv = json::array();
  Position pos = root;
  for (const Move& m : result.pv) {
    pv.push_back(format_move(pos, m));
    pos.make(m);
  }
  return json{{"depth", result.depth},
              {"score", result.score},
              {"mate", result.mate ? json(*result.mate) : json(nullptr)},
              {"pv", pv},
              {"nodes", result.nodes}};
}

}  // namespace ordo::server
