// Small helpers for aligned, readable reports: grouped numbers, fixed decimals, rates and
// a stopwatch.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace ordo::cli {

std::string grouped(std::uint64_t n);             // 1234567 -> "1,234,567"
std::string fixed(double value, int decimals);    // always with a decimal point
std::string grouped(double value, int decimals);  // 1234567.89 -> "1,234,567.9" (1 decimal)
double per_second(double count, double seconds);  // guarded against a zero time

class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace ordo::cli
