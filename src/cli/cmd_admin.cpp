// `admin`: the operator's commands on a server's database (docs/cli.md), safe while the
// server runs: list the accounts, report names that look alike or that today's rules
// refuse, disable (its sessions, seats and challenges end) or enable one, remove a chat message,
// and make a consistent online backup. On SQLite (--data) or PostgreSQL
// (--database), through the one storage interface; a PostgreSQL database is backed up
// with pg_dump.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <ostream>
#include <stdexcept>

#include "cli/commands.h"
#include "server/common/api_error.h"
#include "server/open_storage.h"
#include "server/players/account_lookup.h"
#include "server/players/account_name.h"
#include "server/storage/look_alike_names.h"
#include "server/storage/sqlite/sqlite_storage.h"

namespace ordo::cli {

namespace {

struct AdminOptions {
  std::string data_dir = "data";
  std::string database;  // a PostgreSQL URL instead of SQLite under data_dir
  std::string name;      // disable, enable
  std::int64_t message_id = 0;
  std::string backup_file;
};

// The server's SQLite database, which must exist (an operator's typo must not make a
// new one).
std::unique_ptr<server::SqliteStorage> open_sqlite(const AdminOptions& options) {
  const auto path = std::filesystem::path(options.data_dir) / "ordo.sqlite";
  if (!std::filesystem::exists(path))
    throw std::invalid_argument("no database at " + path.string() + " (see --data)");
  return std::make_unique<server::SqliteStorage>(path.string());
}

// The server's database: PostgreSQL with --database, else SQLite under --data.
std::unique_ptr<server::ServerStorage> open_database(const AdminOptions& options) {
  if (options.database.empty()) return open_sqlite(options);
  if (!server::is_postgres_url(options.database))
    throw std::invalid_argument("--database must be a postgresql:// URL");
  return server::open_storage(options.database);
}

std::string date_of(std::int64_t ms) {
  const auto day = std::chrono::floor<std::chrono::days>(
      std::chrono::sys_time<std::chrono::milliseconds>(std::chrono::milliseconds(ms)));
  const std::chrono::year_month_day date(day);
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
  return text;
}

int list_accounts(const AdminOptions& options, const Streams& io) {
  const auto storage = open_database(options);
  for (const auto& a : storage->all_accounts())
    io.out << a.name << '\t' << date_of(a.created_ms) << (a.disabled ? "\tdisabled" : "") << '\n';
  return 0;
}

// Names registered before today's rules (account_name.h): those that look alike (one
// skeleton) and those the rules would refuse now, with the reason. The operator decides;
// nothing is changed.
int report_names(const AdminOptions& options, const Streams& io) {
  const auto storage = open_database(options);
  const auto accounts = storage->all_accounts();
  const auto groups = server::look_alike_names(accounts);
  io.out << "Names that look alike: " << (groups.empty() ? "none\n" : "\n")
         << server::look_alikes_text(groups);
  std::string refused;
  for (const auto& account : accounts) {
    try {
      server::checked_account_name(account.name);
    } catch (const server::ApiError& e) {
      refused +=
          "'" + account.name + "' (id " + std::to_string(account.id) + "): " + e.message() + "\n";
    }
  }
  io.out << "Names the rules refuse now: " << (refused.empty() ? "none\n" : "\n") << refused;
  return 0;
}

int set_disabled(const AdminOptions& options, bool disabled, const Streams& io) {
  const auto storage = open_database(options);
  const auto account = server::find_account(*storage, options.name);
  if (!account || !storage->set_account_disabled(account->id, disabled))
    throw std::invalid_argument("no account is named '" + options.name + "'");
  io.out << account->name
         << (disabled ? " is disabled; its sessions, seats and open challenges have ended\n"
                      : " is enabled\n");
  return 0;
}

int remove_chat(const AdminOptions& options, const Streams& io) {
  const auto storage = open_database(options);
  if (!storage->remove_chat(options.message_id))
    throw std::invalid_argument("no chat message " + std::to_string(options.message_id));
  io.out << "Chat message " << options.message_id << " removed\n";
  return 0;
}

int backup(const AdminOptions& options, const Streams& io) {
  if (!options.database.empty())
    throw std::invalid_argument(
        "backup copies a SQLite database; for PostgreSQL use its own tool, which takes a "
        "consistent snapshot while the servers write: pg_dump --format=custom --file=" +
        options.backup_file + " URL (docs/deployment.md)");
  const auto storage = open_sqlite(options);
  storage->backup_to(options.backup_file);
  io.out << "Backed up to " << options.backup_file << '\n';
  return 0;
}

}  // namespace

void add_admin_command(CLI::App& app, Action& chosen) {
  auto options = std::make_shared<AdminOptions>();
  CLI::App* admin = app.add_subcommand("admin",
                                       "The operator's commands on a server's database (safe while "
                                       "it runs)");
  auto* data = admin->add_option("--data", options->data_dir, "The server's data directory")
                   ->capture_default_str();
  admin
      ->add_option("--database", options->database,
                   "The servers' PostgreSQL database (postgresql://...) instead of --data")
      ->excludes(data);
  admin->require_subcommand(1);
  auto on = [&chosen, options](CLI::App* sub, auto action) {
    sub->callback([&chosen, options, action] {
      chosen = [options, action](const Streams& io) { return action(*options, io); };
    });
  };
  on(admin->add_subcommand("accounts", "List the accounts"), list_accounts);
  on(admin->add_subcommand("names",
                           "Report account names that look alike, or that today's rules refuse"),
     report_names);
  CLI::App* disable = admin->add_subcommand(
      "disable", "Disable an account: its sessions, seats and open challenges end");
  disable->add_option("NAME", options->name)->required();
  on(disable, [](const AdminOptions& o, const Streams& io) { return set_disabled(o, true, io); });
  CLI::App* enable = admin->add_subcommand("enable", "Enable a disabled account again");
  enable->add_option("NAME", options->name)->required();
  on(enable, [](const AdminOptions& o, const Streams& io) { return set_disabled(o, false, io); });
  CLI::App* chat = admin->add_subcommand("remove-chat", "Remove a chat message by its id");
  chat->add_option("MESSAGE_ID", options->message_id)->required();
  on(chat, remove_chat);
  CLI::App* copy =
      admin->add_subcommand("backup", "Copy the database, consistently, into a new file");
  copy->add_option("FILE", options->backup_file)->required();
  on(copy, backup);
}

}  // namespace ordo::cli
