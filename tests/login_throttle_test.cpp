// The log-in throttle with an injected clock: growing delays per name and address, per
// address and per name (known devices excepted), the sliding window, kept in storage
// (SQLite here, PostgreSQL in the full tier's rerun) so that instances on one database
// share it, and kept in memory while storage cannot take it.
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

// Pair: 3 free, then 1, 2, 4, 8 s (cap). Address: 6 free. Name: 4 free, then up to 16 s.
constexpr LoginLimits kLimits{{3, 1000, 8000}, {6, 1000, 60'000}, {4, 1000, 16'000}, 60'000};

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

TEST(DelayRule, FreeFailuresThenADelayThatDoublesUpToItsCap) {
  const DelayRule rule{2, 1000, 5000};
  const std::int64_t last = 10'000;
  auto wait_after = [&](int failures) {
    return delay_after(rule, std::vector<std::int64_t>(failures, last), last);
  };
  EXPECT_EQ(wait_after(0), 0);
  EXPECT_EQ(wait_after(1), 0);
  EXPECT_EQ(wait_after(2), 1000);
  EXPECT_EQ(wait_after(3), 2000);
  EXPECT_EQ(wait_after(4), 4000);
  EXPECT_EQ(wait_after(5), 5000);
  EXPECT_EQ(wait_after(60), 5000);  // no overflow however many
  // Counted from the last failure.
  EXPECT_EQ(delay_after(rule, {1000, 9000}, 9500), 500);
  EXPECT_EQ(delay_after(rule, {1000, 9000}, 12'000), 0);
}

TEST_F(LoginThrottleTest, OneAddressGuessingOneNameWaitsLongerAfterEachFailure) {
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.1"), 0);
    throttle_.failed("alice", "10.0.0.1");
  }
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.1"), 1000);
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.2"), 0);  // another address: its own pair
  EXPECT_EQ(throttle_.wait_ms("bob", "10.0.0.1"), 0);    // another name from the same one
  now_ += 1000;
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.1"), 0);
  throttle_.failed("alice", "10.0.0.1");
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.1"), 2000);
}

TEST_F(LoginThrottleTest, ManyAddressesGuessingANameSlowUnknownDevicesButNeverLockTheOwner) {
  for (int i = 0; i < 40; ++i) throttle_.failed("alice", "10.0.1." + std::to_string(i));
  // An unknown device anywhere waits, at most the name's cap; the owner's device does not.
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.2.1"), 16'000);
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.2.1", /*known_device=*/true), 0);
  now_ += 16'000;
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.2.1"), 0);
}

TEST_F(LoginThrottleTest, AnAddressIsSlowedAcrossNames) {
  for (int i = 0; i < 6; ++i) throttle_.failed("name" + std::to_string(i), "10.0.0.1");
  EXPECT_EQ(throttle_.wait_ms("someone-else", "10.0.0.1", true), 1000);
  EXPECT_EQ(throttle_.wait_ms("someone-else", "10.0.0.9"), 0);
}

TEST_F(LoginThrottleTest, SuccessClearsTheNameAndThePairButNotTheAddress) {
  for (int i = 0; i < 3; ++i) throttle_.failed("alice", "10.0.0.1");
  throttle_.failed("alice", "10.0.0.2");
  throttle_.succeeded("alice", "10.0.0.1");
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.1"), 0);
  for (int i = 0; i < 3; ++i) throttle_.failed("alice", "10.0.0.3");
  // 3 name failures since the success: below its 4 free.
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.4"), 0);
  for (const char* name : {"x0", "x1", "x2"}) throttle_.failed(name, "10.0.0.1");
  EXPECT_EQ(throttle_.wait_ms("y", "10.0.0.1"), 1000);  // 3 + 3 from the address
}

TEST_F(LoginThrottleTest, FailuresCountedByOneInstanceHoldLogInsThroughAnotherAndARestart) {
  auto other_storage = database_.open();  // another instance on the same database
  LoginThrottle other = throttle_on(*other_storage);
  throttle_.failed("alice", "10.0.0.1");
  other.failed("alice", "10.0.0.1");
  throttle_.failed("alice", "10.0.0.1");
  EXPECT_EQ(other.wait_ms("alice", "10.0.0.1"), 1000);
  storage_.reset();
  auto restarted = database_.open();
  EXPECT_EQ(throttle_on(*restarted).wait_ms("alice", "10.0.0.1"), 1000);
}

TEST_F(LoginThrottleTest, FailuresThatStorageCannotTakeAreCountedFromMemory) {
  storage_->refuse_writes(true);
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(throttle_.failed("alice", "10.0.0.1"));
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.1"), 1000);
  storage_->refuse_writes(false);
  EXPECT_TRUE(throttle_.failed("alice", "10.0.0.1"));  // 3 in memory + 1 stored
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.1"), 2000);
  now_ += kLimits.window_ms;
  EXPECT_EQ(throttle_.wait_ms("alice", "10.0.0.1"), 0);
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
