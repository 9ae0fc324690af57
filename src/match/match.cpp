#include "match/match.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include "engine/game_registry.h"
#include "engine/points_match.h"
#include "util/random.h"

namespace ordo::match {

MatchRules default_match_rules() {
  const games::GameInfo& info = games::default_game().info;
  MatchRules rules{info.name, {}};
  if (info.endless) rules.options["move-limit"] = "300";
  return rules;
}

namespace {

double points_of_first_side(games::Outcome outcome) {
  switch (outcome) {
    case games::Outcome::FirstWins:
      return 1.0;
    case games::Outcome::SecondWins:
      return 0.0;
    default:
      return 0.5;
  }
}

void check(const MatchConfig& config) {
  if (config.games < 1) throw std::invalid_argument("the number of games must be at least 1");
  if (config.concurrency < 1) throw std::invalid_argument("concurrency must be at least 1");
  if (config.opening_plies < 0 || config.opening_plies > 40) {
    throw std::invalid_argument("opening plies must lie within 0..40");
  }
  if (!games::make_game(config.rules)->always_ends()) {  // throws for bad options too
    throw std::invalid_argument("a match needs a move limit (endless games would never end)");
  }
  if (config.points_target > 0) {
    games::PointsMatch(config.rules, config.points_target);  // throws when the game has none
    if (!config.book.empty())
      throw std::invalid_argument("each game of a match to a score begins from the start: no book");
  } else if (config.points_target < 0) {
    throw std::invalid_argument("a match to a score needs a positive target");
  }
  check_player_plays(config.first, config.rules);
  check_player_plays(config.second, config.rules);
  if (config.clock && (config.clock->base_ms < 1 || config.clock->increment_ms < 0)) {
    throw std::invalid_argument("the clock needs a positive base time and no negative increment");
  }
}

class MatchRunner {
 public:
  MatchRunner(const MatchConfig& config, const GameCallback& on_game)
      : config_(config), on_game_(on_game) {
    reports_.resize(static_cast<std::size_t>(config.games));
  }

  MatchResult run() {
    const int threads = std::min(config_.concurrency, config_.games);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) workers.emplace_back([this] { work(); });
    for (std::thread& worker : workers) worker.join();
    if (error_) std::rethrow_exception(error_);
    for (auto& report : reports_) {
      if (report) result_.games.push_back(std::move(*report));
    }
    return std::move(result_);
  }

 private:
  void work() {
    for (;;) {
      const int i = next_.fetch_add(1);
      if (i >= config_.games || stop_.load()) return;
      try {
        GameReport report = play(i);
        record(std::move(report));
      } catch (...) {
        const std::lock_guard lock(mutex_);
        if (!error_) error_ = std::current_exception();
        stop_ = true;
        return;
      }
    }
  }

  GameReport play(int i) {
    return config_.points_target > 0 ? play_points_match(i) : play_game_at(i);
  }

  // Game i of a match of single games: opening i / 2, the first player White in even games.
  GameReport play_game_at(int i) {
    const bool first_is_white = i % 2 == 0;
    // Both games of a pair roll the same dice, as they play the same opening.
    GameSetup setup{config_.rules, opening(i / 2), config_.clock, dice_seed(i / 2)};
    const auto first = make_player(config_.first, config_.rules);
    const auto second = make_player(config_.second, config_.rules);
    Player& p1 = first_is_white ? *first : *second;
    Player& p2 = first_is_white ? *second : *first;
    GameReport report{i, first_is_white, play_game(p1, p2, setup), 0, {}, {}};
    report.played.tags["Round"] = std::to_string(i + 1);
    report.played.tags["Event"] = "ordo-engine match";
    const double points = points_of_first_side(report.played.game->result().outcome);
    report.first_points = first_is_white ? points : 1.0 - points;
    return report;
  }

