// `serve-attack`: the server under the slow-client and many-streams attacks of issue 44. It
// starts a server in this process on a free loopback port with a fresh data directory and
// opens --streams event streams (spread over the clients' games) and --slow connections
// that send their header one byte every --drip-ms (and connect again when the server cuts
// them off at the header deadline). Meanwhile --clients threads make ordinary requests
// (a game's state, and moves that every stream of the game must receive), timed. Prints
// the requests answered, their p50/p99/max latency, the events the streams received,
// what became of the slow connections, and the process's memory before and during.
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <random>
#include <thread>

#include "cli/commands.h"
#include "cli/latency_histogram.h"
#include "cli/open_file_limit.h"
#include "server/games/game_service.h"
#include "server/http_server.h"
#include "server/storage/sqlite/sqlite_storage.h"

namespace ordo::cli {

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct AttackOptions {
  int seconds = 20;
  int streams = 1000;
  int slow = 200;
  int drip_ms = 1000;
  int clients = 4;
};

long rss_kib() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

// A connected loopback socket, or -1.
int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

bool send_text(int fd, const std::string& text) {
  return ::send(fd, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size());
}

// The event streams: opened, then read by one thread that counts the events.
class StreamReaders {
 public:
  StreamReaders(int port, const std::vector<std::string>& games, int count) {
    for (int i = 0; i < count; ++i) {
      const int fd = connect_to(port);
      if (fd < 0) continue;
      const std::string& id = games[static_cast<std::size_t>(i) % games.size()];
      if (send_text(fd, "GET /api/games/" + id + "/events HTTP/1.1\r\nHost: x\r\n\r\n"))
        fds_.push_back({fd, POLLIN, 0});
      else
        ::close(fd);
    }
    events_ = std::vector<std::atomic<std::uint64_t>>(fds_.size());
    carry_.assign(fds_.size(), std::string());
    reader_ = std::thread([this] { read_all(); });
  }
  ~StreamReaders() {
    stop_ = true;
    reader_.join();
    for (const auto& p : fds_) ::close(p.fd);
  }
  std::size_t opened() const { return fds_.size(); }
  std::uint64_t events() const { return total_.load(); }
  // Streams that have received at least `n` events.
  std::size_t with_at_least(std::uint64_t n) const {
    std::size_t k = 0;
    for (const auto& e : events_) k += e.load() >= n ? 1 : 0;
    return k;
  }
  std::size_t closed() const { return closed_.load(); }

