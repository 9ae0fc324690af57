#include "server/open_storage.h"

#include <filesystem>

#include "server/storage/pg/pg_storage.h"
#include "server/storage/sqlite/sqlite_storage.h"

namespace ordo::server {

bool is_postgres_url(const std::string& location) {
  return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

std::unique_ptr<ServerStorage> open_storage(const std::string& url_or_dir) {
  if (is_postgres_url(url_or_dir)) return std::make_unique<PgStorage>(url_or_dir);
  const std::filesystem::path dir(url_or_dir);
  std::filesystem::create_directories(dir);
  return std::make_unique<SqliteStorage>((dir / "ordo.sqlite").string());
}

}  // namespace ordo::server
