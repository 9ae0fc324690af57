#include "util/stopwatch.h"

#include <time.h>

#include <chrono>

namespace ordo {

Stopwatch::Stopwatch(TimeBasis basis) : basis_(basis), start_ns_(now_ns()) {}

double Stopwatch::elapsed_seconds() const {
  return static_cast<double>(now_ns() - start_ns_) / 1e9;
}

std::int64_t Stopwatch::elapsed_ms() const {
  return (now_ns() - start_ns_) / 1'000'000;
}

std::int64_t Stopwatch::now_ns() const {
  if (basis_ == TimeBasis::ThreadCpu) {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return std::int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
  }
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace ordo