 private:
  void read_all() {
    static const std::string kEvent = "event: state\n";
    char buffer[65536];
    while (!stop_) {
      if (::poll(fds_.data(), fds_.size(), 100) <= 0) continue;
      for (std::size_t i = 0; i < fds_.size(); ++i) {
        if (!(fds_[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        const ssize_t got = ::recv(fds_[i].fd, buffer, sizeof buffer, 0);
        if (got <= 0) {
          fds_[i].fd = -fds_[i].fd - 1;  // poll skips it; closed at the end
          ++closed_;
          continue;
        }
        std::string text = carry_[i] + std::string(buffer, static_cast<std::size_t>(got));
        for (std::size_t at = text.find(kEvent); at != std::string::npos;
             at = text.find(kEvent, at + 1)) {
          ++events_[i];
          ++total_;
        }
        carry_[i] = text.substr(text.size() - std::min(text.size(), kEvent.size() - 1));
      }
    }
    for (auto& p : fds_)
      if (p.fd < 0) p.fd = -p.fd - 1;
  }

  std::vector<pollfd> fds_;
  std::vector<std::atomic<std::uint64_t>> events_;
  std::vector<std::string> carry_;
  std::atomic<std::uint64_t> total_{0};
  std::atomic<std::size_t> closed_{0};
  std::atomic<bool> stop_{false};
  std::thread reader_;
};

// Slow clients: a header's first line, then one byte every drip; cut off, they come back.
struct SlowStats {
  std::uint64_t cut = 0;
  std::size_t held_at_end = 0;
};

SlowStats run_slow_clients(int port, const AttackOptions& options, Clock::time_point end) {
  const std::string start = "GET /api/games HTTP/1.1\r\nX-Slow: ";
  std::vector<int> fds(static_cast<std::size_t>(options.slow), -1);
  SlowStats stats;
  while (Clock::now() < end) {
    for (int& fd : fds) {
      pollfd p{fd, POLLIN, 0};
      const bool gone = fd >= 0 && (::poll(&p, 1, 0) > 0 || !send_text(fd, "a"));
      if (gone) {
        ::close(fd);
        fd = -1;
        ++stats.cut;
      }
      if (fd < 0 && (fd = connect_to(port)) >= 0 && !send_text(fd, start)) {
        ::close(fd);
        fd = -1;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(options.drip_ms));  // the drip's pace
  }
  for (int fd : fds) {
    if (fd < 0) continue;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 0) == 0) ++stats.held_at_end;
    ::close(fd);
  }
  return stats;
}

struct ClientStats {
  LatencyHistogram latencies;
  std::uint64_t moves = 0, errors = 0;
};

// State reads and moves in one local game (taking moves back when it ends).
void run_client(int port, const std::string& id, const std::string& token, std::uint64_t seed,
                Clock::time_point end, ClientStats& stats) {
  httplib::Client client("127.0.0.1", port);
  client.set_keep_alive(true);
  client.set_read_timeout(60, 0);
  std::mt19937_64 rng(seed);
  auto timed = [&](auto&& request) {
    const auto began = Clock::now();
    auto res = request();
    stats.latencies.add(std::chrono::duration<double, std::milli>(Clock::now() - began).count());
    if (!res || res->status != 200) ++stats.errors;
    return res;
  };
  for (int turn = 0; Clock::now() < end; ++turn) {
    auto res = timed([&] { return client.Get("/api/games/" + id); });
    if (!res || res->status != 200) continue;
    const json state = json::parse(res->body);
    if (turn % 4 != 0) continue;  // mostly reads, a move now and then
    json body = {{"token", token}};
    std::string path = "/api/games/" + id + "/undo";
    if (state["result"]["score"] == "*" && !state["legal"].empty()) {
      body["move"] = state["legal"][rng() % state["legal"].size()];
      path = "/api/games/" + id + "/moves";
    }
    timed([&] { return client.Post(path, body.dump(), "application/json"); });
    ++stats.moves;
  }
}

int attack(const AttackOptions& options, const Streams& io) {
  if (options.seconds < 1 || options.clients < 1 || options.streams < 0 || options.slow < 0 ||
      options.drip_ms < 1)
    throw std::invalid_argument("--seconds, --clients and --drip-ms must be positive");
  raise_open_file_limit();
  const auto dir =
      std::filesystem::temp_directory_path() / ("ordo-serve-attack-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const long rss_start = rss_kib();
  {
    server::SqliteStorage storage((dir / "attack.sqlite").string());
    server::GameService games(storage);
    server::HttpOptions http_options;
    http_options.max_connections_per_address =
        static_cast<std::size_t>(options.streams + options.slow + options.clients + 64);
    server::HttpServer http(games, http_options);
    const int port = http.bind(0);
    std::thread server_thread([&] { http.serve(); });

    std::vector<std::string> ids, tokens;
    httplib::Client setup("127.0.0.1", port);
    for (int c = 0; c < options.clients; ++c) {
      auto res = setup.Post("/api/games", R"({"mode":"local"})", "application/json");
      if (!res || res->status != 201) throw std::runtime_error("could not create a game");
      const json created = json::parse(res->body);
      ids.push_back(created["id"]);
      tokens.push_back(created["tokens"]["white"]);
    }
    const auto opening = Clock::now();
    StreamReaders streams(port, ids, options.streams);
    while (streams.with_at_least(1) < streams.opened() &&
           Clock::now() - opening < std::chrono::seconds(60))
      std::this_thread::sleep_for(std::chrono::milliseconds(10));  // progress check, bounded
    const double open_s = std::chrono::duration<double>(Clock::now() - opening).count();
    const std::size_t first_events = streams.with_at_least(1);
    const long rss_streams = rss_kib();

    const auto start = Clock::now();
    const auto end = start + std::chrono::seconds(options.seconds);
    SlowStats slow;
    std::thread slow_thread([&] { slow = run_slow_clients(port, options, end); });
    std::vector<ClientStats> stats(static_cast<std::size_t>(options.clients));
    std::vector<std::thread> clients;
    for (int c = 0; c < options.clients; ++c)
      clients.emplace_back([&, c] {
        run_client(port, ids[c], tokens[c], 77 + static_cast<std::uint64_t>(c), end, stats[c]);
      });
    for (auto& t : clients) t.join();
    const long rss_attack = rss_kib();
    const int open_streams = http.open_streams();
    slow_thread.join();
    const double elapsed_s = std::chrono::duration<double>(Clock::now() - start).count();

    LatencyHistogram all;
    std::uint64_t moves = 0, errors = 0;
    for (auto& s : stats) {
      all.merge(s.latencies);
      moves += s.moves;
      errors += s.errors;
    }
    io.out << std::fixed << std::setprecision(2) << "serve-attack: " << streams.opened()
           << " event streams (all with their first event after " << open_s
           << " s: " << first_events << "), " << options.slow << " slow clients (a byte every "
           << options.drip_ms << " ms), " << options.clients << " clients, " << elapsed_s << " s\n"
           << "ordinary requests answered: " << all.total() << " ("
           << static_cast<double>(all.total()) / elapsed_s << " per s, " << moves
           << " of them moves or undos), errors: " << errors << '\n'
           << "latency ms: p50 " << all.percentile(0.50) << "  p99 " << all.percentile(0.99)
           << "  max " << all.max_ms() << '\n'
           << "events received: " << streams.events()
           << "; streams open at the end: " << open_streams
           << " (closed by the server: " << streams.closed() << ")\n"
           << "slow clients cut off at the header deadline: " << slow.cut
           << ", held at the end: " << slow.held_at_end << '\n'
           << "RSS KiB: at the start " << rss_start << ", streams open " << rss_streams
           << ", end of the attack " << rss_attack << '\n';
    http.stop();
    server_thread.join();
    std::filesystem::remove_all(dir);
    return errors == 0 ? 0 : 1;
  }
}

}  // namespace

void add_serve_attack_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<AttackOptions>();
  CLI::App* command = app.add_subcommand(
      "serve-attack", "The HTTP server under many event streams and slow clients, over loopback");
  command->add_option("--seconds", options->seconds, "How long the attack lasts");
  command->add_option("--streams", options->streams, "Event streams held open");
  command->add_option("--slow", options->slow, "Slow clients");
  command->add_option("--drip-ms", options->drip_ms, "A slow client's pause between bytes");
  command->add_option("--clients", options->clients, "Threads making ordinary requests");
  command->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return attack(*options, io); };
  });
}

}  // namespace ordo::cli
