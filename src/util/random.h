// A small, fast, seedable random generator (SplitMix64) for playouts and test data. Not
// for secrets: seat tokens and the like use the operating system's generator.
#pragma once

#include <cstdint>

namespace common {

// One step of SplitMix64: advances `state` and returns the next value. constexpr, so that
// tables of random keys (Zobrist) can be made at compile time.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() { return splitmix64(state_); }
  // Uniform in [0, n) (Lemire's multiply-shift; the bias below 2^-32 is irrelevant here).
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(
        (static_cast<std::uint64_t>(static_cast<std::uint32_t>(next())) * n) >> 32);
  }

 private:
  std::uint64_t state_;
};

}  // namespace common
