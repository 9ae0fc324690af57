#include "mughrabieh/entry/mughrabieh_engine.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <random>
#include <thread>

#include "mughrabieh/ai/mughrabieh_player.h"
#include "mughrabieh/entry/mughrabieh_game.h"

namespace games {

namespace {

namespace mg = mughrabieh;

// The score an equity (the side to move's, in [-1, 1]) is reported as: thousandths, so
// that +1000 is a certain win. Never a mate score.
int score_of(double equity) {
  return static_cast<int>(std::lround(std::clamp(equity, -1.0, 1.0) * 1000));
}

// The time for one turn from a clock: a thirtieth of what is left plus most of the
// increment, never more than half of what is left.
std::int64_t turn_budget_ms(const GoLimits& limits, int side) {
  if (limits.movetime_ms > 0) return limits.movetime_ms;
  const std::int64_t left = limits.time_left_ms[side];
  if (left < 0) return 0;
  const std::int64_t budget = left / 30 + limits.increment_ms[side] * 3 / 4;
  return std::max<std::int64_t>(1, std::min(budget, left / 2));
}

class MughrabiehEngine final : public AnyEngine {
 public:
  MughrabiehEngine(const AnyGame& game, const EngineSettings& settings)
      : rules_(game.rules_name()), game_(make_game(game)) {
    set_settings(settings);
  }
  ~MughrabiehEngine() override {
    stop();
    wait();
  }

  const EngineSettings& settings() const override { return settings_; }
  // "alphabeta" is every engine's default setting (EngineSettings); here it means the
  // game's one search, the expectimax of its AI.
  void set_settings(const EngineSettings& settings) override {
    if (settings.searcher != "expectimax" && settings.searcher != "alphabeta")
      throw GameError("Mughrabieh's searcher is expectimax, not '" + settings.searcher + "'");
    if (settings.level < kMinLevel || settings.level > kMaxLevel) {
      throw GameError("Level is " + std::to_string(kMinLevel) + " to " + std::to_string(kMaxLevel) +
                      ", not " + std::to_string(settings.level));
    }
    if (settings.hash_mib < 1 || settings.threads < 1)
      throw GameError("Hash and Threads must be at least 1");
    if (!settings.eval_weights.empty())
      throw GameError("Mughrabieh's engine takes no evaluation weights");
    settings_ = settings;
  }
  void new_game() override {}
  void set_position(const std::string& start, const std::vector<std::string>& moves) override {
    std::unique_ptr<AnyGame> game = make_mughrabieh_game({{"rules", rules_}, {"position", start}});
    play_all(*game, moves);  // throws MoveError naming the move; nothing changed then
    game_ = std::move(game);
  }

  // The bear-off database (a second or two, once per process), so that the first move of a
  // pure race is not timed with it.
  void prepare() override {
    mughrabieh::ai::prepare();
    prepared_ = true;
  }
  bool prepared() const override { return prepared_; }

  void go(const GoLimits& limits, EngineCallbacks callbacks) override {
    wait();
    stop_ = false;
    searching_ = true;
    const mg::Position pos = mughrabieh_game_of(*game_).position();
    const bool decision = !game_->result().over() && !pos.is_chance_node();
    mughrabieh::ai::SearchLimits search{
        .level = settings_.level,
        .nodes = limits.nodes,
        .movetime_ms = turn_budget_ms(limits, mg::index(pos.to_move())),
        .seed = settings_.seed ? *settings_.seed : fresh_seed()};
    if (limits.infinite) search.movetime_ms = 0;
    thread_ = std::thread(
        [this, pos, decision, search, infinite = limits.infinite,
         callbacks = std::move(callbacks)] { run(pos, decision, search, infinite, callbacks); });
  }
  void stop() override {
    {
      const std::lock_guard lock(mutex_);
      stop_ = true;
    }
    stopped_.notify_all();
  }
  void wait() override {
    if (thread_.joinable()) thread_.join();
  }
  bool is_searching() const override { return searching_; }

 private:
  static std::unique_ptr<AnyGame> make_game(const AnyGame& game) {
    std::unique_ptr<AnyGame> own =
        make_mughrabieh_game({{"rules", game.rules_name()}, {"position", game.start_position()}});
    play_all(*own, game.moves());
    return own;
  }

  // The registry's play_moves is a layer above this one.
  static void play_all(AnyGame& game, const std::vector<std::string>& moves) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      try {
        game.play(moves[i]);
      } catch (const MoveError& e) {
        throw MoveError("move " + std::to_string(i + 1) + " '" + moves[i] +
                        "' is illegal: " + e.what());
      }
    }
  }

  static std::uint64_t fresh_seed() {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) ^ device();
  }

  void run(const mg::Position& pos, bool decision, const mughrabieh::ai::SearchLimits& search,
           bool infinite, const EngineCallbacks& callbacks) {
    const auto started = std::chrono::steady_clock::now();
    std::optional<std::string> best;
    SearchInfo info;
    if (decision) {
      const mughrabieh::ai::TurnChoice choice = mughrabieh::ai::choose_turn(pos, search, &stop_);
      if (!choice.ranked.empty()) {
        best = mughrabieh_turn_word(choice.ranked.front().turn);
        info.depth = choice.depth;
        info.score = score_of(choice.ranked.front().equity);
        info.nodes = choice.nodes;
        info.pv = {*best};
        info.ranked.reserve(choice.ranked.size());
        for (const mughrabieh::ai::RankedTurn& r : choice.ranked)
          info.ranked.push_back({mughrabieh_turn_word(r.turn), score_of(r.equity)});
      }
    }
    // An infinite search reports only when stopped.
    if (infinite) {
      std::unique_lock lock(mutex_);
      stopped_.wait(lock, [this] { return stop_.load(); });
    }
    info.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - started)
                          .count();
    info.nodes_per_second =
        info.nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(info.elapsed_ms, 1));
    if (best && callbacks.on_info) callbacks.on_info(info);
    if (best && callbacks.on_final_info) callbacks.on_final_info(info);
    if (callbacks.on_best_move) callbacks.on_best_move(best);
    searching_ = false;
  }

  std::string rules_;
  EngineSettings settings_;
  std::unique_ptr<AnyGame> game_;
  bool prepared_ = false;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> searching_{false};
  std::mutex mutex_;
  std::condition_variable stopped_;
};

}  // namespace

std::unique_ptr<AnyEngine> make_mughrabieh_engine(const AnyGame& game,
                                                  const EngineSettings& settings) {
  return std::make_unique<MughrabiehEngine>(game, settings);
}

}  // namespace games
