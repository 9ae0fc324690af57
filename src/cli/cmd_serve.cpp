// `serve`: the browser app's server (docs/api.md). Games are kept in SQLite under the data
// directory and resumed on start; SIGINT or SIGTERM shuts the server down cleanly.
#include <signal.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "cli/commands.h"
#include "cli/open_file_limit.h"
#include "cli/signal_watcher.h"
#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/http/address_allow_list.h"
#include "server/http_server.h"
#include "server/mail/mail_outbox.h"
#include "server/observe/log.h"
#include "server/open_storage.h"
#include "server/players/account_email.h"
#include "server/players/mail_notices.h"
#include "server/storage/durability.h"
#include "server/storage/pg/pg_pool.h"

namespace ordo::cli {

namespace {

struct ServeOptions {
  int port = 8080;
  // A port given is that port or nothing (behind a balancer, another port is a misroute);
  // only the default moves on to the next free one.
  bool port_given = false;
  std::string data_dir;
  std::string database;  // a PostgreSQL URL instead of SQLite under data_dir
  std::string web_dir;
  std::string host = "127.0.0.1";
  server::CacheLimits cache;
  bool secure_cookies = false;                   // behind a TLS reverse proxy
  bool behind_proxy = false;                     // trust X-Forwarded-For
  bool engine_waits_for_move_now = false;        // tests (ServiceOptions::ai_answers_when_stopped)
  std::int64_t lease_ms = 5000;                  // ServiceOptions::lease_ms
  std::int64_t claim_after_leaving_ms = 30'000;  // ServiceOptions::claim_after_leaving_ms
  int expire_guest_games_after_days = 30;        // ServiceOptions::expire_guest_games_after_ms
  std::string durability = "full";               // server/durability.h
  std::string log_format = "text";               // server/observe/log.h
  bool access_log = true;
  std::string metrics_from = "127.0.0.0/8,::1";  // server/http/address_allow_list.h
  server::PgSettings pg;                         // with --database
  bool pg_given = false;
  // E-mail to players (server/players/mail_notices.h): off without a relay.
  std::string smtp_url, smtp_from, smtp_user, public_url;
  bool smtp_starttls = false;
};

// The relay's settings; the password only from the environment (a command line is seen
// by every user of the machine).
server::SmtpSettings smtp_settings(const ServeOptions& options) {
  server::SmtpSettings smtp;
  if (options.smtp_url.empty()) {
    if (!options.smtp_from.empty() || !options.smtp_user.empty() || options.smtp_starttls)
      throw std::invalid_argument("--smtp-from, --smtp-user and --smtp-starttls need --smtp-url");
    return smtp;
  }
  if (options.smtp_from.empty())
    throw std::invalid_argument("--smtp-url needs --smtp-from, the address mail comes from");
  if (options.public_url.rfind("http://", 0) != 0 && options.public_url.rfind("https://", 0) != 0)
    throw std::invalid_argument(
        "--smtp-url needs --public-url, the http:// or https:// address players reach the "
        "server at (for the links in the mail)");
  smtp.url = options.smtp_url;
  smtp.from = server::checked_email_address(options.smtp_from);
  smtp.user = options.smtp_user;
  if (const char* password = std::getenv("ORDO_SMTP_PASSWORD")) smtp.password = password;
  smtp.require_tls = options.smtp_starttls;
  return smtp;
}

std::string default_data_dir() {
  const char* env = std::getenv("ORDO_DATA");
  return env && *env ? env : "data";
}

int serve(const ServeOptions& options, const Streams& io) {
  if (options.port < 1 || options.port > 65535)
    throw std::invalid_argument("--port must be 1..65535");
  if (options.cache.max_games < 1 || options.cache.idle_ms < 1000)
    throw std::invalid_argument("--games-in-memory must be positive and --idle-seconds at least 1");
  if (!options.web_dir.empty() && !std::filesystem::is_directory(options.web_dir))
    throw std::invalid_argument("--web-dir " + options.web_dir + " is not a directory");
  const std::string data_dir = options.data_dir.empty() ? default_data_dir() : options.data_dir;
  if (!options.database.empty() && !server::is_postgres_url(options.database))
    throw std::invalid_argument("--database must be a postgresql:// URL");
  if (!options.database.empty() && !options.data_dir.empty())
    throw std::invalid_argument("--database and --data exclude each other");
  try {
    server::with_application_name("postgresql://", options.pg.application_name);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("--db-application-name: ") + e.what());
  }
  if (options.pg_given && options.database.empty())
    throw std::invalid_argument(
        "--db-connections and --db-application-name are for PostgreSQL (--database)");
  try {
    server::AddressAllowList{options.metrics_from};
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("--metrics-from: ") + e.what());
  }
  server::SmtpSettings smtp;
  try {
    smtp = smtp_settings(options);
  } catch (const server::ApiError& e) {
    throw std::invalid_argument(std::string("--smtp-from: ") + e.what());
  }
  // A browser that closes a stream mid-write must not kill the process.
  signal(SIGPIPE, SIG_IGN);
  raise_open_file_limit();  // a connection is a file: thousands of event streams

