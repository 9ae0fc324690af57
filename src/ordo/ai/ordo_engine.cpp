#include "ordo/ai/ordo_engine.h"

#include <tuple>

#include "engine/facade_engine.h"
#include "ordo/ai/ordo_facade.h"
#include "ordo/ai/weights_text.h"
#include "ordo/notation.h"

namespace games {

namespace {

static_assert(kMinLevel == ordo::kMinLevel && kMaxLevel == ordo::kMaxLevel);

struct OrdoEngineTraits {
  using Engine = ordo::Engine;
  using Options = ordo::EngineOptions;
  using Position = ordo::Position;
  using Move = ordo::Move;
  using Callbacks = ordo::SearchCallbacks;
  using Limits = ordo::GoLimits;

  static Options rules_options(const AnyGame& game) {
    Options options;
    options.variant = game.rules_name() == "x" ? ordo::Variant::X : ordo::Variant::Classic;
    std::tie(options.width, options.height) = game.board_size();
    return options;
  }

  static void apply(Options& options, const EngineSettings& s) {
    apply_engine_settings(options, s);
    options.eval_weights.reset();
    if (s.eval_weights.empty()) return;
    try {
      options.eval_weights = ordo::parse_weights(
          s.eval_weights, ordo::EvalWeights::defaults(options.variant, options.width));
    } catch (const std::invalid_argument& e) {
      throw GameError(std::string("EvalWeights: ") + e.what());
    }
  }

  static Position parse_position(const Options& options, const std::string& text) {
    try {
      return Position::parse(text, options.variant);
    } catch (const std::invalid_argument& e) {
      throw GameError(e.what());
    }
  }

  static std::string move_text(const Position& before, const Move& move) {
    return ordo::format_move(before, move);
  }
  static void play(Position& pos, const Move& move) { pos.make(move); }
};

}  // namespace

std::unique_ptr<AnyEngine> make_ordo_engine(const AnyGame& game, const EngineSettings& settings) {
  return std::make_unique<FacadeEngine<OrdoEngineTraits>>(game, settings);
}

}  // namespace games
