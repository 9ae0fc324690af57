// The clock a search's time limit reads: wall-clock time, or the CPU time of the thread
// that searches.
//
// CPU time is what a player really got: on a machine shared with other work, a match at a
// fixed thinking time (1 s against 5 s, say) stays fair only if each player is stopped
// after the CPU time it was given, however long that took on the wall clock.
#pragma once

#include <cstdint>

namespace ordo {

enum class TimeBasis { Wall, ThreadCpu };

// Time since construction on one basis: a search's move clock, and the command line's
// reports' timing. A ThreadCpu stopwatch counts the CPU time of the thread that reads it,
// so it must be made and read on one thread.
class Stopwatch {
 public:
  explicit Stopwatch(TimeBasis basis = TimeBasis::Wall);
  std::int64_t elapsed_ms() const;
  double elapsed_seconds() const;
  TimeBasis basis() const { return basis_; }

 private:
  std::int64_t now_ns() const;
  TimeBasis basis_;
  std::int64_t start_ns_;
};

}  // namespace ordo