  // Match i to a score: the first player begins the first game in even matches; game g of
  // both matches of a pair rolls the same dice. A forfeit (a crash, an illegal move, time)
  // loses the whole match, so a broken player cannot stall it with games worth nothing.
  GameReport play_points_match(int i) {
    const bool first_is_white = i % 2 == 0;
    const auto first = make_player(config_.first, config_.rules);
    const auto second = make_player(config_.second, config_.rules);
    Player& p1 = first_is_white ? *first : *second;
    Player& p2 = first_is_white ? *second : *first;
    games::PointsMatch match(config_.rules, config_.points_target);
    GameReport report{i, first_is_white, {}, 0, {}, {}};
    std::optional<games::Side> forfeited_by;
    for (int g = 0; !match.over() && !forfeited_by; ++g) {
      GameSetup setup{config_.rules, {}, config_.clock, dice_seed(i / 2, g)};
      setup.make_game = [&match] { return match.next_game(); };
      PlayedGame played = play_game(p1, p2, setup);
      const std::string before = match.describe_score(*played.game);
      played.tags["Round"] = std::to_string(i + 1) + "." + std::to_string(g + 1);
      played.tags["Event"] = "ordo-engine match to " + std::to_string(config_.points_target);
      played.tags["Score"] = before;
      const games::GameResult result = played.game->result();
      if (!played.reason.empty())
        forfeited_by =
            result.outcome == games::Outcome::FirstWins ? games::Side::Second : games::Side::First;
      else
        match.add_result(result);
      report.match_score = match.describe_score(*played.game);
      report.match_games.push_back(std::move(played));
    }
    report.played = report.match_games.back();
    const games::Side winner = forfeited_by ? games::other(*forfeited_by) : *match.winner();
    if (forfeited_by) report.match_score += " (match forfeited)";
    const double points = winner == games::Side::First ? 1.0 : 0.0;
    report.first_points = first_is_white ? points : 1.0 - points;
    return report;
  }

  std::uint64_t dice_seed(int pair, int game_of_match = 0) const {
    common::SplitMix64 mixer(config_.seed ^
                             (0xD1B54A32D192ED03ULL * static_cast<std::uint64_t>(pair + 1)) ^
                             (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(game_of_match)));
    return mixer.next();
  }

  Opening opening(int pair) const {
    const auto& book = config_.book;
    if (!book.empty()) return book[static_cast<std::size_t>(pair) % book.size()];
    return make_opening(config_.rules, config_.opening_plies, config_.seed, pair);
  }

  void record(GameReport report) {
    const std::lock_guard lock(mutex_);
    MatchState& state = result_.state;
    const auto i = static_cast<std::size_t>(report.index);
    if (report.first_points == 1.0) {
      ++state.wdl.wins;
    } else if (report.first_points == 0.0) {
      ++state.wdl.losses;
    } else {
      ++state.wdl.draws;
    }
    ++state.games_done;
    reports_[i] = std::move(report);
    const std::size_t partner = i ^ 1;
    if (partner < reports_.size() && reports_[partner]) {
      const double pair = reports_[i]->first_points + reports_[partner]->first_points;
      ++state.pairs[static_cast<std::size_t>(pair * 2 + 0.5)];
    }
    if (const auto estimate = elo_estimate(trinomial_samples(state.wdl))) {
      state.history.push_back({state.games_done, *estimate});
    }
    if (config_.sprt && state.sprt_decided_after == 0) {
      state.sprt = sprt(state.wdl, *config_.sprt);
      if (state.sprt->decision != SprtDecision::Continue) {
        state.sprt_decided_after = state.games_done;
        stop_ = true;  // games already running finish and are counted
      }
    }
    if (on_game_) on_game_(*reports_[i], state);
  }

  const MatchConfig& config_;
  const GameCallback& on_game_;
  std::atomic<int> next_{0};
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  MatchResult result_;
  std::vector<std::optional<GameReport>> reports_;  // by game index
  std::exception_ptr error_;
};

}  // namespace

std::string GameReport::records() const {
  if (match_games.empty()) return played.record();
  std::string text;
  for (const PlayedGame& game : match_games) {
    if (!text.empty()) text += '\n';  // a blank line between games, as between matches
    text += game.record();
  }
  return text;
}

MatchResult run_match(const MatchConfig& config, const GameCallback& on_game) {
  check(config);
  return MatchRunner(config, on_game).run();
}

}  // namespace ordo::match
