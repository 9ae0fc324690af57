// SIGINT and SIGTERM taken by one thread of a command, so that the command decides what an
// interruption means (the server stops cleanly, a match saves its finished games) instead
// of dying at whatever point a signal happens to land.
#pragma once

#include <signal.h>

#include <atomic>
#include <functional>
#include <thread>

namespace ordo::cli {

// Blocks SIGINT and SIGTERM in the constructing thread, and so in every thread it starts
// afterwards: construct it before the command starts other threads. Then `start` runs
// `on_signal(signal_number)` on a thread of its own for the first of them, until `stop`
// (or the destructor, which then restores the signal mask).
class SignalWatcher {
 public:
  SignalWatcher();
  ~SignalWatcher();
  SignalWatcher(const SignalWatcher&) = delete;
  SignalWatcher& operator=(const SignalWatcher&) = delete;

  void start(std::function<void(int)> on_signal);
  // Ends the watching: when no signal came, wakes that thread; joins it. Call it before
  // anything `on_signal` uses is destroyed.
  void stop();

 private:
  sigset_t set_{};
  sigset_t old_mask_{};
  std::atomic<bool> closing_{false};
  std::atomic<bool> fired_{false};
  std::thread thread_;
};

}  // namespace ordo::cli
