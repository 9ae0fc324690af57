#include "server/open_storage.h"

#include <filesystem>
#include <stdexcept>

#include "server/storage/pg/pg_storage.h"
#include "server/storage/sqlite/sqlite_storage.h"

namespace ordo::server {

bool is_postgres_url(const std::string& location) {
  return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

std::unique_ptr<ServerStorage> open_storage(const std::string& url_or_dir, Durability durability,
                                            const PgSettings& pg) {
  if (is_postgres_url(url_or_dir)) {
    if (durability != Durability::full)
      throw std::invalid_argument(
          "--durability fast is for SQLite; on PostgreSQL set synchronous_commit on the "
          "database server instead");
    return std::make_unique<PgStorage>(url_or_dir, pg.connections, pg.application_name);
  }
  const std::filesystem::path dir(url_or_dir);
  std::filesystem::create_directories(dir);
  return std::make_unique<SqliteStorage>((dir / "ordo.sqlite").string(), durability);
}

}  // namespace ordo::server
