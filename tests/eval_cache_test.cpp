#include "search/eval_cache.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace ordo {
namespace {

constexpr int kBits = 16;
// Two hashes that share their low bits (the slot) and differ only above them.
constexpr std::uint64_t kHash = 0x0123456789ABCDEFULL;
constexpr std::uint64_t kSameSlotOtherHash = kHash ^ (std::uint64_t{1} << 40);

TEST(EvalCache, GivesBackTheStoredScoreOfTheSameHash) {
  EvalCache cache(kBits);
  EXPECT_FALSE(cache.probe(kHash));
  cache.store(kHash, -1234);
  ASSERT_TRUE(cache.probe(kHash));
  EXPECT_EQ(*cache.probe(kHash), -1234);
  cache.store(kHash, 32767);
  EXPECT_EQ(*cache.probe(kHash), 32767);
}

TEST(EvalCache, AnotherHashInTheSameSlotMissesAndThenReplacesIt) {
  EvalCache cache(kBits);
  cache.store(kHash, 50);
  EXPECT_FALSE(cache.probe(kSameSlotOtherHash));
  cache.store(kSameSlotOtherHash, 60);
  EXPECT_EQ(*cache.probe(kSameSlotOtherHash), 60);
  EXPECT_FALSE(cache.probe(kHash));
}

TEST(EvalCache, HashesDifferingOnlyInTheSlotBitsAreKeptApart) {
  EvalCache cache(kBits);
  const std::uint64_t other = kHash ^ 1;
  cache.store(kHash, 7);
  cache.store(other, 8);
  EXPECT_EQ(*cache.probe(kHash), 7);
  EXPECT_EQ(*cache.probe(other), 8);
}

TEST(EvalCache, ScoresBeyondSixteenBitsAreNotKept) {
  EvalCache cache(kBits);
  cache.store(kHash, 40000);
  EXPECT_FALSE(cache.probe(kHash));
  cache.store(kHash, -40000);
  EXPECT_FALSE(cache.probe(kHash));
}

TEST(EvalCache, ClearForgetsEverything) {
  EvalCache cache(kBits);
  cache.store(kHash, 5);
  cache.clear();
  EXPECT_FALSE(cache.probe(kHash));
}

TEST(EvalCache, FewerSlotsThanTheMinimumAreRaisedToIt) {
  // With fewer slots, bits between the slot's index and the check would go uncompared.
  EvalCache cache(4);
  const std::uint64_t differs_in_bit_10 = kHash ^ (std::uint64_t{1} << 10);
  cache.store(kHash, 5);
  EXPECT_FALSE(cache.probe(differs_in_bit_10));
}

}  // namespace
}  // namespace ordo
