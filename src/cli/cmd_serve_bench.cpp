// `serve-bench`: a load test of the HTTP server. It starts a server in this process on a
// free loopback port with a fresh data directory, and client threads that each play many
// games in mode local through HTTP (random legal moves from the answers, fixed seeds), so
// no engine thinking is timed. Games end as real ones do: most are played to their end,
// and --abandon percent of them are left unfinished after a few moves (the server then
// drops them from memory once they have been idle long enough). Either way the client
// starts a new game in its place; with --reuse-games a finished game is instead taken
// back 10 moves (undo) and played on. With --rated, each client signs up two accounts
// before the clock starts, and its games are rated games between them from the lobby (a
// challenge and its acceptance): every finished game also updates both ratings. Prints requests per
// second, p50/p99 latency, errors and, every --sample-seconds, the process's memory (RSS) and the
// games held in memory. With --url it loads running servers instead (each client sends its
// requests to them in turn), and with --watchers it also times how long a move takes to
// reach a page watching its game through another instance (relay_probe.h).
#include <httplib.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <latch>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <random>
#include <thread>

#include "cli/commands.h"
#include "cli/latency_histogram.h"
#include "cli/relay_probe.h"
#include "server/games/game_service.h"
#include "server/http_server.h"
#include "server/open_storage.h"
#include "server/players/accounts.h"
#include "server/players/lobby.h"
#include "server/storage/durability.h"

