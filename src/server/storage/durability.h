// When a write counts as done (serve --durability, docs/deployment.md). `full`: on the
// disk before the server answers, so nothing acknowledged is lost to a power cut or a
// kernel crash (SQLite's synchronous=FULL). `fast`: handed to the operating system, not yet
// on the disk: a killed server loses nothing, but a power cut or a kernel crash loses what
// was acknowledged since the last checkpoint (about the last second: the server
// checkpoints every second), and may lose a game created in that time with it.
#pragma once

#include <optional>
#include <string>

namespace ordo::server {

enum class Durability { full, fast };

std::optional<Durability> durability_from(const std::string& name);

}  // namespace ordo::server
