// SqliteStorage's online backup (SQLite's backup API).
#include <filesystem>
#include <stdexcept>

#include "server/storage/sqlite/sqlite_helpers.h"
#include "server/storage/sqlite/sqlite_storage.h"

namespace ordo::server {

void SqliteStorage::backup_to(const std::string& path) {
  if (std::filesystem::exists(path))
    throw std::runtime_error("backup: " + path + " exists; name a new file");
  sqlite3* copy = nullptr;
  const int opened =
      sqlite3_open_v2(path.c_str(), &copy, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (opened != SQLITE_OK) {
    const std::string why = copy ? sqlite3_errmsg(copy) : "out of memory";
    sqlite3_close(copy);
    throw std::runtime_error("backup: cannot create " + path + ": " + why);
  }
  // A connection of the backup's own, so that this storage's writes go on meanwhile. One
  // step copies every page from a single read transaction: in WAL mode that is a
  // consistent snapshot, and writers (here or in the server's process) are not held up.
  std::string source_path;
  {
    std::lock_guard lock(mutex_);
    source_path = sqlite3_db_filename(db_, "main");
  }
  sqlite3* source = nullptr;
  int rc = sqlite3_open_v2(source_path.c_str(), &source, SQLITE_OPEN_READONLY, nullptr);
  if (rc == SQLITE_OK) {
    sqlite3_busy_timeout(source, 5000);
    sqlite3_backup* backup = sqlite3_backup_init(copy, "main", source, "main");
    rc = backup ? sqlite3_backup_step(backup, -1) : sqlite3_errcode(copy);
    if (backup) {
      const int finished = sqlite3_backup_finish(backup);
      if (rc == SQLITE_DONE) rc = finished;
    }
  }
  sqlite3_close(source);
  const std::string why = sqlite3_errmsg(copy);
  sqlite3_close(copy);
  if (rc != SQLITE_OK && rc != SQLITE_DONE) {
    std::filesystem::remove(path);
    throw std::runtime_error("backup to " + path + " failed: " + why);
  }
}

}  // namespace ordo::server
