// Polls a condition until it holds or a deadline passes, for a test waiting on another
// thread's progress that offers no notification: the test then fails with a message
// instead of hanging.
#pragma once

#include <chrono>
#include <thread>

namespace ordo::testing {

// Whether `done()` came true within `timeout`.
template <typename Condition>
bool wait_until(Condition done, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= deadline) return done();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

}  // namespace ordo::testing
