// Ordo's engine: the facade of engine/engine.h over Ordo's rules, searchers, evaluation and
// levels, with Ordo's options (rule set, board, evaluation weights). Instantiated in
// ordo_facade.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "ordo/ai/evaluation.h"
#include "ordo/ai/ordo_search.h"
#include "ordo/game.h"
#include "ordo/notation.h"
#include "ordo/position.h"

namespace ordo {

struct EngineOptions {
  Variant variant = Variant::Classic;
  int width = kStandardWidth;  // of the start position: 10x8 or 8x8
  int height = kStandardHeight;
  std::size_t hash_mib = kDefaultTableMib;
  // Alpha-beta threads (lazy SMP); MCTS runs one.
  int threads = 1;
  SearcherKind searcher = SearcherKind::AlphaBeta;
  int level = kMaxLevel;  // 1..10 (levels.h)
  // The lower levels' randomness; none: fresh entropy at every search, so that games
  // against a lower level differ. A seed makes them reproducible.
  std::optional<std::uint64_t> seed{};
  // The alpha-beta searcher's evaluation weights; none: the rule set's defaults.
  std::optional<EvalWeights> eval_weights{};
  friend bool operator==(const EngineOptions&, const EngineOptions&) = default;
};

inline std::int64_t clock_budget_ms(const GoLimits& limits, Color to_move) {
  return clock_budget_ms(limits, index(to_move));
}

inline SearchLimits search_limits(const GoLimits& limits, Color to_move) {
  return search_limits(limits, index(to_move));
}

// Ordo's side of the facade.
struct OrdoEngineGame {
  using Rules = OrdoRules;
  using Options = EngineOptions;
  using Game = ordo::Game;
  using MoveErrorType = ordo::MoveError;
  using AlphaBetaSearcher = ordo::AlphaBeta;

  static Position start(const Options& o) { return Position::start(o.variant, o.width, o.height); }
  // Whether a change of options needs a new game (new rules or board).
  static bool new_board(const Options& a, const Options& b) {
    return a.variant != b.variant || a.width != b.width || a.height != b.height;
  }
  static void play(Game& game, const std::string& text) { game.play(text); }
  static std::string mover_name(const Game& game) {
    return std::string(color_name(game.position().side_to_move()));
  }
  static std::vector<std::uint64_t> history(const Game& game) { return game.earlier_hashes(); }
  static int mover(const Position& pos) { return index(pos.side_to_move()); }
  static LevelSettings level(const Options& o) { return level_settings(o.level, o.variant); }
  // Throws std::invalid_argument for options the game cannot serve (none for Ordo).
  static void check(const Options&) {}
  // Gives the alpha-beta searcher what the options say of its evaluation.
  static void configure(AlphaBetaSearcher& searcher, const Options& o) {
    if (o.eval_weights) {
      searcher.set_weights(*o.eval_weights);
    } else {
      searcher.use_default_weights();
    }
  }
  // The MCTS searcher, made when chosen.
  static std::unique_ptr<Searcher> make_mcts() { return std::make_unique<Mcts>(); }
};

extern template class BasicEngine<OrdoEngineGame>;

using SearchCallbacks = BasicSearchCallbacks<Position, Info, SearchResult>;
using Engine = BasicEngine<OrdoEngineGame>;

}  // namespace ordo
