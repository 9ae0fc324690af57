// Names the interface itself gives players, which no account may take, compared by
// skeleton (name_skeleton.h): "Deleted player" (a deleted account's seats), "Guest" and
// "Guest …", "Engine" and "Engine …" ("Engine (level 10)"), "You", and each game's side
// names ("White", "Black", "Order", "Chaos"), the default names of seats.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ordo::server {

// The reserved name `name` would pass for, if any.
std::optional<std::string> reserved_name_like(std::string_view name);

}  // namespace ordo::server
