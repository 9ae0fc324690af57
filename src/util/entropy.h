// A seed nobody chose, from the operating system: for the lower levels' randomness when no
// seed is given, so that games against them differ from run to run.
#pragma once

#include <cstdint>
#include <random>

namespace common {

inline std::uint64_t entropy_seed() {
  std::random_device device;
  return (std::uint64_t{device()} << 32) ^ device();
}

}  // namespace common
