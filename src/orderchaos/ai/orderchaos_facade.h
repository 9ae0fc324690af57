// The engine facade for Order and Chaos: the same BasicEngine as Ordo's (engine.h), with
// the second game's rules core, searcher, evaluation and levels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "orderchaos/ai/orderchaos_search.h"
#include "orderchaos/centre_strategy.h"
#include "orderchaos/game.h"
#include "orderchaos/notation.h"

namespace ordo {

struct OrderChaosEngineOptions {
  orderchaos::RuleVersion version = orderchaos::RuleVersion::Original;
  std::size_t hash_mib = 16;
  int threads = 1;  // alpha-beta threads (lazy SMP)
  SearcherKind searcher = SearcherKind::AlphaBeta;
  int level = kMaxLevel;  // 1..10 (orderchaos_level_settings)
  // The lower levels' randomness; none: fresh entropy at every search (engine.h).
  std::optional<std::uint64_t> seed{};
  friend bool operator==(const OrderChaosEngineOptions&, const OrderChaosEngineOptions&) = default;
};

struct OrderChaosEngineGame {
  using Rules = OrderChaosRules;
  using Options = OrderChaosEngineOptions;
  using Game = orderchaos::Game;
  using MoveErrorType = orderchaos::MoveError;
  using AlphaBetaSearcher = OrderChaosAlphaBeta;

  static orderchaos::Position start(const Options& o) {
    return orderchaos::Position::start(o.version);
  }
  static bool new_board(const Options& a, const Options& b) { return a.version != b.version; }
  static void play(Game& game, const std::string& text) { game.play(text); }
  static std::string mover_name(const Game& game) {
    return std::string(orderchaos::role_name(game.position().to_move()));
  }
  // Placements never repeat a position.
  static std::vector<std::uint64_t> history(const Game&) { return {}; }
  static int mover(const orderchaos::Position& pos) { return orderchaos::index(pos.to_move()); }
  static LevelSettings level(const Options& o) { return orderchaos_level_settings(o.level); }
  static void check(const Options&) {}                          // every option is served
  static void configure(AlphaBetaSearcher&, const Options&) {}  // its own weights only
  // Order's proved strategy (orderchaos/centre_strategy.h) where it is in force, at the
  // levels from kProvedStrategyLevel up; the levels below keep their searched, fallible
  // play (docs/levels.md).
  static constexpr int kProvedStrategyLevel = 7;
  static std::optional<orderchaos::ProvedMove> proved_move(const Options& o,
                                                           const orderchaos::Position& pos) {
    if (o.level < kProvedStrategyLevel) return std::nullopt;
    return orderchaos::centre_strategy_move(pos);
  }
  static std::unique_ptr<OrderChaosSearcher> make_mcts() {
    return std::make_unique<OrderChaosMcts>(orderchaos_mcts_config());
  }
};

extern template class BasicEngine<OrderChaosEngineGame>;

using OrderChaosSearchCallbacks =
    BasicSearchCallbacks<orderchaos::Position, OrderChaosInfo, OrderChaosSearchResult>;
using OrderChaosEngine = BasicEngine<OrderChaosEngineGame>;

}  // namespace ordo
