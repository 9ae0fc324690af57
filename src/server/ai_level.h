// The engine's playing levels 1..10 as search limits. A stand-in until the search team
// provides real levels: depth and a time cap grow with the level. Point this one function
// at the real levels when they exist.
#pragma once

#include "engine/engine.h"

namespace ordo::server {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 10;

// Requires kMinLevel <= level <= kMaxLevel.
GoLimits limits_for_level(int level);

}  // namespace ordo::server