  SignalWatcher signals;  // before any thread starts
  const std::string where = options.database.empty() ? data_dir : options.database;
  const auto durability = server::durability_from(options.durability);
  if (!durability) throw std::invalid_argument("--durability must be full or fast");
  const auto stored = server::open_storage(where, *durability, options.pg);
  server::ServerStorage& storage = *stored;
  server::ServiceOptions service_options;
  service_options.cache = options.cache;
  service_options.ai_answers_when_stopped = options.engine_waits_for_move_now;
  service_options.claim_after_leaving_ms = options.claim_after_leaving_ms;
  service_options.expire_guest_games_after_ms =
      std::int64_t{options.expire_guest_games_after_days} * 24 * 60 * 60 * 1000;
  service_options.lease_ms = options.lease_ms;
  // A disk already below the reserve is said at once, not at the first refused game.
  if (const auto free = storage.free_disk_bytes();
      free && *free < service_options.disk_reserve_bytes)
    io.err << "warning: the disk holding " << data_dir << " has " << (*free >> 20)
           << " MiB free, under the reserve of " << (service_options.disk_reserve_bytes >> 20)
           << " MiB: no new games can start until space is freed (games under way go on)"
           << std::endl;
  server::GameService games(storage, service_options);
  // From here on the log's lines carry the instance's id.
  server::set_log(
      {.format = options.log_format == "json" ? server::LogFormat::json : server::LogFormat::text,
       .instance = games.instance_id(),
       .access = options.access_log,
       .sink = {}});
  server::HttpOptions http_options;
  http_options.host = options.host;
  http_options.web_dir = options.web_dir;
  http_options.trust_forwarded_for = options.behind_proxy;
  http_options.public_scheme = options.secure_cookies ? "https" : "http";
  http_options.metrics_from = options.metrics_from;
  server::AccountOptions account_options;
  account_options.secure_cookies = options.secure_cookies;
  server::Accounts accounts(storage, account_options);
  server::Lobby lobby(storage, storage, games, server::system_time_ms, &storage);
  server::MailOutbox outbox(smtp);
  server::MailLinks mail_links(storage, options.public_url, server::system_time_ms);
  server::AccountEmail email(storage, outbox, mail_links, server::system_time_ms);
  std::optional<server::MailNotices> mail_notices;
  if (outbox.enabled()) mail_notices.emplace(storage, outbox, mail_links, games, &lobby);
  server::HttpServer http(games, http_options, {&accounts, &lobby, &storage, &storage, &email});
  const int port = http.bind(options.port, options.port_given ? 1 : 20);

  signals.start([&](int) { http.stop(); });
  // The URL may hold a password: only the kind of database is printed.
  io.out << "Serving " << games.game_count() << " stored games from "
         << (options.database.empty() ? data_dir : "PostgreSQL") << " (" << games.resident_count()
         << " resumed in memory)\n"
         << "Open http://" << options.host << ':' << port << "/" << std::endl;
  http.serve();
  signals.stop();
  // Said only when it is true: a failed last checkpoint is reported, and exits non-zero.
  if (const std::string problem = storage.flush_for_shutdown(); !problem.empty()) {
    io.err << "Server stopped, but the database may not be closed cleanly: " << problem
           << std::endl;
    return 1;
  }
  io.out << (*durability == server::Durability::full
                 ? "Server stopped; every acknowledged write was on the disk before its answer."
                 : "Server stopped; everything stored is now on the disk.")
         << std::endl;
  return 0;
}

}  // namespace

