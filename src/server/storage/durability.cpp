#include "server/storage/durability.h"

namespace ordo::server {

std::optional<Durability> durability_from(const std::string& name) {
  if (name == "full") return Durability::full;
  if (name == "fast") return Durability::fast;
  return std::nullopt;
}

}  // namespace ordo::server
