// The service's life cycle: start-up, loading a game into memory, the timer thread (fallen
// flags, idle games, checkpoints) and shutdown.
#include "server/games/game_service.h"

#include "server/common/api_error.h"
#include "server/common/player_name.h"
#include "server/common/random_token.h"
#include "server/common/storage_error.h"
#include "server/games/game_setup.h"
#include "server/observe/log.h"
#include "server/observe/storage_outage.h"
#include "server/storage/stored_result.h"

namespace ordo::server {

GameService::GameService(ServerStorage& storage, ServiceOptions options)
    : storage_(storage),
      options_(std::move(options)),
      leases_(storage_, options_.instance_id.empty() ? random_url_safe(9) : options_.instance_id,
              options_.now, options_.lease_ms),
      cache_(options_.cache, options_.now) {
  dispatcher_ = std::thread([this] { dispatch_engine_answers(); });
  try {
    // Held while this instance lives: the challenges made on it stand (lobby.h).
    if (storage_.shared()) leases_.take(instance_lease_key(leases_.holder()));
    // Streams counted under this name before (a restart) are not open now.
    drop_streams_of_gone_instances(leases_.holder());
    resume_at_start();
    storage_.on_other_instance_change(
        [this](const std::string& id) { refresh_changed_elsewhere(id); });
    storage_.on_move_now_asked([this](const std::string& id) { move_now_asked(id); });
    storage_.on_presence_changed([this](const std::string& id) { presence_changed_elsewhere(id); });
  } catch (...) {
    // Storage that fails here (read-only, damaged) must reach the caller as its error,
    // not end the process through a thread left running.
    stop_threads();
    throw;
  }
  if (options_.clock_tick_ms > 0) timer_ = std::thread([this] { run_timer(); });
}

void GameService::stop_threads() {
  storage_.on_other_instance_change(nullptr);
  storage_.on_move_now_asked(nullptr);
  storage_.on_presence_changed(nullptr);
  close();
  {
    std::lock_guard lock(answers_mutex_);
    closing_ = true;
  }
  answers_ready_.notify_all();
  if (timer_.joinable()) timer_.join();
  if (dispatcher_.joinable()) dispatcher_.join();
  for (auto& match : cache_.resident()) {
    std::lock_guard game_lock(match->mutex);
    if (match->engine) match->engine->stop();
  }
  // Others take this instance's work over at once rather than when the leases lapse,
  // and show its players' streams closed.
  if (!storage_.shared()) return;
  leases_.release_all();
  try {
    drop_streams_of_gone_instances(leases_.holder());
  } catch (const std::exception& e) {
    log_warning("open streams not forgotten", {{"error", e.what()}});
  }
}

GameService::~GameService() {
  stop_threads();
}

void GameService::resume_at_start() {
  // Time while the server was down is charged to nobody: every unfinished turn restarts.
  // Not where other instances share the database: their games' clocks run on.
  if (!storage_.shared()) storage_.restart_turns(options_.now());
  for (auto& row : storage_.games_to_resume()) {
    const std::string id = row.id;
    try {
      auto match = resume(std::move(row));
      cache_.insert(match);
      start_engine_when_resident(*match);
    } catch (const std::exception& e) {
      // One unreadable game must not keep the others from being served.
      log_warning("stored game cannot be resumed", {{"game", id}, {"error", e.what()}});
    }
  }
  // Correspondence deadlines stand across a restart: those that passed meanwhile end now.
  check_clocks();
}

std::shared_ptr<Match> GameService::acquire(const std::string& id) {
  bool loaded_here = false;
  auto match = cache_.get(id, [&](const std::string& wanted) {
    loaded_here = true;
    return load(wanted);
  });
  if (loaded_here) {
    {
      // A turn stored without the roll after it (a failed write): rolled now.
      std::lock_guard lock(match->mutex);
      settle_chance(*match, options_.now());
    }
    start_engine_when_resident(*match);
  }
  return match;
}

void GameService::start_engine_when_resident(Match& match) {
  // Only now: an engine answer is played only for a resident game, and a quick engine
  // could answer before a game still loading became resident (the answer would be lost
  // and the game would wait for it for ever).
  std::lock_guard lock(match.mutex);
  try {
    start_engine_if_its_turn(match);
  } catch (const ApiError& e) {
    // A game stored by an earlier version that the engine cannot play is still shown.
    log_warning("the engine cannot play a stored game",
                {{"game", match.row.id}, {"error", e.what()}});
  }
}

std::shared_ptr<Match> GameService::load(const std::string& id) {
  auto row = storage_.game(id);
  if (!row) throw ApiError(404, "no_such_game", "no game with id '" + id + "'");
  return resume(std::move(*row));
}

std::shared_ptr<Match> GameService::replay(StoredGame row, const std::vector<StoredMove>& moves) {
  // Rows stored before names were checked on the way in may hold any bytes.
  row.white_name = cleaned_player_name(row.white_name);
  row.black_name = cleaned_player_name(row.black_name);
  auto game = games::make_game(spec_of(row));
  auto match = std::make_shared<Match>(std::move(row), std::move(game));
  for (const auto& stored : moves) {
    const bool chance = match->game->is_chance_node();
    match->game->play(stored.notation);
    match->facts.push_back({stored.by, stored.think_ms, stored.clock_after_ms, chance});
  }
  apply_stored_result(*match->game, match->row.result, match->row.reason);
  match->aborted = match->row.result == kAbortedScore;
  return match;
}

std::shared_ptr<Match> GameService::resume(StoredGame row) {
  const std::string id = row.id;
  auto match = replay(std::move(row), storage_.moves_of(id));
  std::lock_guard lock(match->mutex);
  emplace_clock(*match);
  if (!match->over()) match->draw_offer = seat_from_name(match->row.draw_offer);
  match->offers = GameOffers::from_text(match->row.offers);
  restart_turn_clock(*match, match->row.turn_started_ms);
  if (match->over() && match->clock && !match->facts.empty()) {
    // The last turn's clock ran until the result (for a result by a move, no time).
    match->clock->start(index(match->to_move()), match->turn_started_ms);
    match->clock->stop(match->row.updated_ms);
  }
  // After a restart (or from an older schema) the flag is not stored yet.
  const std::int64_t flag_at = flag_deadline(*match);
  if (flag_at != match->row.flag_at_ms) {
    storage_.set_turn(match->row.id, match->turn_started_ms, flag_at);
    match->row.flag_at_ms = flag_at;
  }
  return match;
}

std::size_t GameService::game_count() {
  return static_cast<std::size_t>(storage_.game_count());
}

std::size_t GameService::resident_count() {
  return cache_.size();
}

std::size_t GameService::drop_idle_games() {
  return cache_.drop_idle();
}

int GameService::check_clocks() {
  int ended = 0;
  const std::int64_t now = options_.now();
  for (const auto& id : storage_.games_flagged_at(now)) {
    try {
      auto match = acquire(id);
      std::lock_guard lock(match->mutex);
      refresh_if_stale(*match);  // another instance may have ended it, or moved
      // Where instances share storage, the one holding the game's lease ends it.
      if (!match->over() && !hold_game_lease(*match)) continue;
      const bool ended_here = end_on_time(*match, now, true);
      if (!match->ai_thinking) give_up_game_lease(*match);
      if (ended_here) {
        ++ended;
      } else if (flag_deadline(*match) != match->row.flag_at_ms) {
        // Not fallen after all (never expected): store the true flag so it is not
        // looked at again on every tick.
        storage_.set_turn(id, match->turn_started_ms, flag_deadline(*match));
        match->row.flag_at_ms = flag_deadline(*match);
      }
    } catch (const std::exception& e) {
      // A game that cannot be read back would be tried on every tick: its flag is no
      // longer watched (a request that manages to load it stores the flag again).
      log_warning("clock not watched", {{"game", id}, {"error", e.what()}});
      try {
        storage_.set_turn(id, now, 0);
      } catch (const std::exception&) {
      }
    }
  }
  return ended;
}

void GameService::timer_round(bool housekeeping) {
  const auto step = [](const char* what, auto&& work) {
    try {
      work();
    } catch (const StorageUnavailable& e) {
      storage_outage_log().failed(e.what());  // once per outage, not once per round
    } catch (const std::exception& e) {
      log_warning("timer", {{"step", what}, {"error", e.what()}});
    }
  };
  step("renewing leases", [&] { renew_leases(); });
  step("checking clocks", [&] { check_clocks(); });
  step("retrying engine moves", [&] { retry_owed_engine_moves(); });
  if (!housekeeping) return;
  step("taking over engine turns", [&] { take_over_engine_turns(); });
  step("forgetting the streams of instances gone", [&] { drop_streams_of_gone_instances(); });
  step("deleting lapsed leases", [&] { delete_lapsed_leases(); });
  step("closing idle guest games", [&] { expire_idle_guest_games(); });
  step("housekeeping", [&] {
    std::lock_guard lock(housekeeping_mutex_);
    if (housekeeping_) housekeeping_();
  });
  step("dropping idle games", [&] { drop_idle_games(); });
  step("checkpoint", [&] { storage_.checkpoint(); });
}

void GameService::run_timer() {
  constexpr auto kHousekeepingEvery = std::chrono::seconds(1);
  auto last_housekeeping = std::chrono::steady_clock::now();
  std::unique_lock lock(answers_mutex_);
  while (!closing_) {
    lock.unlock();
    const bool housekeeping =
        std::chrono::steady_clock::now() - last_housekeeping >= kHousekeepingEvery;
    timer_round(housekeeping);
    if (housekeeping) last_housekeeping = std::chrono::steady_clock::now();
    lock.lock();
    answers_ready_.wait_for(lock, std::chrono::milliseconds(options_.clock_tick_ms),
                            [&] { return closing_; });
  }
}

void GameService::close() {
  streams_closed_.store(true);
  for (auto& match : cache_.resident()) {
    std::lock_guard game_lock(match->mutex);
    match->changed.notify_all();
  }
}

}  // namespace ordo::server
