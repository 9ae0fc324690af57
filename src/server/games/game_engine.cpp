// The engine of a game in mode ai: it thinks on its own thread; its answer comes back
// through the service's queue, which one dispatcher thread plays under the game's lock.
#include <atomic>
#include <functional>

#include "server/common/api_error.h"
#include "server/games/ai_level.h"
#include "server/games/game_service.h"
#include "server/observe/log.h"

namespace ordo::server {

void GameService::prepare_engine(Match& match) {
  if (!match.ai_color() || match.engine) return;
  games::EngineSettings settings;
  settings.hash_mib = options_.engine_hash_mib;
  settings.level = match.row.ai_level;
  // The lower levels' randomness differs from game to game (ids are random) but stays the
  // same on a replay; a fixed seed makes every game reproducible (tests).
  settings.seed = options_.ai_seed.value_or(std::hash<std::string>{}(match.row.id));
  try {
    auto engine = games::make_engine(*match.game, settings);
    engine->set_position(match.game->start_position(), match.game->moves());
    match.engine = std::move(engine);
  } catch (const std::exception& e) {
    throw ApiError(422, "no_engine", std::string("the engine cannot play this game: ") + e.what());
  }
}

void GameService::start_engine_if_its_turn(Match& match) {
  const auto ai = match.ai_color();
  if (!ai || match.ai_thinking || match.over() || match.to_move() != *ai ||
      match.game->is_chance_node())
    return;
  prepare_engine(match);
  // Where instances share storage the engine thinks on one of them: the lease's holder.
  if (!hold_game_lease(match)) return;
  match.engine->set_position(match.game->start_position(), match.game->moves());

  games::GoLimits limits = limits_for_level(match.row.ai_level);
  if (options_.fixed_ai_depth) limits = games::GoLimits{.depth = *options_.fixed_ai_depth};
  if (options_.ai_answers_when_stopped) limits = games::GoLimits{.infinite = true};
  if (match.clock) {
    const std::int64_t now = options_.now();
    for (int seat = 0; seat < 2; ++seat) {
      limits.time_left_ms[seat] = std::max<std::int64_t>(1, match.clock->left_ms(seat, now));
      limits.increment_ms[seat] = match.clock->increment_ms();
    }
  }
  const std::uint64_t search = ++last_search_;
  match.ai_search = search;
  match.ai_thinking = true;
  {
    std::lock_guard lock(answers_mutex_);
    ++engines_thinking_;
  }
  // The score of the last finished iteration, from the engine's side's view (written and
  // read on the search thread).
  auto score = std::make_shared<std::atomic<int>>(0);
  games::EngineCallbacks callbacks;
  callbacks.on_info = [score](const games::SearchInfo& info) { score->store(info.score); };
  callbacks.on_best_move = [this, id = match.row.id, search,
                            score](const std::optional<std::string>& best_move) {
    EngineAnswer answer{id, search, best_move, score->load()};
    {
      std::lock_guard lock(answers_mutex_);
      answers_.push_back(std::move(answer));
    }
    answers_ready_.notify_all();
  };
  match.engine->go(limits, std::move(callbacks));
  match.touch();
}

void GameService::cancel_engine(Match& match) {
  if (!match.ai_thinking) return;
  match.ai_search = 0;  // its answer will be dropped
  match.ai_thinking = false;
  match.engine->stop();
  give_up_game_lease(match);
}

void GameService::release_engine(Match& match) {
  // A finished game needs no engine; its table is memory. (Its last search, stopped, only
  // posts to the answer queue, so joining it here cannot wait for this game's lock.)
  if (!match.ai_thinking) match.engine.reset();
}

void GameService::play_engine_answer(const EngineAnswer& answer) {
  // A thinking game is pinned in memory, so an answer whose game is not resident is stale.
  auto match = cache_.find_resident(answer.id);
  if (!match) return;
  std::lock_guard lock(match->mutex);
  if (!match->ai_thinking || match->ai_search != answer.search) return;
  match->ai_thinking = false;
  match->ai_score = answer.score;
  const std::int64_t now = options_.now();
  bool owed = false;  // the work goes on: the lease stays held
  if (!end_on_time(*match, now) && !match->over()) {
    if (!answer.move) {
      // Only a game that is over has no move; the engine must not leave the game waiting.
      owe_engine_move(answer.id);
      owed = true;
    } else {
      try {
        commit_move(*match, *answer.move, now);
        // In a game with dice the other side's roll may pass, and the turn come back.
        start_engine_if_its_turn(*match);
      } catch (const StaleGame&) {
        // Another instance stored a move first (one that took the lease over): this one
        // is dropped, so the reply is stored once.
        refresh_if_stale(*match);
      } catch (const ApiError& e) {
        // The rules refuse the engine's move (never expected): it searches again.
        log_warning("engine move refused", {{"game", answer.id}, {"error", e.what()}});
        owe_engine_move(answer.id);
        owed = true;
      } catch (const std::exception& e) {
        log_warning("engine move not stored; it is stored again when storage works",
                    {{"game", answer.id}, {"error", e.what()}});
        match->unstored_engine_move = answer.move;
        owe_engine_move(answer.id);
        owed = true;
      }
    }
  }
  if (!owed && !match->ai_thinking) give_up_game_lease(*match);
  match->touch();
}

GameService::EngineWork GameService::engine_work() {
  std::lock_guard lock(answers_mutex_);
  return {engines_thinking_, answers_.size() + owed_moves_.size()};
}

void GameService::owe_engine_move(const std::string& id) {
  std::lock_guard lock(answers_mutex_);
  owed_moves_.insert(id);
}

void GameService::settle_owed_move(Match& match) {
  if (match.unstored_engine_move) {
    const std::string move = *match.unstored_engine_move;
    try {
      commit_move(match, move, options_.now());
      match.unstored_engine_move.reset();
      give_up_game_lease(match);
      return;
    } catch (const ApiError&) {
      match.unstored_engine_move.reset();  // the rules refuse it: the engine searches again
    } catch (const StaleGame&) {
      match.unstored_engine_move.reset();  // another instance moved first
      refresh_if_stale(match);
    }
  }
  start_engine_if_its_turn(match);
}

void GameService::move_now_asked(const std::string& id) {
  // A thinking game is pinned in memory: one that is not resident does not think here.
  auto match = cache_.find_resident(id);
  if (!match) return;
  std::lock_guard lock(match->mutex);
  if (match->ai_thinking) match->engine->stop();
}

int GameService::retry_owed_engine_moves() {
  std::set<std::string> owed;
  {
    std::lock_guard lock(answers_mutex_);
    owed.swap(owed_moves_);
  }
  int settled = 0;
  for (const std::string& id : owed) {
    try {
      // A game dropped from memory meanwhile starts its engine as it is loaded.
      auto match = acquire(id);
      std::lock_guard lock(match->mutex);
      const auto ai = match->ai_color();
      if (ai && !match->over() && !match->ai_thinking && match->to_move() == *ai)
        settle_owed_move(*match);
      else
        match->unstored_engine_move.reset();
      ++settled;
    } catch (const ApiError& e) {
      if (e.status() == 404) continue;  // the game is gone
      owe_engine_move(id);
    } catch (const std::exception&) {
      owe_engine_move(id);  // storage still fails; the next tick tries again
    }
  }
  return settled;
}

void GameService::dispatch_engine_answers() {
  for (;;) {
    EngineAnswer answer;
    {
      std::unique_lock lock(answers_mutex_);
      answers_ready_.wait(lock, [&] { return closing_ || !answers_.empty(); });
      if (answers_.empty()) return;  // closing
      answer = std::move(answers_.front());
      answers_.pop_front();
    }
    play_engine_answer(answer);
    {
      std::lock_guard lock(answers_mutex_);
      --engines_thinking_;
    }
    answers_ready_.notify_all();
  }
}

bool GameService::wait_until_idle(std::chrono::milliseconds timeout) {
  std::unique_lock lock(answers_mutex_);
  return answers_ready_.wait_for(lock, timeout,
                                 [&] { return engines_thinking_ == 0 && answers_.empty(); });
}

}  // namespace ordo::server
