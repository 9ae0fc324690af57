// The log-in throttle with an injected clock: per name, per address, the sliding window.
#include "server/login_throttle.h"

#include <gtest/gtest.h>

#include <atomic>

namespace ordo::server {
namespace {

class LoginThrottleTest : public ::testing::Test {
 protected:
  std::atomic<std::int64_t> now_{1'000'000};
  LoginThrottle throttle_{{3, 5, 60'000}, [this] { return now_.load(); }};
};

TEST_F(LoginThrottleTest, AnAccountIsHeldAfterItsLimitUntilTheOldestFailureLeaves) {
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.1"), 0);
    throttle_.failed("alice", "10.0.0.1");
    now_ += 1000;
  }
  // Failures at 0, 1 and 2 s; now 3 s: the first leaves the window at 60 s.
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.2"), 57'000);
  EXPECT_EQ(throttle_.wait_ms("bob", "10.0.0.2"), 0);
  now_ += 57'000;
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.2"), 0);
}

TEST_F(LoginThrottleTest, AnAddressIsHeldAcrossNames) {
  for (int i = 0; i < 5; ++i) throttle_.failed("name" + std::to_string(i), "10.0.0.1");
  EXPECT_GT(throttle_.wait_ms("someone-else", "10.0.0.1"), 0);
  EXPECT_EQ(throttle_.wait_ms("someone-else", "10.0.0.9"), 0);
}

TEST_F(LoginThrottleTest, SuccessClearsTheAccountButNotTheAddress) {
  for (int i = 0; i < 2; ++i) throttle_.failed("alice", "10.0.0.1");
  throttle_.succeeded("alice");
  for (int i = 0; i < 2; ++i) throttle_.failed("alice", "10.0.0.2");
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.3"), 0);  // 2 of 3 since the success
  for (const char* name : {"x0", "x1", "x2"}) throttle_.failed(name, "10.0.0.1");
  EXPECT_GT(throttle_.wait_ms("y", "10.0.0.1"), 0);  // 2 + 3 failures from the address
}

}  // namespace
}  // namespace ordo::server
