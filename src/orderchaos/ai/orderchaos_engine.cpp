#include "orderchaos/ai/orderchaos_engine.h"

#include "engine/facade_engine.h"
#include "orderchaos/ai/orderchaos_facade.h"

namespace games {

namespace {

namespace oc = orderchaos;

struct OrderChaosEngineTraits {
  using Engine = ordo::OrderChaosEngine;
  using Options = ordo::OrderChaosEngineOptions;
  using Position = oc::Position;
  using Move = oc::Move;
  using Callbacks = ordo::OrderChaosSearchCallbacks;
  using Limits = ordo::GoLimits;

  static Options rules_options(const AnyGame& game) {
    Options options;
    options.version =
        game.rules_name() == "exact-five" ? oc::RuleVersion::ExactFive : oc::RuleVersion::Original;
    return options;
  }

  static void apply(Options& options, const EngineSettings& s) {
    if (!s.eval_weights.empty()) {
      throw GameError("EvalWeights: Order and Chaos has no evaluation weights to set");
    }
    apply_engine_settings(options, s);
  }

  static Position parse_position(const Options& options, const std::string& text) {
    try {
      return Position::parse(text, options.version);
    } catch (const oc::PositionError& e) {
      throw GameError(e.what());
    }
  }

  static std::string move_text(const Position& /*before*/, const Move& move) {
    return oc::format_move(move);
  }
  static void play(Position& pos, const Move& move) { pos.play(move); }
};

}  // namespace

std::unique_ptr<AnyEngine> make_orderchaos_engine(const AnyGame& game,
                                                  const EngineSettings& settings) {
  return std::make_unique<FacadeEngine<OrderChaosEngineTraits>>(game, settings);
}

}  // namespace games
