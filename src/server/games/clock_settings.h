// A clock's delay (chess_clock.h), kept in the row's settings beside the game's options
// (the stored row has columns for the clock's time and increment only): a key that is no
// game option, as the dice's and the match's.
#pragma once

#include <cstdint>
#include <string>

namespace ordo::server {

// The longest delay a request may ask for.
inline constexpr std::int64_t kMaxClockDelayMs = 60'000;

std::int64_t clock_delay_of(const std::string& settings);
std::string with_clock_delay(const std::string& settings, std::int64_t delay_ms);
bool is_clock_key(const std::string& key);

}  // namespace ordo::server
