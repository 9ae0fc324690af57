// The clock of a move's thinking time: wall time runs while the thread sleeps, the
// thread's CPU time does not, and a search told to count CPU time stops by it.
#include "util/stopwatch.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "ordo/ai/ordo_search.h"
#include "ordo/ai/uct.h"

namespace ordo {
namespace {

using namespace std::chrono_literals;

TEST(Stopwatch, ThreadCpuTimeDoesNotRunWhileTheThreadSleeps) {
  const Stopwatch wall(TimeBasis::Wall);
  const Stopwatch cpu(TimeBasis::ThreadCpu);
  std::this_thread::sleep_for(120ms);
  EXPECT_GE(wall.elapsed_ms(), 120);
  EXPECT_LT(cpu.elapsed_ms(), 60);  // a sleep costs microseconds of CPU
  EXPECT_EQ(cpu.basis(), TimeBasis::ThreadCpu);
}

TEST(Stopwatch, ThreadCpuTimeRunsWhileTheThreadWorks) {
  // The wall clock starts first and is read last, so that its span holds the CPU clock's.
  const Stopwatch guard(TimeBasis::Wall);
  const Stopwatch cpu(TimeBasis::ThreadCpu);
  volatile std::uint64_t sink = 0;
  while (cpu.elapsed_ms() < 30 && guard.elapsed_ms() < 20'000) sink = sink + 1;
  EXPECT_GE(cpu.elapsed_ms(), 30) << "20 s of wall time gave less than 30 ms of CPU";
  EXPECT_GE(cpu.elapsed_seconds(), 0.030);
  EXPECT_LE(cpu.elapsed_seconds(), guard.elapsed_seconds());
}

// Searches with a CPU-time limit end (the wall-clock guard only catches a search that
// ignores it) and report the time they spent.
TEST(Stopwatch, SearchersStopByTheirThreadsCpuTime) {
  const Position start = Position::start(Variant::Classic, 8, 8);
  const std::atomic<bool> stop{false};
  const Stopwatch wall(TimeBasis::Wall);
  AlphaBeta alphabeta(1, 1);
  const SearchResult ab = alphabeta.search(
      start, {}, SearchLimits{.time_ms = 50, .time_basis = TimeBasis::ThreadCpu}, stop);
  EXPECT_TRUE(ab.best_move.has_value());
  EXPECT_GT(ab.nodes, 0u);
  UctBot bot;
  const UctResult uct =
      bot.think(start, UctLimits{.time_ms = 50, .time_basis = TimeBasis::ThreadCpu}, stop);
  EXPECT_TRUE(uct.best_move.has_value());
  EXPECT_GE(uct.elapsed_ms, 50);
  EXPECT_LT(wall.elapsed_ms(), 20'000);
}

}  // namespace
}  // namespace ordo
