#include "ordo/ai/ordo_uct_bot.h"

#include <atomic>

#include "ordo/ai/ordo_facade.h"
#include "ordo/ai/uct.h"
#include "ordo/ai/weights_text.h"
#include "ordo/notation.h"

namespace games {

namespace {

class OrdoUctBot final : public AnyBot {
 public:
  OrdoUctBot(ordo::Variant variant, const BotSettings& settings)
      : variant_(variant),
        bot_(ordo::UctConfig{.exploration = settings.exploration, .seed = settings.seed}) {}

  std::optional<std::string> choose_move(const AnyGame& game, const GoLimits& limits) override {
    ordo::UctLimits uct{.time_ms = limits.movetime_ms,
                        .iterations = limits.nodes,
                        .time_basis = limits.movetime_basis};
    // The bot looks at the position alone (no history), so its string is all it needs.
    const ordo::Position root = ordo::Position::parse(game.position(), variant_);
    ordo::GoLimits clock;  // the facade's own limits: only the clock counts here
    for (int c = 0; c < 2; ++c) {
      clock.time_left_ms[c] = limits.time_left_ms[c];
      clock.increment_ms[c] = limits.increment_ms[c];
    }
    const std::int64_t budget = ordo::clock_budget_ms(clock, root.side_to_move());
    if (budget > 0 && (uct.time_ms == 0 || budget < uct.time_ms)) {
      uct.time_ms = budget;
      uct.time_basis = TimeBasis::Wall;  // a clock is wall time
    }
    const std::atomic<bool> stop{false};
    const ordo::UctResult result = bot_.think(root, uct, stop);
    if (!result.best_move) return std::nullopt;
    return ordo::format_move(root, *result.best_move);
  }

 private:
  ordo::Variant variant_;
  ordo::UctBot bot_;
};

}  // namespace

std::unique_ptr<AnyBot> make_ordo_bot(std::string_view kind,
                                      const std::map<std::string, std::string>& options,
                                      const BotSettings& settings) {
  if (kind != "uct") throw GameError("Ordo has no bot of kind '" + std::string(kind) + "'");
  const auto rules = options.find("rules");
  const bool x = rules != options.end() && rules->second == "x";
  return std::make_unique<OrdoUctBot>(x ? ordo::Variant::X : ordo::Variant::Classic, settings);
}

void check_ordo_weights(const std::string& text) {
  (void)ordo::parse_weights(
      text, ordo::EvalWeights::defaults(ordo::Variant::Classic, ordo::kStandardWidth));
}

}  // namespace games
