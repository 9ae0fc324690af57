// The log-in throttle with an injected clock: per name, per address, the sliding window,
// kept in storage (SQLite here, PostgreSQL in the full tier's rerun), so that instances on
// one database share it.
#include "server/players/login_throttle.h"

#include <gtest/gtest.h>

#include <atomic>

#include "server/common/token_digest.h"
#include "server_test_util.h"
#include "support/test_storage.h"

namespace ordo::server {
namespace {

using testing::TempDir;
using testing::TestDatabase;

constexpr LoginLimits kLimits{3, 5, 60'000};

class LoginThrottleTest : public ::testing::Test {
 protected:
  LoginThrottle throttle_on(ServerStorage& storage) {
    return LoginThrottle(storage, kLimits, [this] { return now_.load(); });
  }
  std::atomic<std::int64_t> now_{1'000'000};
  TempDir dir_;
  TestDatabase database_{dir_.file("db.sqlite")};
  std::unique_ptr<ServerStorage> storage_ = database_.open();
  LoginThrottle throttle_ = throttle_on(*storage_);
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

TEST_F(LoginThrottleTest, FailuresCountedByOneInstanceHoldLogInsThroughAnotherAndARestart) {
  auto other_storage = database_.open();  // another instance on the same database
  LoginThrottle other = throttle_on(*other_storage);
  throttle_.failed("alice", "10.0.0.1");
  other.failed("alice", "10.0.0.2");
  throttle_.failed("alice", "10.0.0.3");
  EXPECT_EQ(other.wait_ms("alice", "10.0.0.4"), 60'000);
  storage_.reset();
  auto restarted = database_.open();
  EXPECT_EQ(throttle_on(*restarted).wait_ms("alice", "10.0.0.4"), 60'000);
}

TEST_F(LoginThrottleTest, StorageKeepsDigestsAndForgetsFailuresOutOfTheWindow) {
  throttle_.failed("alice", "10.0.0.1");
  EXPECT_TRUE(storage_->login_failures("alice", 0, 10).empty());
  const std::string alice = token_digest("name:alice");
  EXPECT_EQ(storage_->login_failures(alice, 0, 10), std::vector<std::int64_t>{1'000'000});
  now_ += kLimits.window_ms;
  throttle_.failed("bob", "10.0.0.2");  // sweeps what left every window
  EXPECT_TRUE(storage_->login_failures(alice, 0, 10).empty());
  EXPECT_TRUE(storage_->login_failures(token_digest("address:10.0.0.1"), 0, 10).empty());
}

}  // namespace
}  // namespace ordo::server
