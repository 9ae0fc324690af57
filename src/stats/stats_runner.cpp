#include "stats/stats_runner.h"

#include <charconv>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "engine/points_match.h"
#include "util/random.h"

namespace stats {

namespace {

// Table sizes per engine: a run keeps up to three engines per thread.
constexpr std::size_t kEngineHashMib = 16;

std::optional<std::uint64_t> whole_number(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

struct KindName {
  PlayerChoice::Kind kind;
  std::string_view name;
  std::uint64_t low;
  std::uint64_t high;
};

constexpr KindName kKinds[] = {
    {PlayerChoice::Kind::Level, "level", games::kMinLevel, games::kMaxLevel},
    {PlayerChoice::Kind::Nodes, "nodes", 1, 1'000'000'000'000},
    {PlayerChoice::Kind::Time, "time", 1, 3'600'000},
};

// A search's score for the side to move, as the first player's evaluation.
int first_player_view(const games::SearchInfo& info, games::Side mover) {
  int score = info.score;
  if (info.mate) score = *info.mate > 0 ? kForcedWin : -kForcedWin;
  return mover == games::Side::First ? score : -score;
}

struct EngineMove {
  std::string move;
  std::optional<Evaluation> evaluation;
};

EngineMove search(games::AnyEngine& engine, const games::AnyGame& game,
                  const games::GoLimits& limits) {
  engine.set_position(game.start_position(), game.moves());
  std::optional<std::string> best;
  std::optional<games::SearchInfo> final_info;
  engine.go(limits, games::EngineCallbacks{
                        .on_info = {},
                        .on_best_move = [&](const std::optional<std::string>& m) { best = m; },
                        .on_final_info = [&](const games::SearchInfo& i) { final_info = i; }});
  engine.wait();
  if (!best) throw games::GameError("the engine found no move in " + game.position());
  EngineMove out{*best, std::nullopt};
  if (final_info) {
    out.evaluation = Evaluation{static_cast<int>(game.moves().size()),
                                first_player_view(*final_info, game.side_to_move())};
  }
  return out;
}

games::GoLimits limits_of(const PlayerChoice& player) {
  games::GoLimits limits;
  switch (player.kind) {
    case PlayerChoice::Kind::Level:
      // As the app: the levels below the top stop at their own node caps well within
      // this; the top level thinks for two seconds.
      limits.movetime_ms = player.value == games::kMaxLevel ? 2000 : 1000;
      break;
    case PlayerChoice::Kind::Nodes:
      limits.nodes = player.value;
      break;
    case PlayerChoice::Kind::Time:
      limits.movetime_ms = static_cast<std::int64_t>(player.value);
      break;
    case PlayerChoice::Kind::Random:
      break;
  }
  return limits;
}

void start_engine(games::AnyEngine& engine, const PlayerChoice& player, std::uint64_t seed) {
  games::EngineSettings settings = engine.settings();
  settings.level =
      player.kind == PlayerChoice::Kind::Level ? static_cast<int>(player.value) : games::kMaxLevel;
  settings.seed = seed;  // the lower levels' choices, reproducible per game
  engine.set_settings(settings);
  engine.new_game();
}

}  // namespace

std::string PlayerChoice::text() const {
  for (const KindName& k : kKinds) {
    if (k.kind == kind) return std::string(k.name) + ":" + std::to_string(value);
  }
  return "random";
}

PlayerChoice parse_player_choice(std::string_view text) {
  if (text == "random") return {};
  const auto colon = text.find(':');
  const std::string_view name = text.substr(0, colon);
  for (const KindName& k : kKinds) {
    if (colon == std::string_view::npos || name != k.name) continue;
    const auto value = whole_number(text.substr(colon + 1));
    if (!value || *value < k.low || *value > k.high) {
      throw std::invalid_argument("player '" + std::string(text) + "': " + std::string(k.name) +
                                  " takes a whole number from " + std::to_string(k.low) + " to " +
                                  std::to_string(k.high));
    }
    return {k.kind, *value};
  }
  throw std::invalid_argument("unknown player '" + std::string(text) +
                              "' (known: random, level:N, nodes:N, time:MS)");
}

Shard parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  const auto index = whole_number(text.substr(0, slash));
  const auto count =
      slash == std::string_view::npos ? std::nullopt : whole_number(text.substr(slash + 1));
  if (!index || !count || *index < 1 || *index > *count || *count > 1'000'000) {
    throw std::invalid_argument("--shard is K/N with 1 <= K <= N <= 1000000, not '" +
                                std::string(text) + "'");
  }
  return {static_cast<int>(*index), static_cast<int>(*count)};
}

bool same_run(const RunSettings& a, const RunSettings& b) {
  return a.game.game == b.game.game && a.game.options == b.game.options && a.first == b.first &&
         a.second == b.second && a.games == b.games && a.seed == b.seed &&
         a.random_plies == b.random_plies && a.eval_every == b.eval_every &&
         a.eval_nodes == b.eval_nodes && a.decisive_score == b.decisive_score &&
         a.match_to == b.match_to;
}

std::uint64_t game_seed(std::uint64_t run_seed, std::uint64_t index) {
  std::uint64_t state = run_seed;
  std::uint64_t mixed = common::splitmix64(state) ^ index;
  return common::splitmix64(mixed);
}

games::AnyEngine& EngineSet::engine(int slot, const games::AnyGame& game) {
  auto& engine = engines_[slot];
  if (!engine) {
    engine = games::make_engine(game, games::EngineSettings{.hash_mib = kEngineHashMib});
  }
  return *engine;
}

namespace {

// Plays `game` out from its start with randomness from `seed` alone.
GameSample play_out(games::AnyGame& game, const RunSettings& settings, std::uint64_t seed,
                    EngineSet& engines) {
  const games::GameFacts facts = game.facts();
  common::SplitMix64 rng(seed);
  const PlayerChoice* players[2] = {&settings.first, &settings.second};
  // Every game draws the same number of values here, whoever plays, so that the moves
  // of random play do not depend on the other settings.
  const std::uint64_t engine_seeds[2] = {rng.next(), rng.next()};
  for (int side = 0; side < 2; ++side) {
    if (players[side]->is_engine())
      start_engine(engines.engine(side, game), *players[side], engine_seeds[side]);
  }
  if (settings.eval_every > 0) {
    start_engine(engines.engine(2, game), PlayerChoice{PlayerChoice::Kind::Nodes, 0}, 0);
  }
  games::GoLimits judge_limits;
  judge_limits.nodes = settings.eval_nodes;

  GameSample sample;
  sample.start = game.last_turn_facts();
  while (!game.result().over()) {
    // The referee's rolls are no player's turn: drawn from the game's own generator and
    // not counted.
    if (game.is_chance_node()) {
      game.play_random(rng.next());
      continue;
    }
    const int ply = static_cast<int>(sample.legal_moves.size());
    const int side = games::index(game.side_to_move());
    const PlayerChoice& player = *players[side];
    std::size_t legal = 0;
    if (ply < settings.random_plies || !player.is_engine()) {
      legal = game.play_random(rng.next());
    } else {
      legal = game.legal_move_count();
      EngineMove chosen = search(engines.engine(side, game), game, limits_of(player));
      if (settings.eval_every == 0 && chosen.evaluation)
        sample.evaluations.push_back(*chosen.evaluation);
      game.play(chosen.move);
    }
    sample.legal_moves.push_back(static_cast<std::uint32_t>(legal));
    sample.after.push_back(game.last_turn_facts());
    if (settings.eval_every > 0 && (ply + 1) % settings.eval_every == 0 && !game.result().over()) {
      EngineMove judged = search(engines.engine(2, game), game, judge_limits);
      if (judged.evaluation) sample.evaluations.push_back(*judged.evaluation);
    }
  }
  const games::GameResult result = game.result();
  sample.outcome = result.outcome;
  sample.ending = result.termination;
  sample.ended_by_limit = !facts.limit_ending.empty() && result.termination == facts.limit_ending;
  sample.points = result.points;
  return sample;
}

}  // namespace

GameSample play_game(const RunSettings& settings, std::uint64_t index, EngineSet& engines) {
  const std::unique_ptr<games::AnyGame> game = games::make_game(settings.game);
  return play_out(*game, settings, game_seed(settings.seed, index), engines);
}

MatchSample play_match(const RunSettings& settings, std::uint64_t index, EngineSet& engines) {
  games::PointsMatch match(settings.game, settings.match_to);
  const std::uint64_t match_seed = game_seed(settings.seed, index);
  MatchSample sample;
  while (!match.over()) {
    if (match.games_played() >= kMaxMatchGames) {
      throw games::GameError("match " + std::to_string(index) + " ran past " +
                             std::to_string(kMaxMatchGames) + " games");
    }
    const std::unique_ptr<games::AnyGame> game = match.next_game();
    const auto number = static_cast<std::uint64_t>(match.games_played());
    GameSample played = play_out(*game, settings, game_seed(match_seed, number), engines);
    match.add_result(game->result());
    sample.games.push_back(std::move(played));
  }
  sample.winner = *match.winner();
  return sample;
}

std::uint64_t shard_games(std::uint64_t games, const Shard& shard) {
  const auto count = static_cast<std::uint64_t>(shard.count);
  const auto first = static_cast<std::uint64_t>(shard.index - 1);
  return games > first ? (games - first + count - 1) / count : 0;
}

Tally run_games(const RunSettings& settings, const RunControl& control) {
  if (settings.eval_every < 0) throw std::invalid_argument("--eval-every must not be negative");
  games::make_game(settings.game);  // a bad game or option fails here, before any thread
  if (settings.match_to > 0) games::PointsMatch(settings.game, settings.match_to);
  const std::uint64_t total = shard_games(settings.games, control.shard);
  std::atomic<std::uint64_t> next{0};
  std::mutex mutex;  // guards what follows and the progress callback
  Tally tally;
  std::uint64_t done = 0;
  std::exception_ptr failure;

  const auto work = [&] {
    EngineSet engines;
    Tally mine;
    try {
      for (std::uint64_t k = next++; k < total; k = next++) {
        const std::uint64_t index = k * static_cast<std::uint64_t>(control.shard.count) +
                                    static_cast<std::uint64_t>(control.shard.index - 1);
        if (settings.match_to > 0) {
          mine.add(play_match(settings, index, engines), settings.decisive_score);
        } else {
          mine.add(play_game(settings, index, engines), settings.decisive_score);
        }
        const std::lock_guard lock(mutex);
        if (failure) return;
        ++done;
        if (control.on_progress) control.on_progress(done, total);
      }
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      next = total;  // the other threads stop after their game
      return;
    }
    const std::lock_guard lock(mutex);
    tally.merge(mine);
  };
  const int threads = std::max(1, control.threads);
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& worker : workers) worker.join();
  if (failure) std::rethrow_exception(failure);
  return tally;
}

}  // namespace stats