void add_serve_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<ServeOptions>();
  CLI::App* command = app.add_subcommand("serve", "Serve the browser app and its HTTP API");
  command->add_option("--port", options->port,
                      "Port to listen on; the server fails if it is taken (default 8080, or "
                      "the next free one up to 8099)");
  command->add_option("--data", options->data_dir,
                      "Directory for the game database (default $ORDO_DATA or ./data)");
  command->add_option("--database", options->database,
                      "A PostgreSQL database (postgresql://...) instead of SQLite under --data, "
                      "for several instances on one database");
  command->add_option("--web-dir", options->web_dir,
                      "Serve the page from this directory instead of the built-in files");
  command->add_option("--host", options->host, "Address to listen on");
  command->add_option("--games-in-memory", options->cache.max_games,
                      "Games held in memory at most, unless more are in use");
  command
      ->add_option_function<int>(
          "--idle-seconds",
          [options](int seconds) { options->cache.idle_ms = std::int64_t{seconds} * 1000; },
          "An unused game leaves memory after this long (default 60)")
      ->check(CLI::Range(1, 24 * 3600));
  command->add_flag("--secure-cookies", options->secure_cookies,
                    "Mark session cookies Secure: the server is reached through HTTPS (a TLS "
                    "reverse proxy), and a request's Origin must be https://");
  command->add_flag("--behind-proxy", options->behind_proxy,
                    "Take each client's address from the last X-Forwarded-For entry (set by "
                    "the reverse proxy), for the log-in limits per address");
  command
      ->add_option("--lease-ms", options->lease_ms,
                   "With --database: how long an instance's hold on a game's work (the "
                   "engine's reply, a flag) lasts unrenewed, so how soon another instance "
                   "takes over the work of one that died (default 5000)")
      ->check(CLI::Range(std::int64_t{300}, std::int64_t{600000}));
  command
      ->add_option_function<int>(
          "--claim-after-leaving",
          [options](int seconds) {
            options->claim_after_leaving_ms = std::int64_t{seconds} * 1000;
          },
          "In a live game between two people, the win may be claimed from a player who has "
          "had the game open nowhere for this many seconds (default 30)")
      ->check(CLI::Range(1, 24 * 3600));
  command
      ->add_option("--expire-guest-games-after", options->expire_guest_games_after_days,
                   "A guest's unfinished game (no account holds a seat, no clock or deadline "
                   "runs) with no move for this many days is closed unfinished; 0: never "
                   "(default 30)")
      ->check(CLI::Range(0, 3650));
  command
      ->add_option("--durability", options->durability,
                   "full (default): every move and account change is on the disk before the "
                   "server answers. fast (SQLite only): answered once the operating system has "
                   "it; a power cut or kernel crash can lose about the last second")
      ->check(CLI::IsMember({"full", "fast"}));
  command
      ->add_option("--log-format", options->log_format,
                   "text (default) or json: one JSON object a line, with time, level, "
                   "instance, request_id and message")
      ->check(CLI::IsMember({"text", "json"}));
  command->add_flag("--access-log,!--no-access-log", options->access_log,
                    "A log line per request answered: method, route, status, duration and "
                    "request id (on by default)");
  command->add_option("--metrics-from", options->metrics_from,
                      "Who may read GET /metrics: addresses and networks, comma-separated "
                      "(such as 10.0.0.0/8,::1), any or none (default 127.0.0.0/8,::1); "
                      "never a request that came through a proxy (X-Forwarded-For)");
  command
      ->add_option("--db-connections", options->pg.connections,
                   "With --database: connections in the pool at most (default 4), besides "
                   "one per kind of change it listens for")
      ->check(CLI::Range(std::size_t{1}, std::size_t{200}));
  command->add_option("--db-application-name", options->pg.application_name,
                      "With --database: the name the connections give PostgreSQL, shown in "
                      "pg_stat_activity (default ordo-engine; give each instance its own)");
  command->add_option("--smtp-url", options->smtp_url,
                      "Send players e-mail (correspondence news, address checks) through this "
                      "relay: smtp://host:port or smtps://host:port (default: no mail). A "
                      "password for --smtp-user is read from $ORDO_SMTP_PASSWORD");
  command->add_option("--smtp-from", options->smtp_from, "With --smtp-url: the sender address");
  command->add_option("--smtp-user", options->smtp_user, "With --smtp-url: the relay's user");
  command->add_flag("--smtp-starttls", options->smtp_starttls,
                    "With smtp://: require STARTTLS (a user and password need it, or smtps://)");
  command->add_option("--public-url", options->public_url,
                      "With --smtp-url: the address players reach the server at, such as "
                      "https://ordo.example, for the links in the mail");
  command->add_flag("--engine-waits-for-move-now", options->engine_waits_for_move_now,
                    "For tests: the engine of a game against the computer thinks until Move "
                    "now (or its clock) at every level");
  command->callback([options, command, &chosen] {
    options->port_given = command->count("--port") > 0;
    options->pg_given =
        command->count("--db-connections") + command->count("--db-application-name") > 0;
    chosen = [options](const Streams& io) { return serve(*options, io); };
  });
}

}  // namespace ordo::cli