namespace ordo::cli {

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct BenchOptions {
  int seconds = 60;
  int clients = 8;
  int games_per_client = 8;
  std::string rules = "classic";
  bool reuse_games = false;
  int abandon_percent = 20;
  int sample_seconds = 30;
  bool rated = false;
  std::string database;             // PostgreSQL instead of SQLite in a temporary directory
  std::string durability = "full";  // SQLite's (server/durability.h)
  std::vector<std::string> urls;    // running servers instead of one in this process
  int watchers = 0;
  std::vector<std::string> relay_urls;  // the watchers' mover and watcher servers
};

constexpr int kTakeBack = 10;

struct ClientStats {
  LatencyHistogram latencies;  // move and undo requests
  std::uint64_t moves = 0, undos = 0;
  std::uint64_t errors = 0;
  std::uint64_t games = 0;
  std::uint64_t abandoned = 0;
};

long rss_kib() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

// Bytes the allocator hands out now (what the program holds, unlike RSS, which also counts
// freed memory the allocator keeps).
long heap_in_use_kib() {
  const struct mallinfo2 info = mallinfo2();
  return static_cast<long>((info.uordblks + info.hblkhd) / 1024);
}

// A signed-in account as a client holds it: its session cookie and CSRF token.
struct BenchAccount {
  httplib::Headers headers;  // Cookie and X-CSRF-Token
};

std::optional<BenchAccount> sign_up(httplib::Client& client, const std::string& name) {
  const json body = {{"name", name}, {"password", "serve-bench password"}};
  auto res = client.Post("/api/accounts", body.dump(), "application/json");
  if (!res || res->status != 201) return std::nullopt;
  const std::string cookie = res->get_header_value("Set-Cookie");
  return BenchAccount{{{"Cookie", cookie.substr(0, cookie.find(';'))},
                       {"X-CSRF-Token", json::parse(res->body)["csrf_token"]}}};
}

struct ClientGame {
  std::string id, token;
  std::map<std::string, std::string> seat_tokens;  // rated games: "white", "black"
  std::string to_move;
  json legal;
  int ply = 0;
  int undo_left = 0;       // moves still to take back after the game ended
  int abandon_at_ply = 0;  // 0: played to its end
};

// A rated game between the client's two accounts: the first challenges with White, the
// second accepts. Returns the game's state, or null on any error.
json new_rated_game(httplib::Client& client, const BenchOptions& options,
                    const std::vector<BenchAccount>& accounts, ClientGame& game) {
  const json challenge = {{"rules", options.rules}, {"rated", true}, {"color", "white"}};
  auto made =
      client.Post("/api/challenges", accounts[0].headers, challenge.dump(), "application/json");
  if (!made || made->status != 201) return nullptr;
  const json offer = json::parse(made->body);
  const std::string challenge_id = offer["challenge"]["id"];
  auto taken = client.Post("/api/challenges/" + challenge_id + "/accept", accounts[1].headers, "{}",
                           "application/json");
  if (!taken || taken->status != 200) return nullptr;
  const json seat = json::parse(taken->body);
  game.id = seat["game"];
  game.seat_tokens = {{"white", offer["token"]}, {"black", seat["token"]}};
  auto state = client.Get("/api/games/" + game.id);
  if (!state || state->status != 200) return nullptr;
  return json::parse(state->body);
}

bool new_game(httplib::Client& client, const BenchOptions& options,
              const std::vector<BenchAccount>& accounts, std::mt19937_64& rng, ClientGame& game) {
  json state;
  if (options.rated) {
    state = new_rated_game(client, options, accounts, game);
    if (state.is_null()) return false;
  } else {
    const json body = {{"mode", "local"}, {"rules", options.rules}};
    auto res = client.Post("/api/games", body.dump(), "application/json");
    if (!res || res->status != 201) return false;
    const json answer = json::parse(res->body);
    game.id = answer["id"];
    game.token = answer["tokens"]["white"];
    state = answer["state"];
  }
  game.legal = state["legal"];
  game.to_move = state["to_move"];
  game.ply = 0;
  game.undo_left = 0;
  // A player who walks away does so after a few moves, or in the middle of the game.
  const bool abandoned = static_cast<int>(rng() % 100) < options.abandon_percent;
  game.abandon_at_ply = abandoned ? 2 + static_cast<int>(rng() % 60) : 0;
  return true;
}

// When the clients are ready and when the timed part starts and ends.
struct BenchStart {
  explicit BenchStart(int clients) : set_up(clients) {}
  std::latch set_up;  // every client has signed up and started its games
  std::latch go{1};   // the clock has started: `end` is set
  Clock::time_point end{};
};

// Signs up the client's accounts (rated games) and starts its games, then waits for the
// clock, and plays until `timing.end`.
void run_client(int seed, const BenchOptions& options, const std::vector<std::string>& urls,
                BenchStart& timing, ClientStats& stats) {
  // One connection to each server; the requests go to them in turn.
  std::vector<std::unique_ptr<httplib::Client>> servers;
  for (const auto& url : urls) {
    servers.push_back(std::make_unique<httplib::Client>(url));
    servers.back()->set_keep_alive(true);
    servers.back()->set_tcp_nodelay(true);
  }
  std::size_t requests = 0;
  auto client = [&]() -> httplib::Client& { return *servers[requests++ % servers.size()]; };
  std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
  std::vector<BenchAccount> accounts;
  for (int k = 0; options.rated && k < 2; ++k) {
    // The process id keeps names apart across runs on one PostgreSQL database.
    const auto account = sign_up(client(), "bench" + std::to_string(getpid()) + "-" +
                                               std::to_string(seed) + (k ? "b" : "a"));
    if (!account) ++stats.errors;
    accounts.push_back(account.value_or(BenchAccount{}));
  }
  std::vector<ClientGame> games(options.games_per_client);
  for (auto& g : games)
    if (!new_game(client(), options, accounts, rng, g)) ++stats.errors;
  timing.set_up.count_down();
  timing.go.wait();
  const Clock::time_point end = timing.end;
  for (std::size_t turn = 0; Clock::now() < end; ++turn) {
    ClientGame& g = games[turn % games.size()];
    const bool walk_away = g.abandon_at_ply > 0 && g.ply >= g.abandon_at_ply && !g.legal.empty();
    if (walk_away) ++stats.abandoned;
    if (walk_away || (g.legal.empty() && (!options.reuse_games || g.id.empty()))) {
      if (!new_game(client(), options, accounts, rng, g)) ++stats.errors;
      continue;
    }
    std::string path;
    json body;
    if (g.legal.empty()) {  // over: take moves back and play on
      path = "/api/games/" + g.id + "/undo";
      body = {{"token", g.token}};
      ++stats.undos;
    } else {
      path = "/api/games/" + g.id + "/moves";
      const std::string& token = options.rated ? g.seat_tokens[g.to_move] : g.token;
      body = {{"token", token}, {"move", g.legal[rng() % g.legal.size()]}, {"ply", g.ply}};
      ++stats.moves;
    }
    const auto start = Clock::now();
    auto res = client().Post(path, body.dump(), "application/json");
    stats.latencies.add(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    if (!res || res->status != 200) {
      ++stats.errors;
      g.legal = json::array();
      g.id.clear();  // start a new game
      continue;
    }
    const json state = json::parse(res->body);
    g.ply = state["ply"];
    if (state["result"]["score"] != "*") {
      g.legal = json::array();
      g.undo_left = kTakeBack;
      ++stats.games;
    } else if (g.undo_left > 0 && --g.undo_left > 0 && g.ply > 0) {
      g.legal = json::array();  // more to take back
    } else {
      g.undo_left = 0;
      g.legal = state["legal"];
      g.to_move = state["to_move"];
    }
  }
}

// The timed part against `urls`: the clients (set up first; the clock starts once all
// are) and the relay probes. `sample`, if given, describes the server's memory: every
// --sample-seconds and at the end.
struct LoadRun {
  std::vector<ClientStats> clients;
  std::vector<RelayStats> relays;
  double elapsed_s = 0;
  std::string samples;
};

LoadRun run_load(const BenchOptions& options, const std::vector<std::string>& urls,
                 const std::vector<std::string>& relay,
                 const std::function<std::string()>& sample) {
  LoadRun run;
  run.clients.resize(static_cast<std::size_t>(options.clients));
  run.relays.resize(static_cast<std::size_t>(options.watchers));
  BenchStart begin(options.clients);
  std::vector<std::thread> threads;
  for (int c = 0; c < options.clients; ++c)
    threads.emplace_back([&, c] { run_client(1000 + c, options, urls, begin, run.clients[c]); });
  begin.set_up.wait();
  const auto start = Clock::now();
  const auto end = start + std::chrono::seconds(options.seconds);
  begin.end = end;
  begin.go.count_down();
  for (int w = 0; w < options.watchers; ++w)
    threads.emplace_back([&, w] {
      run_relay_probe(relay[0], relay[1], static_cast<std::uint64_t>(5000 + w), end,
                      run.relays[static_cast<std::size_t>(w)]);
    });
  std::mutex sample_mutex;
  std::condition_variable load_done;
  bool done = false;
  std::thread sampler([&] {
    std::unique_lock lock(sample_mutex);
    for (int k = 1; sample; ++k) {
      const auto at = start + std::chrono::seconds(options.sample_seconds * k);
      if (load_done.wait_until(lock, std::min(at, end), [&] { return done; }) || at >= end) break;
      run.samples += "\n  " + std::to_string(options.sample_seconds * k) + " s: " + sample();
    }
  });
  for (auto& t : threads) t.join();
  {
    std::lock_guard lock(sample_mutex);
    done = true;
  }
  load_done.notify_all();
  sampler.join();
  run.elapsed_s = std::chrono::duration<double>(Clock::now() - start).count();
  if (sample) run.samples += "\n  end: " + sample();
  return run;
}

// A server in this process on a free loopback port, on SQLite in a temporary directory
// or on the PostgreSQL database named, under the load; how many games it stored.
std::uint64_t load_own_server(const BenchOptions& options, LoadRun& run) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("ordo-serve-bench-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::uint64_t stored_games = 0;
  {
    const auto storage =
        server::open_storage(options.database.empty() ? dir.string() : options.database,
                             *server::durability_from(options.durability));
    server::GameService games(*storage);
    server::ServerStorage& store = *storage;
    server::Accounts accounts(store);
    server::Lobby lobby(store, store, games, server::system_time_ms, &store);
    server::HttpServer http(games, {}, {&accounts, &lobby, &store, &store});
    const int port = http.bind(0);
    std::thread server_thread([&] { http.serve(); });
    while (!http.running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const std::vector<std::string> urls{"http://127.0.0.1:" + std::to_string(port)};
    run = run_load(options, urls,
                   options.relay_urls.empty() ? std::vector{urls[0], urls[0]} : options.relay_urls,
                   [&] {
                     return "RSS " + std::to_string(rss_kib()) + " KiB, heap in use " +
                            std::to_string(heap_in_use_kib()) + " KiB, games in memory " +
                            std::to_string(games.resident_count());
                   });
    stored_games = games.game_count();
    http.stop();
    server_thread.join();
  }
  std::filesystem::remove_all(dir);
  return stored_games;
}

int bench(const BenchOptions& options, const Streams& io) {
  if (options.seconds < 1 || options.clients < 1 || options.games_per_client < 1 ||
      options.sample_seconds < 1 || options.watchers < 0)
    throw std::invalid_argument(
        "--seconds, --clients, --games and --sample-seconds must be positive, --watchers not "
        "negative");
  if (options.abandon_percent < 0 || options.abandon_percent > 100)
    throw std::invalid_argument("--abandon must be a percentage, 0..100");
  if (options.rated && options.reuse_games)
    throw std::invalid_argument("--reuse-games takes moves back, which rated games do not allow");
  if (!options.urls.empty() && !options.database.empty())
    throw std::invalid_argument(
        "--url loads running servers: their database is theirs (--database)");
  const long rss_start = rss_kib();
  LoadRun run;
  std::optional<std::uint64_t> stored_games;
  if (options.urls.empty())
    stored_games = load_own_server(options, run);
  else
    run =
        run_load(options, options.urls,
                 options.relay_urls.empty() ? std::vector{options.urls.front(), options.urls.back()}
                                            : options.relay_urls,
                 nullptr);

  LatencyHistogram all, relayed;
  std::uint64_t errors = 0, relay_errors = 0, finished = 0, moves = 0, undos = 0, abandoned = 0;
  for (auto& s : run.clients) {
    abandoned += s.abandoned;
    all.merge(s.latencies);
    errors += s.errors;
    finished += s.games;
    moves += s.moves;
    undos += s.undos;
  }
  for (auto& r : run.relays) {
    relayed.merge(r.latencies);
    relay_errors += r.errors;
  }
  io.out << std::fixed << std::setprecision(2) << "serve-bench: " << options.clients
         << " clients x " << options.games_per_client << (options.rated ? " rated" : "")
         << " games, " << options.rules << " rules, " << run.elapsed_s << " s\n"
         << "requests: " << all.total() << " (" << static_cast<double>(all.total()) / run.elapsed_s
         << " per s): " << moves << " moves, " << undos << " undos; games finished: " << finished
         << ", abandoned: " << abandoned;
  if (stored_games) io.out << ", stored: " << *stored_games;
  io.out << "\nlatency ms: p50 " << all.percentile(0.50) << "  p99 " << all.percentile(0.99)
         << "  max " << all.max_ms() << '\n'
         << "errors: " << errors << '\n';
  if (options.watchers > 0)
    io.out << "relay to a watcher, move sent to event seen: " << relayed.total() << " moves, p50 "
           << relayed.percentile(0.50) << " ms  p99 " << relayed.percentile(0.99) << " ms  max "
           << relayed.max_ms() << " ms; errors: " << relay_errors << '\n';
  if (stored_games)
    io.out << "RSS KiB at the start: " << rss_start << run.samples << "\n  after shutdown: RSS "
           << rss_kib() << " KiB, heap in use " << heap_in_use_kib() << " KiB\n";
  return errors + relay_errors == 0 ? 0 : 1;
}

}  // namespace

void add_serve_bench_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* command = app.add_subcommand(
      "serve-bench", "Load-test the HTTP server with move requests over loopback");
  command->add_option("--seconds", options->seconds, "How long to run");
  command->add_option("--clients", options->clients, "Client threads (connections)");
  command->add_option("--games", options->games_per_client, "Games each client plays in turn");
  command->add_flag("--reuse-games", options->reuse_games,
                    "Take 10 moves of a finished game back and play on, instead of a new game");
  command->add_option("--abandon", options->abandon_percent,
                      "Percent of games left unfinished after a few moves (default 20)");
  command->add_option("--sample-seconds", options->sample_seconds,
                      "Print memory and games in memory this often (default 30)");
  command->add_flag("--rated", options->rated,
                    "Rated games between two accounts per client, from the lobby");
  command
      ->add_option("--durability", options->durability,
                   "The server's own SQLite: full (default) or fast, as serve's option")
      ->check(CLI::IsMember({"full", "fast"}));
  command->add_option("--database", options->database,
                      "Store in this PostgreSQL database (postgresql://...), not SQLite");
  command->add_option("--url", options->urls,
                      "Load these running servers (http://HOST:PORT, one or more, each client "
                      "sending its requests to them in turn) instead of one in this process");
  command->add_option("--watchers", options->watchers,
                      "Also time how long a move takes to reach a page watching its game: this "
                      "many games, each played through one server and watched through another");
  command
      ->add_option("--relay-urls", options->relay_urls,
                   "The two servers of --watchers: moves through the first, watched through "
                   "the second (default the first and last --url)")
      ->expected(2);
  command->add_option("--rules", options->rules, "classic or x")
      ->check(CLI::IsMember({"classic", "x"}));
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return bench(*options, io); };
  });
}

}  // namespace ordo::cli
