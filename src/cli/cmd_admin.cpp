// `admin`: the operator's commands on a server's database (docs/cli.md), safe while the
// server runs: list the accounts, report names that look alike or that today's rules
// refuse, disable (its sessions, seats and challenges end) or enable one, remove a chat
// message, and make a consistent online backup, or put one back (SQLite, with the server
// stopped). On SQLite (--data) or PostgreSQL (--database), through the one storage
// interface; a PostgreSQL database is backed up with pg_dump and restored with pg_restore.
#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

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

// The process that has the SQLite database at `path` open, if another does: each
// connection in WAL mode holds a shared lock on a byte of the -shm file (SQLite's unix VFS,
// its "DMS" byte at offset 128) for as long as it is open. 0: none.
pid_t process_holding(const std::filesystem::path& path) {
  const std::string shm = path.string() + "-shm";
  const int fd = ::open(shm.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return 0;
  struct flock probe {};
  probe.l_type = F_WRLCK;
  probe.l_whence = SEEK_SET;
  probe.l_start = 128;
  probe.l_len = 1;
  const bool asked = fcntl(fd, F_GETLK, &probe) == 0;
  ::close(fd);
  return asked && probe.l_type != F_UNLCK ? probe.l_pid : 0;
}

// Why the SQLite file `path` is no backup to restore; empty if it is one: it opens, passes
// SQLite's integrity check, and is a server's database of a schema this program knows.
std::string backup_fault(const std::string& path) {
  if (!std::filesystem::is_regular_file(path)) return "no such file";
  sqlite3* db = nullptr;
  std::string fault;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    fault = db ? sqlite3_errmsg(db) : "cannot open it";
  } else {
    auto first_row = [&](const char* sql) -> std::string {
      sqlite3_stmt* s = nullptr;
      std::string value;
      if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK &&
          sqlite3_step(s) == SQLITE_ROW)
        if (const auto* text = sqlite3_column_text(s, 0))
          value = reinterpret_cast<const char*>(text);
      if (value.empty()) value = std::string("(") + sqlite3_errmsg(db) + ")";
      sqlite3_finalize(s);
      return value;
    };
    const std::string check = first_row("PRAGMA integrity_check");
    const std::string version = first_row("PRAGMA user_version");
    const std::string games =
        first_row("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'games'");
    if (check != "ok")
      fault = "SQLite's integrity check fails: " + check;
    else if (games != "1")
      fault = "it holds no games table: not a server's database";
    else if (std::atoi(version.c_str()) < 1 ||
             std::atoi(version.c_str()) > server::SqliteStorage::kSchemaVersion)
      fault = "its schema version " + version + " is not one this program knows";
  }
  sqlite3_close(db);
  return fault;
}

void sync_path(const std::filesystem::path& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0 || ::fsync(fd) != 0) {
    if (fd >= 0) ::close(fd);
    throw std::runtime_error("restore: cannot sync " + path.string());
  }
  ::close(fd);
}

// Puts a backup back as the database, with no server running: checked first; the old
// database's -wal and -shm files go (SQLite would apply a stale log to the backup and
// damage it); the backup is copied beside the database, synced, and renamed over it.
int restore(const AdminOptions& options, const Streams& io) {
  if (!options.database.empty())
    throw std::invalid_argument(
        "restore puts back a SQLite backup; for PostgreSQL stop every instance, then: "
        "pg_restore --clean --dbname=URL " +
        options.backup_file + " (docs/deployment.md)");
  if (const std::string fault = backup_fault(options.backup_file); !fault.empty())
    throw std::invalid_argument("restore: " + options.backup_file +
                                " is no backup to restore: " + fault + "; nothing was changed");
  const auto dir = std::filesystem::path(options.data_dir);
  const auto path = dir / "ordo.sqlite";
  if (const pid_t holder = process_holding(path); holder != 0)
    throw std::invalid_argument("restore: a server (process " + std::to_string(holder) + ") has " +
                                path.string() + " open; stop it first. Nothing was changed");
  std::filesystem::create_directories(dir);
  const auto staged = dir / "ordo.sqlite.restoring";
  std::filesystem::copy_file(options.backup_file, staged,
                             std::filesystem::copy_options::overwrite_existing);
  sync_path(staged, O_RDONLY);
  std::string removed;
  for (const char* suffix : {"-wal", "-shm", "-journal"})
    if (std::filesystem::remove(path.string() + suffix)) removed += std::string(" ") + suffix;
  std::filesystem::rename(staged, path);
  sync_path(dir, O_RDONLY | O_DIRECTORY);
  io.out << "Restored " << options.backup_file << " as " << path.string()
         << (removed.empty() ? "" : "; removed the old" + removed) << '\n';
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
  CLI::App* put_back = admin->add_subcommand(
      "restore", "Put a backup back as the database (SQLite; stop the server first)");
  put_back->add_option("BACKUP", options->backup_file)->required();
  on(put_back, restore);
}

}  // namespace ordo::cli
