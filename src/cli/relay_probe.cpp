#include "cli/relay_probe.h"

#include <httplib.h>

#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <thread>

namespace ordo::cli {

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// Generous on a loaded machine: a move not seen by then counts as an error.
constexpr auto kRelayDeadline = std::chrono::seconds(10);

// What the watcher's stream has shown: the ply of each `state` event, and when it came.
class WatchedGame {
 public:
  // Called on the stream's thread for each chunk of the answer.
  void receive(const char* data, std::size_t size) {
    buffer_.append(data, size);
    for (auto end = buffer_.find("\n\n"); end != std::string::npos; end = buffer_.find("\n\n")) {
      const std::string event = buffer_.substr(0, end);
      buffer_.erase(0, end + 2);
      const auto data_at = event.find("data: ");
      if (event.rfind("event: state", 0) != 0 || data_at == std::string::npos) continue;
      const json state = json::parse(event.substr(data_at + 6), nullptr, false);
      if (state.is_discarded() || !state.contains("ply")) continue;
      std::lock_guard lock(mutex_);
      ply_ = state["ply"].get<int>();
      seen_at_ = Clock::now();
      ++events_;
      changed_.notify_all();
    }
  }
  std::uint64_t events() {
    std::lock_guard lock(mutex_);
    return events_;
  }
  // When an event after the first `after` ones showed `ply`; nullopt past the deadline.
  std::optional<Clock::time_point> wait_for(int ply, std::uint64_t after) {
    std::unique_lock lock(mutex_);
    const bool seen =
        changed_.wait_for(lock, kRelayDeadline, [&] { return events_ > after && ply_ == ply; });
    if (!seen) return std::nullopt;
    return seen_at_;
  }

 private:
  std::string buffer_;
  std::mutex mutex_;
  std::condition_variable changed_;
  int ply_ = -1;
  std::uint64_t events_ = 0;
  Clock::time_point seen_at_{};
};

std::optional<json> post(httplib::Client& client, const std::string& path, const json& body) {
  auto res = client.Post(path, body.dump(), "application/json");
  if (!res || (res->status != 200 && res->status != 201)) return std::nullopt;
  return json::parse(res->body, nullptr, false);
}

}  // namespace

void run_relay_probe(const std::string& mover_url, const std::string& watcher_url,
                     std::uint64_t seed, Clock::time_point end, RelayStats& stats) {
  httplib::Client mover(mover_url);
  mover.set_keep_alive(true);
  mover.set_tcp_nodelay(true);
  const auto created = post(mover, "/api/games", {{"mode", "local"}, {"rules", "classic"}});
  if (!created || created->is_discarded()) {
    ++stats.errors;
    return;
  }
  const std::string id = (*created)["id"], token = (*created)["tokens"]["white"];
  json state = (*created)["state"];

  WatchedGame watched;
  httplib::Client watcher(watcher_url);
  watcher.set_read_timeout(std::chrono::seconds(60));
  std::thread stream([&] {
    watcher.Get("/api/games/" + id + "/events", [&](const char* data, std::size_t size) {
      watched.receive(data, size);
      return true;
    });
  });
  std::mt19937_64 rng(seed);
  // The first event is the state at the start; the moves are timed after it.
  if (!watched.wait_for(0, 0)) ++stats.errors;
  while (Clock::now() < end && watched.events() > 0) {
    const bool over = state["legal"].empty();
    const std::uint64_t before = watched.events();
    const auto sent = Clock::now();
    // A finished game is taken back a move and played on.
    const auto answer = over ? post(mover, "/api/games/" + id + "/undo", {{"token", token}})
                             : post(mover, "/api/games/" + id + "/moves",
                                    {{"token", token},
                                     {"move", state["legal"][rng() % state["legal"].size()]},
                                     {"ply", state["ply"]}});
    if (!answer || answer->is_discarded()) {
      ++stats.errors;
      break;
    }
    state = *answer;
    const auto seen = watched.wait_for(state["ply"].get<int>(), before);
    if (!seen) {
      ++stats.errors;
      break;
    }
    if (!over) stats.latencies.add(std::chrono::duration<double, std::milli>(*seen - sent).count());
  }
  watcher.stop();  // ends the stream's request
  stream.join();
}

}  // namespace ordo::cli
