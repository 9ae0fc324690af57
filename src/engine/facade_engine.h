// AnyEngine over a game's engine facade (engine/engine.h): the facades of both games
// have the same shape (options(), set_options, new_game, set_position(start, moves), go
// (limits, callbacks), stop, wait, is_searching), so one template adapts them, and each
// game supplies a small traits type:
//
//   struct Traits {
//     using Engine, Options, Position, Move, Callbacks, Limits;
//     static Options rules_options(const AnyGame&);              // game, rules, board
//     static void apply(Options&, const EngineSettings&);        // throws GameError
//     static Position parse_position(const Options&, const std::string&);
//     static std::string move_text(const Position& before, const Move&);
//     static void play(Position&, const Move&);
//   };
#pragma once

#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "engine/any_engine.h"
#include "engine/engine.h"

namespace games {

// The settings every game's facade takes alike (searcher, level, hash, threads, seed),
// checked and copied once for all games. Throws GameError saying which value is wrong.
template <typename Options>
void apply_engine_settings(Options& options, const EngineSettings& s) {
  // Which searchers a facade serves is its own business (its check() refuses the
  // others); games::game_info lists the ones offered to users.
  if (s.searcher != "alphabeta" && s.searcher != "mcts") {
    throw GameError("Searcher is alphabeta or mcts, not '" + s.searcher + "'");
  }
  if (s.level < ordo::kMinLevel || s.level > ordo::kMaxLevel) {
    throw GameError("Level is " + std::to_string(ordo::kMinLevel) + " to " +
                    std::to_string(ordo::kMaxLevel) + ", not " + std::to_string(s.level));
  }
  if (s.hash_mib < 1 || s.threads < 1) throw GameError("Hash and Threads must be at least 1");
  options.hash_mib = s.hash_mib;
  options.threads = s.threads;
  options.searcher =
      s.searcher == "mcts" ? ordo::SearcherKind::Mcts : ordo::SearcherKind::AlphaBeta;
  options.level = s.level;
  options.seed = s.seed;
}

// The facade's GoLimits from ours: the same fields, per side where ours are per side.
template <typename Limits>
Limits facade_limits(const GoLimits& in) {
  Limits out;
  out.depth = in.depth;
  out.nodes = in.nodes;
  out.movetime_ms = in.movetime_ms;
  out.movetime_basis = in.movetime_basis;
  out.infinite = in.infinite;
  for (int s = 0; s < 2; ++s) {
    out.time_left_ms[s] = in.time_left_ms[s];
    out.increment_ms[s] = in.increment_ms[s];
  }
  out.moves_to_go = in.moves_to_go;
  return out;
}

template <typename Traits>
class FacadeEngine final : public AnyEngine {
 public:
  FacadeEngine(const AnyGame& game, const EngineSettings& settings)
      : settings_(settings), engine_(options_for(Traits::rules_options(game), settings)) {}
  ~FacadeEngine() override {
    engine_.stop();
    engine_.wait();
  }

  const EngineSettings& settings() const override { return settings_; }
  void set_settings(const EngineSettings& settings) override {
    engine_.set_options(options_for(engine_.options(), settings));
    settings_ = settings;
  }
  void new_game() override { engine_.new_game(); }
  void set_position(const std::string& start, const std::vector<std::string>& moves) override {
    typename Traits::Position position = Traits::parse_position(engine_.options(), start);
    try {
      engine_.set_position(position, moves);
    } catch (const MoveError&) {
      throw;
    } catch (const std::invalid_argument& e) {  // the facade's own MoveError
      throw MoveError(e.what());
    }
  }

  void prepare() override { engine_.prepare(); }
  bool prepared() const override { return engine_.prepared(); }

  void go(const GoLimits& limits, EngineCallbacks callbacks) override {
    using Position = typename Traits::Position;
    typename Traits::Callbacks facade_callbacks;
    if (callbacks.on_info) {
      facade_callbacks.on_info = [on_info = callbacks.on_info](const Position& root,
                                                               const auto& info) {
        on_info(text_info(root, info));
      };
    }
    if (callbacks.on_final_info) {
      facade_callbacks.on_final_info = [on_final = callbacks.on_final_info](const Position& root,
                                                                            const auto& info) {
        on_final(text_info(root, info));
      };
    }
    if (callbacks.on_best_move) {
      facade_callbacks.on_best_move = [on_best = callbacks.on_best_move](const Position& root,
                                                                         const auto& result) {
        std::optional<std::string> move;
        if (result.best_move) move = Traits::move_text(root, *result.best_move);
        on_best(move);
      };
    }
    engine_.go(facade_limits<typename Traits::Limits>(limits), std::move(facade_callbacks));
  }
  void stop() override { engine_.stop(); }
  void wait() override { engine_.wait(); }
  bool is_searching() const override { return engine_.is_searching(); }

 private:
  // The facade's info with its pv in the game's notation.
  template <typename Info>
  static SearchInfo text_info(const typename Traits::Position& root, const Info& info) {
    SearchInfo out{info.depth,
                   info.score,
                   info.mate,
                   info.nodes,
                   info.nodes_per_second,
                   info.elapsed_ms,
                   {},
                   ordo::mate_in_plies(info.score)};
    typename Traits::Position pos = root;
    for (const auto& move : info.pv) {
      out.pv.push_back(Traits::move_text(pos, move));
      Traits::play(pos, move);
    }
    return out;
  }

  static typename Traits::Options options_for(typename Traits::Options options,
                                              const EngineSettings& settings) {
    Traits::apply(options, settings);
    return options;
  }

  EngineSettings settings_;
  typename Traits::Engine engine_;
};

}  // namespace games
