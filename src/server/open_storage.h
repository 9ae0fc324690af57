// The server's storage by where it lives: a PostgreSQL connection URL
// (postgresql://... or postgres://...) or a data directory, whose ordo.sqlite is opened
// (and created, with the directory, if missing) as SQLite, the default.
#pragma once

#include <memory>
#include <string>

#include "server/storage/durability.h"
#include "server/storage/server_storage.h"

namespace ordo::server {

// True for a URL that names a PostgreSQL database.
bool is_postgres_url(const std::string& location);
// Throws std::runtime_error saying what is wrong (as the back end's constructor does).
// `durability` applies to SQLite; PostgreSQL's is the server's (synchronous_commit), and
// asking it for Durability::fast is refused (std::invalid_argument).
// PostgreSQL's `pg` settings: the pool's size and the name each connection gives itself.
struct PgSettings {
  std::size_t connections = 4;
  std::string application_name = "ordo-engine";
};
std::unique_ptr<ServerStorage> open_storage(const std::string& url_or_dir,
                                            Durability durability = Durability::full,
                                            const PgSettings& pg = {});

}  // namespace ordo::server
