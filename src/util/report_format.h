// Small helpers for aligned, readable reports: grouped numbers, fixed decimals and rates.
// (The reports are timed by Stopwatch, util/stopwatch.h.)
#pragma once

#include <cstdint>
#include <string>

namespace ordo {

std::string grouped(std::uint64_t n);             // 1234567 -> "1,234,567"
std::string fixed(double value, int decimals);    // always with a decimal point
std::string grouped(double value, int decimals);  // 1234567.89 -> "1,234,567.9" (1 decimal)
double per_second(double count, double seconds);  // guarded against a zero time

}  // namespace ordo
